import { readFileSync } from 'node:fs';
import { z } from 'zod';

const int = (min: number, max: number, fallback: number) => z.coerce.number().int().min(min).max(max).default(fallback);
const optionalInt = (min: number, max: number) => z.coerce.number().int().min(min).max(max).optional();

/** Resource limits against floods and hoarding, spread into env.ts's envSchema. */
export const limitsEnvShape = {
  /** Longest pause inside a request body before it is refused with 408 and the connection closed. */
  BODY_TIMEOUT_MS: int(100, 600_000, 10_000),
  /** Time a client has to send its request headers, and the whole request. */
  HEADERS_TIMEOUT_MS: int(200, 600_000, 20_000),
  REQUEST_TIMEOUT_MS: int(200, 3_600_000, 60_000),
  /**
   * How long an idle keep-alive connection stays open. The side that reuses a connection must give it up
   * first, or a request it sends as the server closes is lost (ECONNRESET; a 502 from a proxy): so longer
   * than nginx's upstream keepalive_timeout (60 s) and than clients that keep sockets without a timer.
   */
  KEEP_ALIVE_TIMEOUT_MS: int(1_000, 600_000, 65_000),
  /** Open connections in all; unset: the process's file-handle limit minus headroom for database and files. */
  MAX_CONNECTIONS: optionalInt(1, 10_000_000),
  /** Open connections per client address (IPv6: per /64); 0 = no cap. Unset: 256, or no cap behind TRUST_PROXY. */
  MAX_CONNECTIONS_PER_IP: optionalInt(0, 10_000_000),
  /** Conversations one account may keep synced, and the size of one (bytes of its messages). */
  CHAT_SYNC_MAX_CONVERSATIONS: int(1, 100_000, 200),
  CHAT_SYNC_CONVERSATION_BYTES: int(1024, 50 * 1024 * 1024, 512 * 1024),
  CHAT_SYNC_MESSAGE_BYTES: int(256, 10 * 1024 * 1024, 100 * 1024),
  /** Conversation writes one account may make a minute. */
  CHAT_SYNC_PER_MINUTE: int(1, 100_000, 120),
  /** Shares one account may create an hour, and keep live at once (docs/chat.md#sharing). */
  CHAT_SHARES_PER_HOUR: int(1, 100_000, 30),
  CHAT_SHARES_MAX: int(1, 100_000, 100),
  /** Conversation searches one account may run a minute. */
  CHAT_SEARCH_PER_MINUTE: int(1, 100_000, 60),
  /** Browser error reports one address may send a minute (scaled by IP_LIMIT_SCALE). */
  CLIENT_LOG_PER_MINUTE: int(1, 100_000, 20),
};

/** The soft limit on open files of this process (Node raises it to the hard limit at start). */
export function fileHandleLimit(): number | null {
  try {
    const line = readFileSync('/proc/self/limits', 'utf8')
      .split('\n')
      .find((l) => l.startsWith('Max open files'));
    const soft = line?.split(/\s{2,}/)[1];
    if (soft === 'unlimited') return Number.MAX_SAFE_INTEGER;
    const n = Number(soft);
    return Number.isSafeInteger(n) && n > 0 ? n : null;
  } catch {
    return null;
  }
}

/** Total connection cap: a tenth of the file handles (at least 256) stay for the database, files and logs. */
export function connectionCaps(env: {
  MAX_CONNECTIONS?: number;
  MAX_CONNECTIONS_PER_IP?: number;
  TRUST_PROXY: boolean;
  IP_LIMIT_SCALE: number;
}) {
  const files = fileHandleLimit() ?? 1024;
  const total = env.MAX_CONNECTIONS ?? Math.max(64, files - Math.max(256, Math.ceil(files / 10)));
  // Behind a proxy every socket comes from the proxy's address: the per-client cap belongs in the proxy.
  const perIp = env.MAX_CONNECTIONS_PER_IP ?? (env.TRUST_PROXY ? 0 : 256 * env.IP_LIMIT_SCALE);
  return { total, perIp };
}
