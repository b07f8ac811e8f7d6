import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openPush, pushUrl } from '../../src/lib/push';
import { pushHarness } from './support/fake-socket';

let push: ReturnType<typeof pushHarness>;

beforeEach(() => {
  vi.useFakeTimers();
  push = pushHarness();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('push URL', () => {
  it('uses wss on https, ws on http, and adds the token only when given', () => {
    expect(pushUrl({ protocol: 'https:', host: 'a.cn' }, 'T1', 'x y')).toBe(
      'wss://a.cn/websocket/callback?taskId=T1&token=x+y',
    );
    expect(pushUrl({ protocol: 'http:', host: 'localhost:4321' }, 'T1')).toBe(
      'ws://localhost:4321/websocket/callback?taskId=T1',
    );
    push.open();
    expect(push.last().url).toBe('wss://miaobi.example:8443/websocket/callback?taskId=ORDER_1&token=tok');
  });
});

describe('messages and heartbeat', () => {
  it('passes JSON pushes on and ignores pong and other text', () => {
    push.open();
    const socket = push.last();
    socket.serverOpens();
    socket.serverSends('{"code":100000502}');
    socket.serverSends('pong');
    socket.serverSends('[1,2]');
    socket.serverSends('{"no":"code"}');
    socket.serverSends(new ArrayBuffer(2));
    socket.serverSends(JSON.stringify({ code: 1000000, data: { orderStatus: 1, orderDesc: 'VIP' } }));
    expect(push.messages).toEqual([{ code: 100000502 }, { code: 1000000, data: { orderStatus: 1, orderDesc: 'VIP' } }]);
  });

  it('sends the text heartbeat every 10 s while open, and stops on close()', () => {
    const connection = push.open();
    const socket = push.last();
    vi.advanceTimersByTime(30_000);
    expect(socket.sent).toEqual([]);
    socket.serverOpens();
    vi.advanceTimersByTime(9_999);
    expect(socket.sent).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(socket.sent).toEqual(['ping']);
    vi.advanceTimersByTime(20_000);
    expect(socket.sent).toEqual(['ping', 'ping', 'ping']);
    connection.close();
    vi.advanceTimersByTime(60_000);
    expect(socket.sent).toHaveLength(3);
  });

  it('stops the heartbeat of a socket the server closed', () => {
    push.open();
    const socket = push.last();
    socket.serverOpens();
    socket.serverCloses(4403);
    vi.advanceTimersByTime(60_000);
    expect(socket.sent).toEqual([]);
  });

  it('calls onOpen on each connection', () => {
    const onOpen = vi.fn();
    openPush({ taskId: 'T', onMessage: () => {}, onOpen, env: push.env() });
    push.last().serverOpens();
    push.last().serverCloses(1006);
    vi.advanceTimersByTime(1_000);
    push.last().serverOpens();
    expect(onOpen).toHaveBeenCalledTimes(2);
  });

  it('uses injected timers when given', () => {
    const intervals: number[] = [];
    push.open({
      timers: {
        setTimeout: () => 0,
        clearTimeout: () => {},
        setInterval: (_fn, ms) => intervals.push(ms),
        clearInterval: () => {},
      },
    });
    push.last().serverOpens();
    expect(intervals).toEqual([10_000]);
  });
});
