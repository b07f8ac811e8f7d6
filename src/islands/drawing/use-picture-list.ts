import { useStore } from '@nanostores/react';
import { atom } from 'nanostores';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { type ApiResult, createListLoader, type ListState, type PageData, unwrap } from '../../lib/api';
import type { ListQuery } from './draw-api';

/** Pictures deleted on this page: one state, so every list showing one (my works, the public tab) drops it at once. */
const $removed = atom<ReadonlySet<string>>(new Set());

/** Draw lists load 30 a page (docs/routes-and-screens.md). */
export const DRAW_PAGE_SIZE = 30;

export interface PictureList<T> {
  items: T[];
  state: ListState<T>;
  /** Attach to an element at the end of the list: it loads the next page when scrolled into view. */
  sentinel: (el: HTMLElement | null) => void;
  /** Puts a new picture first (a drawing just finished). */
  prepend(item: T): void;
  remove(id: string): void;
  reload(): void;
  retry(): void;
}

/**
 * One infinitely scrolled list (docs/state-machines.md: the next page loads at the bottom
 * unless the last page was reached or a load is running). Loads its first
 * page when `active` first becomes true, unless the page brought it (`initialPage`).
 */
export function usePictureList<T extends { id: string }>(
  fetchPage: (q: ListQuery) => Promise<ApiResult<PageData<T>>>,
  active: boolean,
  initialPage?: PageData<T> | null,
): PictureList<T> {
  const fetchRef = useRef(fetchPage);
  fetchRef.current = fetchPage;
  // Made once: a later `initialPage` does not restart the list.
  const [loader] = useState(() =>
    createListLoader<T>({
      pageSize: DRAW_PAGE_SIZE,
      fetchPage: async ({ pageNum, pageSize, signal }): Promise<PageData<T>> => {
        // Pages after the first continue from the last item loaded (keyset paging where the list supports it).
        const cursor: string | undefined = pageNum > 1 ? loader.$state.get().items.at(-1)?.id : undefined;
        return unwrap(await fetchRef.current({ pageNum, pageSize, signal, cursor }));
      },
      initialPage: initialPage ?? undefined,
    }),
  );
  const state = useStore(loader.$state);
  const [extra, setExtra] = useState<T[]>([]);
  const removed = useStore($removed);
  const started = useRef(Boolean(initialPage));
  const observer = useRef<IntersectionObserver | null>(null);

  useEffect(() => {
    if (active && !started.current) {
      started.current = true;
      void loader.reset();
    }
  }, [active, loader]);
  useEffect(() => () => observer.current?.disconnect(), []);

  const sentinel = useCallback(
    (el: HTMLElement | null) => {
      observer.current?.disconnect();
      observer.current = null;
      if (!el) return;
      observer.current = new IntersectionObserver(
        (entries) => {
          if (entries.some((e) => e.isIntersecting) && loader.$state.get().pageNum > 0) void loader.loadNext();
        },
        { rootMargin: '400px' },
      );
      observer.current.observe(el);
    },
    [loader],
  );

  const items = useMemo(() => {
    const seen = new Set<string>();
    return [...extra, ...state.items].filter((item) => {
      if (seen.has(item.id) || removed.has(item.id)) return false;
      seen.add(item.id);
      return true;
    });
  }, [extra, state.items, removed]);

  return {
    items,
    state,
    sentinel,
    prepend: useCallback((item: T) => setExtra((list) => [item, ...list.filter((x) => x.id !== item.id)]), []),
    remove: useCallback((id: string) => $removed.set(new Set([...$removed.get(), id])), []),
    reload: useCallback(() => {
      setExtra([]);
      started.current = true;
      void loader.reset();
    }, [loader]),
    retry: useCallback(() => void loader.retry(), [loader]),
  };
}
