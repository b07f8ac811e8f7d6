import { useCallback, useEffect, useRef, useState } from 'react';
import type { ApiResult, PageData } from '../../lib/api';
import { SONG_PAGE_SIZE, type Song } from './types';

type Fetch = (pageNum: number, pageSize: number, signal?: AbortSignal) => Promise<ApiResult<PageData<Song>>>;

export interface SongListState {
  items: Song[];
  loading: boolean;
  failed: boolean;
  /** Every page is loaded. */
  end: boolean;
  loaded: boolean;
}

/** A paged song list that pushes and actions can change in place (a new task on top, progress, removal). */
export function useSongs(fetchPage: Fetch, enabled: boolean) {
  const [state, setState] = useState<SongListState>({
    items: [],
    loading: false,
    failed: false,
    end: false,
    loaded: false,
  });
  const page = useRef(0);
  const busy = useRef(false);
  const generation = useRef(0);

  const loadMore = useCallback(async () => {
    if (busy.current) return;
    busy.current = true;
    const mine = generation.current;
    setState((s) => ({ ...s, loading: true, failed: false }));
    const result = await fetchPage(page.current + 1, SONG_PAGE_SIZE);
    busy.current = false;
    if (mine !== generation.current) return;
    if (result.kind !== 'reply') {
      setState((s) => ({ ...s, loading: false, failed: true }));
      return;
    }
    page.current += 1;
    const { records, total } = result.data;
    setState((s) => {
      const known = new Set(s.items.map((x) => x.id));
      const items = [...s.items, ...records.filter((x) => !known.has(x.id))];
      return {
        items,
        loading: false,
        failed: false,
        loaded: true,
        end: records.length === 0 || page.current * SONG_PAGE_SIZE >= total,
      };
    });
  }, [fetchPage]);

  const reset = useCallback(() => {
    generation.current += 1;
    busy.current = false;
    page.current = 0;
    setState({ items: [], loading: false, failed: false, end: false, loaded: false });
    void loadMore();
  }, [loadMore]);

  useEffect(() => {
    if (enabled) reset();
  }, [enabled, reset]);

  /** Replaces a song by id, or puts it on top when new. */
  const upsert = useCallback((song: Song) => {
    setState((s) => {
      const at = s.items.findIndex((x) => x.id === song.id);
      if (at < 0) return { ...s, items: [song, ...s.items] };
      const items = [...s.items];
      items[at] = song;
      return { ...s, items };
    });
  }, []);

  const patch = useCallback((id: string, change: Partial<Song>) => {
    setState((s) => ({ ...s, items: s.items.map((x) => (x.id === id ? { ...x, ...change } : x)) }));
  }, []);

  const remove = useCallback((id: string) => {
    setState((s) => ({ ...s, items: s.items.filter((x) => x.id !== id) }));
  }, []);

  return { state, loadMore, reset, upsert, patch, remove };
}
