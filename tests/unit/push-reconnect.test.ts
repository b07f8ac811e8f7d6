import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reconnectDelay } from '../../src/lib/push';
import { SocketClose } from '../../src/shared/codes';
import { pushHarness } from './support/fake-socket';

let push: ReturnType<typeof pushHarness>;

beforeEach(() => {
  vi.useFakeTimers();
  push = pushHarness();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('push reconnect', () => {
  it('backs off from 1 s doubling to 30 s, and starts over after a successful open', () => {
    push.open();
    const delays: number[] = [];
    for (let i = 0; i < 7; i++) {
      const before = push.sockets.length;
      push.last().serverCloses(1006);
      const delay = push.closes.at(-1)?.reconnectInMs ?? -1;
      delays.push(delay);
      vi.advanceTimersByTime(delay - 1);
      expect(push.sockets).toHaveLength(before);
      vi.advanceTimersByTime(1);
      expect(push.sockets).toHaveLength(before + 1);
    }
    expect(delays).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000]);
    push.last().serverOpens();
    push.last().serverCloses(SocketClose.SHUTDOWN, 'server shutting down');
    expect(push.closes.at(-1)).toEqual({ code: 1001, reason: 'server shutting down', reconnectInMs: 1_000 });
  });

  it('shortens delays by up to 20 % of jitter', () => {
    expect(reconnectDelay(0, () => 0.5)).toBe(900);
    for (let attempt = 0; attempt < 12; attempt++) {
      const delay = reconnectDelay(attempt);
      const base = Math.min(30_000, 1_000 * 2 ** attempt);
      expect(delay).toBeGreaterThanOrEqual(base * 0.8);
      expect(delay).toBeLessThanOrEqual(base);
    }
  });

  it.each([SocketClose.FORBIDDEN, SocketClose.BAD_REQUEST, 1000])('does not reconnect after close code %i', (code) => {
    push.open();
    push.last().serverOpens();
    push.last().serverCloses(code, 'refused');
    expect(push.closes).toEqual([{ code, reason: 'refused', reconnectInMs: null }]);
    vi.advanceTimersByTime(120_000);
    expect(push.sockets).toHaveLength(1);
  });

  it('does not reconnect after close(), even when the close event follows', () => {
    const connection = push.open();
    push.last().serverOpens();
    connection.close();
    expect(push.last().closedWith).toEqual({ code: 1000, reason: 'closed by client' });
    push.last().serverCloses(1006);
    vi.advanceTimersByTime(120_000);
    expect(push.sockets).toHaveLength(1);
    expect(push.closes).toEqual([]);
  });

  it('cancels a pending reconnect when closed while waiting', () => {
    const connection = push.open();
    push.last().serverCloses(1006);
    connection.close();
    vi.advanceTimersByTime(120_000);
    expect(push.sockets).toHaveLength(1);
  });

  it('ignores events from a socket it has replaced', () => {
    push.open();
    const old = push.last();
    old.serverCloses(1006);
    vi.advanceTimersByTime(1_000);
    old.serverSends('{"code":1000000}');
    old.serverCloses(1006);
    expect(push.messages).toEqual([]);
    expect(push.closes).toHaveLength(1);
  });

  it('retries when the socket cannot even be created', () => {
    let failures = 1;
    const inner = push.env().createSocket;
    push.open({
      createSocket: (url, handlers) => {
        if (failures-- > 0) throw new SyntaxError('bad URL');
        if (!inner) throw new Error('unreachable');
        return inner(url, handlers);
      },
    });
    expect(push.sockets).toHaveLength(0);
    expect(push.closes).toEqual([{ code: 1006, reason: 'socket could not be created', reconnectInMs: 1_000 }]);
    vi.advanceTimersByTime(1_000);
    expect(push.sockets).toHaveLength(1);
  });
});
