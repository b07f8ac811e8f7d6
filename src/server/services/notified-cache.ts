import { LRUCache } from 'lru-cache';
import type { Runtime } from '../runtime';

/**
 * A per-process cache (one per runtime) that every process drops when any of
 * them calls `invalidate` or `announce`s its channel (NOTIFY on `channel`); the
 * announcing process drops its caches of that channel at once, before its
 * NOTIFY comes back, so its next read never misses the change. Entries expire
 * after `ttlMs` all the same, a safety net for a lost notification; past
 * `maxEntries` the least recently used goes (lru-cache). Answers are kept only
 * once this process listens, and not when a drop came while they were loaded:
 * a kept answer is never older than the last change any process announced.
 */
export interface NotifiedCache {
  /** `keep`: whether a loaded answer is kept (an unknown id's, say, need not be). */
  get<T>(rt: Runtime, key: string, load: () => Promise<T>, keep?: (value: T) => boolean): Promise<T>;
  /** Bumped at every drop: whatever was derived from an older generation is stale. */
  generation(rt: Runtime): number;
  /** Drops the entries here and, through the channel, in every other process. */
  invalidate(rt: Runtime): Promise<void>;
}

interface State {
  // Boxed: lru-cache keeps no `undefined`, which a loader may answer.
  entries: LRUCache<string, { value: unknown }>;
  generation: number;
  listening: boolean;
}

/**
 * This process's caches, by channel. The server's bundle and the pages' bundle each carry this module:
 * the drops live on globalThis, so an announcement from either reaches both.
 */
const DROPS = Symbol.for('miaobi.notifiedCacheDrops');
const global = globalThis as { [DROPS]?: Map<string, Set<(rt: Runtime) => void>> };
global[DROPS] ??= new Map();
const drops = global[DROPS];

/** Drops every cache of `channel` here, then tells every process (NOTIFY); `what` names it in a failure's log line. */
export async function announce(rt: Runtime, channel: string, what: string): Promise<void> {
  for (const drop of drops.get(channel) ?? []) drop(rt);
  await rt.database.notifier
    .publish(channel, '')
    .catch((err: Error) => rt.log.warn(`${what} notify failed`, { err: err.message }));
}

export function notifiedCache(opts: {
  /** Names the cache in log lines. */
  name: string;
  channel: string;
  ttlMs: number;
  maxEntries: number;
  /** A bound in bytes as well, each answer weighed by `sizeOf` (an answer heavier than the bound is not kept). */
  maxBytes?: { total: number; sizeOf: (value: unknown) => number };
}): NotifiedCache {
  const states = new WeakMap<Runtime, State>();
  const drop = (state: State) => {
    state.entries.clear();
    state.generation += 1;
  };
  const local = drops.get(opts.channel) ?? new Set();
  drops.set(opts.channel, local);
  local.add((rt) => {
    const state = states.get(rt);
    if (state) drop(state);
  });
  const stateOf = (rt: Runtime): State => {
    const known = states.get(rt);
    if (known) return known;
    const { maxBytes } = opts;
    const entries = new LRUCache<string, { value: unknown }>({
      max: opts.maxEntries,
      ttl: opts.ttlMs,
      ...(maxBytes && { maxSize: maxBytes.total, sizeCalculation: (box) => Math.max(1, maxBytes.sizeOf(box.value)) }),
    });
    const state: State = { entries, generation: 0, listening: false };
    states.set(rt, state);
    rt.database.notifier
      .listen(opts.channel, () => drop(state))
      .then(
        () => {
          state.listening = true;
        },
        (err: Error) => rt.log.warn(`${opts.name} cache listen failed`, { err: err.message }),
      );
    return state;
  };
  return {
    async get<T>(rt: Runtime, key: string, load: () => Promise<T>, keep?: (value: T) => boolean): Promise<T> {
      const state = stateOf(rt);
      const hit = state.entries.get(key);
      if (hit) return hit.value as T;
      const generation = state.generation;
      const value = await load();
      if (!state.listening || state.generation !== generation || (keep && !keep(value))) return value;
      state.entries.set(key, { value });
      return value;
    },
    generation: (rt) => stateOf(rt).generation,
    invalidate: (rt) => announce(rt, opts.channel, `${opts.name} cache`),
  };
}
