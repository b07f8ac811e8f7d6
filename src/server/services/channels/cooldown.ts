import { inArray, sql } from 'drizzle-orm';
import { channelKeys } from '../../db/schema';
import type { Runtime } from '../../runtime';

/** The longest cool-down of a key that fails again and again (docs/channel-routing.md). */
export const MAX_COOLDOWN_MS = 15 * 60_000;
/** A rejected key (401/403) waits this many times longer: it rarely heals by itself. */
const AUTH_FACTOR = 10;
const MAX_AUTH_COOLDOWN_MS = 60 * 60_000;
/** A success is written at most this often per key, so answers do not each cost a write. */
const OK_WRITE_EVERY_MS = 60_000;

/** What the router needs to know of a key now: failures in a row and until when it rests. */
export interface KeyState {
  failures: number;
  cooldownUntil: Date | null;
}

/**
 * The keys' current state, read fresh for each request (a primary-key lookup), so every
 * process sees a key another one cooled down, and an operator's reset applies at once.
 */
export async function keyStates(rt: Runtime, ids: number[]): Promise<Map<number, KeyState>> {
  if (ids.length === 0) return new Map();
  const rows = await rt.database.db
    .select({ id: channelKeys.id, failures: channelKeys.failures, cooldownUntil: channelKeys.cooldownUntil })
    .from(channelKeys)
    .where(inArray(channelKeys.id, ids));
  return new Map(rows.map((r) => [r.id, { failures: r.failures, cooldownUntil: r.cooldownUntil }]));
}

/** Removes anything that looks like a key or token from an upstream's message before it is stored. */
export function shortError(message: string): string {
  return message
    .replace(/\b(sk|key|token|secret)[-_][A-Za-z0-9_-]{6,}/gi, '$1-…')
    .replace(/Bearer\s+\S+/gi, 'Bearer …')
    .replace(/[A-Za-z0-9_-]{32,}/g, '…')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 200);
}

/**
 * Counts a failure of a key in one UPDATE (failures + 1 and the cool-down computed from the
 * row's own count, so concurrent failures never lose one) and returns the new state.
 */
export async function markFailure(rt: Runtime, keyId: number, error: string, auth = false): Promise<KeyState | null> {
  const base = rt.env.CHANNEL_COOLDOWN_BASE_MS;
  const factor = auth ? AUTH_FACTOR : 1;
  const cap = auth ? MAX_AUTH_COOLDOWN_MS : MAX_COOLDOWN_MS;
  // In SET, `failures` is the value before this update: 2^failures = 2^(new count - 1).
  const ms = sql`least(${base}::double precision * power(2, least(${channelKeys.failures}, 30)), ${MAX_COOLDOWN_MS}) * ${factor}`;
  try {
    const [row] = await rt.database.db
      .update(channelKeys)
      .set({
        failures: sql`${channelKeys.failures} + 1`,
        cooldownUntil: sql`now() + least(${ms}, ${cap}) * interval '1 millisecond'`,
        lastError: shortError(error),
        lastFailAt: sql`now()`,
      })
      .where(sql`${channelKeys.id} = ${keyId}`)
      .returning({ failures: channelKeys.failures, cooldownUntil: channelKeys.cooldownUntil });
    okWrites(rt).delete(keyId);
    return row ?? null;
  } catch (err) {
    rt.log.warn('channel key failure not recorded', { keyId, err: (err as Error).message });
    return null;
  }
}

const written = new WeakMap<Runtime['env'], Map<number, number>>();
function okWrites(rt: Runtime): Map<number, number> {
  let m = written.get(rt.env);
  if (!m) {
    m = new Map();
    written.set(rt.env, m);
  }
  return m;
}

/**
 * A key answered: failures back to 0 and last_ok_at. Written at once when the key had
 * failures (it recovers), otherwise at most once a minute per key and process.
 */
export async function markOk(rt: Runtime, keyId: number, hadFailures: boolean): Promise<void> {
  const seen = okWrites(rt);
  const now = Date.now();
  if (!hadFailures && now - (seen.get(keyId) ?? 0) < OK_WRITE_EVERY_MS) return;
  seen.set(keyId, now);
  await rt.database.db
    .update(channelKeys)
    .set({ failures: 0, cooldownUntil: null, lastOkAt: sql`now()` })
    .where(sql`${channelKeys.id} = ${keyId}`)
    .catch((err: Error) => rt.log.warn('channel key success not recorded', { keyId, err: err.message }));
}
