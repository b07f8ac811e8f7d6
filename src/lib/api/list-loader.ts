import { atom, type ReadableAtom } from 'nanostores';
import type { Page } from '../../shared/contract/common';

/** The paged reply shape of docs/api.md (`records, current, total, size`), shared with the server. */
export type PageData<T> = Page<T>;

export interface PageRequest {
  pageNum: number;
  pageSize: number;
  /** Aborted when a reset makes this page obsolete. */
  signal: AbortSignal;
}

/** Resolves with the page or rejects (e.g. through `unwrap`) on any failure. */
export type PageFetcher<T> = (request: PageRequest) => Promise<PageData<T>>;

export interface ListState<T> {
  items: T[];
  /** Last page loaded, 0 before the first. */
  pageNum: number;
  pageSize: number;
  total: number;
  loading: boolean;
  lastPage: boolean;
  /** The last load failed; scrolling stays quiet until `retry()`. */
  error: boolean;
}

export interface ListLoader<T> {
  $state: ReadableAtom<ListState<T>>;
  /** Loads the next page unless one is loading, the last was reached, or the last load failed. */
  loadNext(): Promise<void>;
  /** Starts over from page 1 (a new search), discarding any page in flight. */
  reset(): Promise<void>;
  /** Clears a failure and loads the page that failed. */
  retry(): Promise<void>;
}

export interface ListLoaderOptions<T> {
  pageSize: number;
  fetchPage: PageFetcher<T>;
  /** Page 1 of `pageSize`, already fetched (by the server, with the HTML): the list starts with it, loadNext asks for page 2. */
  initialPage?: PageData<T>;
  /** List-load failures are only logged (docs/reply-codes.md). */
  logError?: (message: string, error: unknown) => void;
}

/**
 * True when no page follows. An empty page also ends the list, so a server
 * whose `total` disagrees with its records cannot make scrolling load forever.
 */
export function isLastPage(page: Pick<PageData<unknown>, 'records' | 'total' | 'size' | 'current'>): boolean {
  const size = Number(page.size);
  const current = Number(page.current);
  const total = Number(page.total);
  if (page.records.length === 0 || !(size > 0) || !(current > 0)) return true;
  return current * size >= total;
}

function initialState<T>(pageSize: number): ListState<T> {
  return { items: [], pageNum: 0, pageSize, total: 0, loading: false, lastPage: false, error: false };
}

function seededState<T>(pageSize: number, page: PageData<T>): ListState<T> {
  return {
    ...initialState<T>(pageSize),
    items: page.records,
    pageNum: 1,
    total: Number(page.total) || 0,
    lastPage: isLastPage(page),
  };
}

/** Infinite scroll: the next page loads at the bottom unless loading or at the last page (docs/state-machines.md). */
export function createListLoader<T>(options: ListLoaderOptions<T>): ListLoader<T> {
  const { pageSize, fetchPage } = options;
  const logError = options.logError ?? ((message, error) => console.error(message, error));
  const $state = atom<ListState<T>>(
    options.initialPage ? seededState(pageSize, options.initialPage) : initialState(pageSize),
  );
  // Each reset starts a new generation; answers from an older one are dropped.
  let generation = 0;
  let inFlight: AbortController | undefined;

  async function load(): Promise<void> {
    const state = $state.get();
    if (state.loading || state.lastPage || state.error) return;
    const mine = generation;
    const controller = new AbortController();
    inFlight = controller;
    const pageNum = state.pageNum + 1;
    $state.set({ ...state, loading: true });
    try {
      const page = await fetchPage({ pageNum, pageSize, signal: controller.signal });
      if (mine !== generation) return;
      const current = $state.get();
      $state.set({
        ...current,
        items: [...current.items, ...page.records],
        pageNum,
        total: Number(page.total) || 0,
        loading: false,
        lastPage: isLastPage(page),
      });
    } catch (error) {
      if (mine !== generation) return;
      logError(`List page ${pageNum} failed to load`, error);
      $state.set({ ...$state.get(), loading: false, error: true });
    } finally {
      if (inFlight === controller) inFlight = undefined;
    }
  }

  return {
    $state,
    loadNext: load,
    reset() {
      generation += 1;
      inFlight?.abort();
      inFlight = undefined;
      $state.set(initialState(pageSize));
      return load();
    },
    retry() {
      const state = $state.get();
      if (!state.error) return Promise.resolve();
      $state.set({ ...state, error: false });
      return load();
    },
  };
}
