import { describe, expect, it } from 'vitest';
import type { Runtime } from '../../src/server/runtime';
import { announce, notifiedCache } from '../../src/server/services/notified-cache';

/**
 * A runtime with only what the cache uses: a notifier whose publish reaches every listener of its channel,
 * or (`late`) none yet, as a NOTIFY still on its way back.
 */
function fakeRuntime(late = false) {
  const listeners = new Map<string, Array<() => void>>();
  const notifier = {
    listen: async (channel: string, fn: () => void) => {
      listeners.set(channel, [...(listeners.get(channel) ?? []), fn]);
    },
    publish: async (channel: string) => {
      if (late) return;
      for (const fn of listeners.get(channel) ?? []) fn();
    },
  };
  return { database: { notifier }, log: { warn: () => {} } } as unknown as Runtime;
}

/** The listen call's answer has come back (a few promise turns). */
const listening = () => new Promise<void>((resolve) => setImmediate(resolve));

const counting = () => {
  const loads: string[] = [];
  const load = (key: string) => async () => {
    loads.push(key);
    return `value of ${key}`;
  };
  return { loads, load };
};

/** A cache that listens already (its answers are kept from now on), with a loader that records what it loads. */
async function listeningCache(opts: Partial<Parameters<typeof notifiedCache>[0]> = {}, rt = fakeRuntime()) {
  const cache = notifiedCache({ name: 't', channel: 'c', ttlMs: 60_000, maxEntries: 10, ...opts });
  const { loads, load } = counting();
  await cache.get(rt, 'warm-up', load('warm-up'));
  await listening();
  loads.length = 0;
  return { rt, cache, loads, load };
}

describe('notifiedCache', () => {
  it('keeps answers once listening, and every process drops them on invalidate', async () => {
    const rt = fakeRuntime();
    const cache = notifiedCache({ name: 't', channel: 'c', ttlMs: 60_000, maxEntries: 10 });
    const { loads, load } = counting();
    await cache.get(rt, 'a', load('a'));
    await listening();
    await cache.get(rt, 'a', load('a'));
    await cache.get(rt, 'a', load('a'));
    expect(loads).toEqual(['a']);
    const before = cache.generation(rt);
    await cache.invalidate(rt);
    expect(cache.generation(rt)).toBeGreaterThan(before);
    await cache.get(rt, 'a', load('a'));
    expect(loads).toEqual(['a', 'a']);
  });

  it('past its size drops the least recently used answer only, not the others', async () => {
    const { rt, cache, loads, load } = await listeningCache({ maxEntries: 2 });
    await cache.get(rt, 'a', load('a'));
    await cache.get(rt, 'b', load('b'));
    await cache.get(rt, 'a', load('a')); // a is now the most recently used
    await cache.get(rt, 'c', load('c')); // b goes
    loads.length = 0;
    await cache.get(rt, 'a', load('a'));
    await cache.get(rt, 'c', load('c'));
    expect(loads).toEqual([]);
    await cache.get(rt, 'b', load('b'));
    expect(loads).toEqual(['b']);
  });

  it('keeps an undefined answer like any other', async () => {
    const rt = fakeRuntime();
    const cache = notifiedCache({ name: 't', channel: 'c', ttlMs: 60_000, maxEntries: 2 });
    let loads = 0;
    const load = async () => {
      loads += 1;
      return undefined;
    };
    await cache.get(rt, 'x', load);
    await listening();
    await cache.get(rt, 'x', load);
    await cache.get(rt, 'x', load);
    expect(loads).toBe(1);
  });

  it("drops this process's caches of a channel at once on announce, the other bundle's copy too, and no other channel's", async () => {
    const rt = fakeRuntime(true);
    // The server's bundle and the pages' bundle each make their own instance of a module's cache.
    const caches = [
      await listeningCache({ channel: 'announced' }, rt),
      await listeningCache({ channel: 'announced' }, rt),
      await listeningCache({ channel: 'quiet' }, rt),
    ];
    const loadEach = () => Promise.all(caches.map(({ cache, load }, i) => cache.get(rt, 'k', load(`cache ${i}`))));
    await loadEach();
    await announce(rt, 'announced', 'test');
    await loadEach();
    expect(caches.map(({ loads }) => loads)).toEqual([['cache 0', 'cache 0'], ['cache 1', 'cache 1'], ['cache 2']]);
  });

  it('keeps only the answers `keep` accepts', async () => {
    const { rt, cache, loads, load } = await listeningCache();
    const keep = (value: string) => !value.endsWith('unknown');
    for (let i = 0; i < 2; i++) {
      await cache.get(rt, 'known', load('known'), keep);
      await cache.get(rt, 'unknown', load('unknown'), keep);
    }
    expect(loads).toEqual(['known', 'unknown', 'unknown']);
  });

  it('weighs answers when given a bound in bytes: the least recently used go past it, a heavier one is not kept', async () => {
    const weight = (value: unknown) => (value === 'value of huge' ? 11 : 4);
    const { rt, cache, loads, load } = await listeningCache({ maxBytes: { total: 10, sizeOf: weight } });
    for (const key of ['a', 'b', 'c', 'huge']) await cache.get(rt, key, load(key)); // c makes 12 bytes: a goes
    loads.length = 0;
    for (const key of ['c', 'b', 'huge', 'a']) await cache.get(rt, key, load(key));
    expect(loads).toEqual(['huge', 'a']);
  });
});
