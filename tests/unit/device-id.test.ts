import { afterEach, describe, expect, it } from 'vitest';
import { deviceHeader, deviceId } from '../../src/lib/api/device-id';

function fakeStorage(initial: Record<string, string> = {}, failing = false) {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (k: string) => {
      if (failing) throw new Error('denied');
      return data.get(k) ?? null;
    },
    setItem: (k: string, v: string) => void data.set(k, v),
    data,
  };
}
const g = globalThis as { localStorage?: unknown };
afterEach(() => {
  delete g.localStorage;
});

describe('device id', () => {
  it('is made once, kept, and sent as X-Device-Id', () => {
    const store = fakeStorage();
    g.localStorage = store;
    const id = deviceId();
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(deviceId()).toBe(id);
    expect(store.data.get('miaobi:device-id')).toBe(id);
    expect(deviceHeader()).toEqual({ 'X-Device-Id': id });
  });

  it('replaces a tampered value and sends nothing without storage', () => {
    g.localStorage = fakeStorage({ 'miaobi:device-id': 'x\u0000y' });
    expect(deviceId()).toMatch(/^[0-9a-f]{32}$/);
    g.localStorage = fakeStorage({}, true);
    expect(deviceHeader()).toEqual({});
    delete g.localStorage;
    expect(deviceId()).toBeUndefined();
  });
});
