import { SocketClose } from '../shared/codes';
import { browserSocket, globalTimers, type PushEnv, type SocketLike } from './push-env';

export type { PushEnv, PushTimers, SocketFactory, SocketHandlers, SocketLike } from './push-env';

/** Text heartbeat every 10 s; the server answers `pong` (docs/api.md, docs/validation-and-limits.md). */
export const HEARTBEAT_MS = 10_000;
export const HEARTBEAT_TEXT = 'ping';
export const RECONNECT_BASE_MS = 1_000;
export const RECONNECT_MAX_MS = 30_000;
/** Up to 20 % shorter, so sockets dropped together by a restart do not return together. */
const JITTER = 0.2;
const OPEN = 1;

/**
 * Closes after which reconnecting is pointless: the server finished normally,
 * or refused the request (bad task id, not the owner) and would refuse again.
 */
const FINAL_CLOSE_CODES: ReadonlySet<number> = new Set([1000, SocketClose.BAD_REQUEST, SocketClose.FORBIDDEN]);

/** Every push carries a `code`; the rest depends on the kind (order, drawing, QR login). */
export interface PushMessage {
  code: number;
  [field: string]: unknown;
}

export interface CloseInfo {
  code: number;
  reason: string;
  /** Delay before the next attempt, or null when this was final. */
  reconnectInMs: number | null;
}

export interface PushOptions {
  /** Order number, drawing task id or QR-login socket key. */
  taskId: string;
  token?: string;
  onMessage: (message: PushMessage) => void;
  onOpen?: () => void;
  /** Not called after the caller's own `close()`. */
  onClose?: (info: CloseInfo) => void;
  env?: PushEnv;
}

export interface PushConnection {
  /** Closes for good: no reconnect, no more callbacks. */
  close(): void;
}

export function pushUrl(location: { protocol: string; host: string }, taskId: string, token?: string): string {
  const params = new URLSearchParams({ taskId });
  if (token) params.set('token', token);
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${location.host}/websocket/callback?${params}`;
}

/** Exponential backoff: 1 s, 2 s, 4 s … capped at 30 s, minus up to 20 % jitter. */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** attempt);
  return Math.round(base * (1 - JITTER * random()));
}

/** JSON objects with a numeric code; `pong` and anything else is ignored. */
export function parsePush(data: unknown): PushMessage | null {
  if (typeof data !== 'string') return null;
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  return typeof (value as { code?: unknown }).code === 'number' ? (value as PushMessage) : null;
}

/** Opens the push socket (docs/api.md) and keeps it open until `close()` or a final close code. */
export function openPush(options: PushOptions): PushConnection {
  const env = options.env ?? {};
  const createSocket = env.createSocket ?? browserSocket;
  const timers = env.timers ?? globalTimers;
  const random = env.random ?? Math.random;
  const url = pushUrl(env.location ?? globalThis.location, options.taskId, options.token);

  let socket: SocketLike | undefined;
  // Bumped per connection and on close(): events of an older socket are ignored.
  let connection = 0;
  let attempt = 0;
  let closedByCaller = false;
  let heartbeat: unknown;
  let retry: unknown;

  function stopHeartbeat(): void {
    if (heartbeat !== undefined) timers.clearInterval(heartbeat);
    heartbeat = undefined;
  }

  function closed(id: number, code: number, reason: string): void {
    if (id !== connection || closedByCaller) return;
    stopHeartbeat();
    socket = undefined;
    const reconnectInMs = FINAL_CLOSE_CODES.has(code) ? null : reconnectDelay(attempt++, random);
    options.onClose?.({ code, reason, reconnectInMs });
    if (reconnectInMs !== null && !closedByCaller) {
      retry = timers.setTimeout(() => {
        retry = undefined;
        connect();
      }, reconnectInMs);
    }
  }

  function connect(): void {
    const id = ++connection;
    try {
      socket = createSocket(url, {
        open() {
          if (id !== connection) return;
          attempt = 0;
          stopHeartbeat();
          heartbeat = timers.setInterval(() => {
            if (socket?.readyState === OPEN) socket.send(HEARTBEAT_TEXT);
          }, HEARTBEAT_MS);
          options.onOpen?.();
        },
        message(data) {
          if (id !== connection) return;
          const message = parsePush(data);
          if (message) options.onMessage(message);
        },
        close: (code, reason) => closed(id, code, reason),
      });
    } catch {
      // The constructor throws for a bad URL or a blocked connection: retry like an abnormal close.
      closed(id, 1006, 'socket could not be created');
    }
  }

  connect();

  return {
    close() {
      if (closedByCaller) return;
      closedByCaller = true;
      connection += 1;
      stopHeartbeat();
      if (retry !== undefined) timers.clearTimeout(retry);
      retry = undefined;
      try {
        socket?.close(1000, 'closed by client');
      } catch {
        // Already closing: nothing left to release.
      }
      socket = undefined;
    },
  };
}
