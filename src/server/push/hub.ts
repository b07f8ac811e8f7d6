import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { type WebSocket, WebSocketServer } from 'ws';
import { Code, SocketClose } from '../../shared/codes';
import type { Db, Notice, Notifier } from '../db/client';
import { channelGuard } from '../db/queries/push-channels';
import { userIdForToken } from '../db/queries/sessions';
import type { Logger } from '../log';
import { hashKey, KEY_PATTERN } from '../one-time-key';

export const PUSH_PATH = '/websocket/callback';
/** The NOTIFY channel every process's hub listens on. */
export const PUSH_CHANNEL = 'miaobi_push';
const TASK_ID = /^[A-Za-z0-9_-]{1,64}$/;
// NOTIFY payloads are limited to 8000 bytes by Postgres.
const MAX_PAYLOAD = 7900;
const LIVENESS_MS = 30_000;

interface Envelope {
  t: string;
  u?: number;
  m: unknown;
}

interface Client extends WebSocket {
  taskId: string;
  userId: number | null;
  alive: boolean;
  /** Messages published while the owner check runs; delivered after 'connected' (null once accepted). */
  held: Envelope[] | null;
}

const HELD_MAX = 32;

function keyMatches(key: string | null, keyHash: string): boolean {
  if (!key || !KEY_PATTERN.test(key)) return false;
  return timingSafeEqual(Buffer.from(hashKey(key), 'hex'), Buffer.from(keyHash, 'hex'));
}

/** What every process's hub hears on PUSH_CHANNEL (Postgres NOTIFY payloads are at most 8000 bytes). */
function envelope(taskId: string, message: unknown, opts?: { userId?: number }): string {
  const payload = JSON.stringify({ t: taskId, u: opts?.userId, m: message } satisfies Envelope);
  if (Buffer.byteLength(payload) > MAX_PAYLOAD) throw new Error(`push message for ${taskId} is too large`);
  return payload;
}

export interface PushHub {
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** Delivers to sockets of taskId on every process; with userId only to that user's sockets. */
  publish(taskId: string, message: unknown, opts?: { userId?: number }): Promise<void>;
  /**
   * The same delivery, as a notice for a statement in the caller's transaction to send
   * (pg_notify): it goes out when that commits (never when it rolls back), and needs no round
   * trip of its own.
   */
  publishOnCommit(taskId: string, message: unknown, opts?: { userId?: number }): Notice;
  connections(): number;
  close(): Promise<void>;
}

export async function createPushHub(deps: { db: Db; notifier: Notifier; log: Logger }): Promise<PushHub> {
  const { db, notifier, log } = deps;
  const wss = new WebSocketServer({ noServer: true, maxPayload: 1024, clientTracking: false });
  const byTask = new Map<string, Set<Client>>();
  let count = 0;

  await notifier.listen(PUSH_CHANNEL, (payload) => {
    let env: Envelope;
    try {
      env = JSON.parse(payload) as Envelope;
    } catch {
      return;
    }
    const targets = byTask.get(env.t);
    if (!targets) return;
    for (const ws of targets) {
      if (ws.held) {
        if (ws.held.length < HELD_MAX) ws.held.push(env);
      } else deliver(ws, env);
    }
  });

  function deliver(ws: Client, env: Envelope) {
    if (env.u === undefined || ws.userId === env.u) ws.send(JSON.stringify(env.m));
  }

  const liveness = setInterval(() => {
    for (const set of byTask.values()) {
      for (const ws of set) {
        if (!ws.alive) ws.terminate();
        else {
          ws.alive = false;
          ws.ping();
        }
      }
    }
  }, LIVENESS_MS);
  liveness.unref();

  function track(ws: Client) {
    const set = byTask.get(ws.taskId) ?? new Set<Client>();
    byTask.set(ws.taskId, set);
    set.add(ws);
    count++;
  }

  function untrack(ws: Client) {
    const set = byTask.get(ws.taskId);
    if (!set?.delete(ws)) return;
    count--;
    if (set.size === 0) byTask.delete(ws.taskId);
  }

  function refuse(ws: Client, reason: string) {
    ws.held = null;
    untrack(ws);
    ws.close(SocketClose.FORBIDDEN, reason);
  }

  /** The socket is tracked from the upgrade on, so nothing published during the owner check is lost. */
  async function accept(ws: Client, token: string | null) {
    const guard = await channelGuard(db, ws.taskId);
    if (guard?.keyHash) {
      // A QR login's channel: only the page holding the listen key (sent as token) may listen.
      if (!keyMatches(token, guard.keyHash)) return refuse(ws, 'this channel needs the key of the page that opened it');
    } else if (guard?.userId) {
      const userId = await userIdForToken(db, token);
      if (userId !== guard.userId) return refuse(ws, 'this task belongs to another user or the login has expired');
      ws.userId = userId;
    }
    const held = ws.held ?? [];
    ws.held = null;
    if (ws.readyState !== ws.OPEN) return;
    ws.send(JSON.stringify({ code: Code.SOCKET_CONNECTED }));
    for (const env of held) deliver(ws, env);
  }

  return {
    handleUpgrade(req, socket, head) {
      const url = new URL(req.url ?? '/', 'http://localhost');
      if (url.pathname !== PUSH_PATH) {
        socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
        return;
      }
      wss.handleUpgrade(req, socket, head, (raw) => {
        const ws = raw as Client;
        ws.alive = true;
        ws.userId = null;
        ws.on('pong', () => {
          ws.alive = true;
        });
        // The browser's 10-second text heartbeat; any text counts as one.
        ws.on('message', (_data, isBinary) => {
          ws.alive = true;
          if (!isBinary) ws.send('pong');
        });
        ws.on('close', () => untrack(ws));
        ws.on('error', () => untrack(ws));
        const taskId = url.searchParams.get('taskId');
        if (!taskId || !TASK_ID.test(taskId)) {
          ws.close(SocketClose.BAD_REQUEST, 'taskId is required (1-64 letters, digits, - or _)');
          return;
        }
        ws.taskId = taskId;
        ws.held = [];
        track(ws);
        accept(ws, url.searchParams.get('token')).catch((err: Error) => {
          log.error('push accept failed', { err: err.message });
          ws.close(1011, 'server error');
        });
      });
    },

    async publish(taskId, message, opts) {
      await notifier.publish(PUSH_CHANNEL, envelope(taskId, message, opts));
    },

    publishOnCommit: (taskId, message, opts) => ({ channel: PUSH_CHANNEL, payload: envelope(taskId, message, opts) }),

    connections: () => count,

    async close() {
      clearInterval(liveness);
      const closing: Promise<void>[] = [];
      for (const set of byTask.values()) {
        for (const ws of set) {
          closing.push(new Promise((resolve) => ws.once('close', () => resolve())));
          ws.close(SocketClose.SHUTDOWN, 'server shutting down');
        }
      }
      // A peer that never answers the close handshake must not hold shutdown.
      await Promise.race([Promise.all(closing), sleep(2000, undefined, { ref: false })]);
      for (const set of byTask.values()) for (const ws of set) ws.terminate();
      byTask.clear();
      wss.close();
    },
  };
}
