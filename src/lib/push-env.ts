/** What the push client needs from the browser, injectable for tests (src/lib/push.ts). */

/** What the client needs from a socket; the browser's WebSocket has it. */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export interface SocketHandlers {
  open(): void;
  message(data: unknown): void;
  close(code: number, reason: string): void;
}

export type SocketFactory = (url: string, handlers: SocketHandlers) => SocketLike;

export interface PushTimers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

export interface PushEnv {
  createSocket?: SocketFactory;
  location?: { protocol: string; host: string };
  timers?: PushTimers;
  /** In [0, 1), for the reconnect jitter. */
  random?: () => number;
}

type TimerHandle = ReturnType<typeof setTimeout>;

// Looked up on every call, so fake timers installed after import still apply.
export const globalTimers: PushTimers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as TimerHandle),
  setInterval: (fn, ms) => globalThis.setInterval(fn, ms),
  clearInterval: (handle) => globalThis.clearInterval(handle as TimerHandle),
};

export const browserSocket: SocketFactory = (url, handlers) => {
  const socket = new WebSocket(url);
  socket.onopen = () => handlers.open();
  socket.onmessage = (event) => handlers.message(event.data);
  socket.onclose = (event) => handlers.close(event.code, event.reason);
  return socket;
};
