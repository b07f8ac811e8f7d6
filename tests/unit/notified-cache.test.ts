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
    const rt = fakeRuntime();
    const cache = notifiedCache({ name: 't', channel: 'c', ttlMs: 60_000, maxEntries: 2 });
    const { loads, load } = counting();
    await cache.get(rt, 'warm-up', load('warm-up'));
    await listening();
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
    const server = notifiedCache({ name: 't', channel: 'announced', ttlMs: 60_000, maxEntries: 10 });
    const pages = notifiedCache({ name: 't', channel: 'announced', ttlMs: 60_000, maxEntries: 10 });
    const other = notifiedCache({ name: 't', channel: 'quiet', ttlMs: 60_000, maxEntries: 10 });
    const { loads, load } = counting();
    for (const cache of [server, pages, other]) await cache.get(rt, 'warm-up', load('warm-up'));
    await listening();
    for (const [name, cache] of [
      ['server', server],
      ['pages', pages],
      ['other', other],
    ] as const)
      await cache.get(rt, name, load(name));
    loads.length = 0;
    await announce(rt, 'announced', 'test');
    for (const [name, cache] of [
      ['server', server],
      ['pages', pages],
      ['other', other],
    ] as const)
      await cache.get(rt, name, load(name));
    expect(loads).toEqual(['server', 'pages']);
  });

  it('keeps only the answers `keep` accepts', async () => {
    const rt = fakeRuntime();
    const cache = notifiedCache({ name: 't', channel: 'c', ttlMs: 60_000, maxEntries: 10 });
    const { loads, load } = counting();
    await cache.get(rt, 'warm-up', load('warm-up'));
    await listening();
    const keep = (value: string) => !value.endsWith('unknown');
    for (let i = 0; i < 2; i++) {
      await cache.get(rt, 'known', load('known'), keep);
      await cache.get(rt, 'unknown', load('unknown'), keep);
    }
    expect(loads).toEqual(['warm-up', 'known', 'unknown', 'unknown']);
  });

  it('weighs answers when given a bound in bytes: the least recently used go past it, a heavier one is not kept', async () => {
    const rt = fakeRuntime();
    const cache = notifiedCache({
      name: 't',
      channel: 'c',
      ttlMs: 60_000,
      maxEntries: 100,
      maxBytes: { total: 10, sizeOf: (value) => String(value).length },
    });
    const loads: string[] = [];
    const load = (value: string) => async () => {
      loads.push(value);
      return value;
    };
    await cache.get(rt, 'warm-up', load('w'));
    await listening();
    await cache.get(rt, 'a', load('aaaa'));
    await cache.get(rt, 'b', load('bbbb'));
    await cache.get(rt, 'c', load('cccc')); // 12 bytes: 'a' goes
    await cache.get(rt, 'huge', load('h'.repeat(11)));
    loads.length = 0;
    const asked = [
      ['c', 'cccc'],
      ['b', 'bbbb'],
      ['huge', 'h'.repeat(11)],
      ['a', 'aaaa'],
    ] as const;
    for (const [key, value] of asked) await cache.get(rt, key, load(value));
    expect(loads).toEqual(['h'.repeat(11), 'aaaa']);
  });
});
