import { describe, expect, it } from 'vitest';
import { createExpiringStorage, DEFAULT_EXPIRE_SECONDS, type StorageLike } from '../../src/lib/storage';

/** A Map behind the Web Storage API, so tests can see and corrupt raw entries. */
function memoryStorage(): StorageLike & { raw: Map<string, string> } {
  const raw = new Map<string, string>();
  return {
    raw,
    getItem: (key) => raw.get(key) ?? null,
    setItem: (key, value) => void raw.set(key, value),
    removeItem: (key) => void raw.delete(key),
    clear: () => raw.clear(),
  };
}

function setup(start = 1_700_000_000_000) {
  const storage = memoryStorage();
  const clock = { now: start };
  const ls = createExpiringStorage({ storage: () => storage, now: () => clock.now });
  return { storage, clock, ls };
}

describe('expiring local storage', () => {
  it('round-trips values as {data, expire} JSON, without expiry by default', () => {
    const { storage, clock, ls } = setup();
    expect(ls.set('draw', { steps: 20, ratio: '1:1' })).toBe(true);
    expect(JSON.parse(storage.raw.get('draw') ?? '')).toEqual({ data: { steps: 20, ratio: '1:1' }, expire: null });
    clock.now += 10 * 365 * 24 * 3600 * 1000;
    expect(ls.get('draw')).toEqual({ steps: 20, ratio: '1:1' });
  });

  it('returns null for a missing key', () => {
    expect(setup().ls.get('nothing')).toBeNull();
  });

  it('expires entries after their lifetime and removes them', () => {
    const { storage, clock, ls } = setup();
    ls.set('code', 'abc', 60);
    expect(JSON.parse(storage.raw.get('code') ?? '').expire).toBe(clock.now + 60_000);
    clock.now += 59_999;
    expect(ls.get('code')).toBe('abc');
    clock.now += 1;
    expect(ls.get('code')).toBeNull();
    expect(storage.raw.has('code')).toBe(false);
  });

  it('exports the default lifetime of seven days', () => {
    expect(DEFAULT_EXPIRE_SECONDS).toBe(7 * 24 * 60 * 60);
    const { clock, ls } = setup();
    ls.set('k', 1, DEFAULT_EXPIRE_SECONDS);
    clock.now += DEFAULT_EXPIRE_SECONDS * 1000 - 1;
    expect(ls.get('k')).toBe(1);
    clock.now += 1;
    expect(ls.get('k')).toBeNull();
  });

  it('keeps falsy data distinct from a missing entry', () => {
    const { ls } = setup();
    ls.set('zero', 0);
    ls.set('no', false);
    expect(ls.get('zero')).toBe(0);
    expect(ls.get('no')).toBe(false);
  });

  it('tolerates corrupt or foreign entries', () => {
    const { storage, ls } = setup();
    storage.raw.set('broken', '{"data": ');
    storage.raw.set('plain', 'hello');
    storage.raw.set('foreign', JSON.stringify({ value: 1 }));
    storage.raw.set('badExpire', JSON.stringify({ data: 1, expire: 'tomorrow' }));
    for (const key of ['broken', 'plain', 'foreign', 'badExpire']) expect(ls.get(key)).toBeNull();
  });

  it('removes one key and clears all', () => {
    const { storage, ls } = setup();
    ls.set('a', 1);
    ls.set('b', 2);
    ls.remove('a');
    expect(ls.get('a')).toBeNull();
    expect(ls.get('b')).toBe(2);
    ls.clear();
    expect(storage.raw.size).toBe(0);
  });

  it('rejects a non-finite lifetime instead of storing an entry that never expires', () => {
    expect(() => setup().ls.set('k', 1, Number.NaN)).toThrow(RangeError);
  });

  it('is inert without storage (SSR) and reports a full storage', () => {
    const none = createExpiringStorage({ storage: () => undefined });
    expect(none.set('k', 1)).toBe(false);
    expect(none.get('k')).toBeNull();
    expect(() => none.remove('k')).not.toThrow();

    const full = memoryStorage();
    full.setItem = () => {
      throw new DOMException('quota', 'QuotaExceededError');
    };
    expect(createExpiringStorage({ storage: () => full }).set('k', 1)).toBe(false);
  });
});
