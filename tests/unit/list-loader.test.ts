import { describe, expect, it, vi } from 'vitest';
import { createListLoader, isLastPage, type PageData, type PageRequest } from '../../src/lib/api/list-loader';

interface Picture {
  id: number;
}

/** A server holding `total` pictures, answering pages it is told to, one call at a time. */
function fakeServer(total: number) {
  const requests: PageRequest[] = [];
  const pending: { resolve: (page: PageData<Picture>) => void; reject: (error: Error) => void }[] = [];
  const fetchPage = (request: PageRequest) => {
    requests.push(request);
    return new Promise<PageData<Picture>>((resolve, reject) => pending.push({ resolve, reject }));
  };
  const page = (request: PageRequest): PageData<Picture> => {
    const start = (request.pageNum - 1) * request.pageSize;
    const records = Array.from({ length: Math.max(0, Math.min(request.pageSize, total - start)) }, (_, i) => ({
      id: start + i + 1,
    }));
    return { records, total, size: request.pageSize, current: request.pageNum };
  };
  return {
    requests,
    fetchPage,
    /** Answers the oldest unanswered call. */
    async answer() {
      const index = requests.length - pending.length;
      const request = requests[index];
      const next = pending.shift();
      if (!request || !next) throw new Error('no call to answer');
      next.resolve(page(request));
      await Promise.resolve();
    },
    async fail(error = new Error('HTTP 500')) {
      const next = pending.shift();
      if (!next) throw new Error('no call to fail');
      next.reject(error);
      await Promise.resolve();
    },
  };
}

describe('isLastPage', () => {
  it('detects the last page from total, size and current', () => {
    expect(isLastPage({ records: [1], total: 61, size: 30, current: 2 })).toBe(false);
    expect(isLastPage({ records: [1], total: 61, size: 30, current: 3 })).toBe(true);
    expect(isLastPage({ records: [1], total: 60, size: 30, current: 2 })).toBe(true);
  });

  it('ends on an empty page or nonsense sizes so scrolling cannot spin', () => {
    expect(isLastPage({ records: [], total: 100, size: 30, current: 1 })).toBe(true);
    expect(isLastPage({ records: [1], total: 100, size: 0, current: 1 })).toBe(true);
  });
});

describe('createListLoader', () => {
  it('loads page after page until the last one, then stops', async () => {
    const server = fakeServer(65);
    const list = createListLoader({ pageSize: 30, fetchPage: server.fetchPage });
    for (let page = 1; page <= 3; page++) {
      const loading = list.loadNext();
      expect(list.$state.get().loading).toBe(true);
      await server.answer();
      await loading;
    }
    const state = list.$state.get();
    expect(server.requests.map((r) => [r.pageNum, r.pageSize])).toEqual([
      [1, 30],
      [2, 30],
      [3, 30],
    ]);
    expect(state).toMatchObject({ pageNum: 3, total: 65, loading: false, lastPage: true, error: false });
    expect(state.items).toHaveLength(65);
    expect(state.items.at(-1)).toEqual({ id: 65 });
    await list.loadNext();
    expect(server.requests).toHaveLength(3);
  });

  it('ignores loadNext while a page is loading', async () => {
    const server = fakeServer(100);
    const list = createListLoader({ pageSize: 30, fetchPage: server.fetchPage });
    const first = list.loadNext();
    void list.loadNext();
    void list.loadNext();
    expect(server.requests).toHaveLength(1);
    await server.answer();
    await first;
    expect(list.$state.get().items).toHaveLength(30);
  });

  it('reset starts over from page 1 and drops the answer of the old search', async () => {
    const server = fakeServer(100);
    const list = createListLoader({ pageSize: 30, fetchPage: server.fetchPage });
    const first = list.loadNext();
    await server.answer();
    await first;
    const stale = list.loadNext(); // page 2 of the old search, still in flight
    const fresh = list.reset();
    expect(server.requests[1]?.signal.aborted).toBe(true);
    expect(server.requests[2]?.pageNum).toBe(1);
    await server.answer(); // the old page 2 arrives late
    await stale;
    expect(list.$state.get()).toMatchObject({ items: [], pageNum: 0, loading: true });
    await server.answer();
    await fresh;
    expect(list.$state.get()).toMatchObject({ pageNum: 1, loading: false });
    expect(list.$state.get().items.map((p) => p.id)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
  });

  it('logs a failure, stays quiet while failed, and retries the same page', async () => {
    const server = fakeServer(100);
    const logError = vi.fn();
    const list = createListLoader({ pageSize: 30, fetchPage: server.fetchPage, logError });
    const first = list.loadNext();
    await server.fail();
    await first;
    expect(list.$state.get()).toMatchObject({ error: true, loading: false, pageNum: 0 });
    expect(logError).toHaveBeenCalledWith('List page 1 failed to load', expect.any(Error));
    await list.loadNext();
    expect(server.requests).toHaveLength(1);

    const retried = list.retry();
    expect(list.$state.get().error).toBe(false);
    await server.answer();
    await retried;
    expect(server.requests.map((r) => r.pageNum)).toEqual([1, 1]);
    expect(list.$state.get()).toMatchObject({ error: false, pageNum: 1 });
  });

  it('starts from a seeded page 1 without a request, then loads page 2', async () => {
    const server = fakeServer(65);
    const records = Array.from({ length: 30 }, (_, i) => ({ id: i + 1 }));
    const list = createListLoader({
      pageSize: 30,
      fetchPage: server.fetchPage,
      initialPage: { records, total: 65, size: 30, current: 1 },
    });
    expect(list.$state.get()).toMatchObject({ pageNum: 1, total: 65, loading: false, lastPage: false, error: false });
    expect(list.$state.get().items).toHaveLength(30);
    expect(server.requests).toHaveLength(0);
    const next = list.loadNext();
    await server.answer();
    await next;
    expect(server.requests.map((r) => r.pageNum)).toEqual([2]);
    expect(list.$state.get().items.map((p) => p.id)).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
  });

  it('a seeded last or empty page 1 ends the list; reset forgets the seed', async () => {
    const server = fakeServer(3);
    const short = createListLoader({
      pageSize: 30,
      fetchPage: server.fetchPage,
      initialPage: { records: [{ id: 1 }, { id: 2 }, { id: 3 }], total: 3, size: 30, current: 1 },
    });
    expect(short.$state.get()).toMatchObject({ pageNum: 1, lastPage: true });
    await short.loadNext();
    expect(server.requests).toHaveLength(0);
    const empty = createListLoader<Picture>({
      pageSize: 30,
      fetchPage: server.fetchPage,
      initialPage: { records: [], total: 0, size: 30, current: 1 },
    });
    expect(empty.$state.get()).toMatchObject({ items: [], pageNum: 1, lastPage: true });

    const again = short.reset();
    expect(short.$state.get()).toMatchObject({ items: [], pageNum: 0, loading: true });
    await server.answer();
    await again;
    expect(server.requests.map((r) => r.pageNum)).toEqual([1]);
    expect(short.$state.get()).toMatchObject({ pageNum: 1, lastPage: true });
  });

  it('logs through console.error by default', async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    const list = createListLoader<Picture>({ pageSize: 10, fetchPage: () => Promise.reject(new Error('down')) });
    await list.loadNext();
    expect(spy).toHaveBeenCalledOnce();
    spy.mockRestore();
  });
});
