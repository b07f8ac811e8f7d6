import type { Notice } from '../db/client';
import type { Runtime } from '../runtime';

/**
 * A user's lists (their pictures, orders, conversations) as reply JSON, kept
 * per process until that user's rows change: a list read again and again (a
 * page reloaded, a tab refocused, a phone and a laptop) costs a map lookup
 * instead of a query, a row mapping and a serialisation (docs/kept-lists.md).
 *
 * Triggers on the tables (migration 0029) announce every committed change on
 * USER_LISTS_CHANNEL as `table:userId,…` (or `table:*`), whoever made it: the
 * user, a worker, a payment notify, the console, moderation, a cascade. A
 * notification is delivered after the commit, so the process that made a
 * change for the user's own request also forgets it at once (`forget`) and
 * the user's next read cannot beat the notification. Other flows reach the
 * browser through a push, which travels on the same connection after the
 * change's notification. TTL_MS bounds what a lost notification (the listening
 * connection down) could leave stale.
 */
export const USER_LISTS_CHANNEL = 'miaobi_user_lists';
export type UserListTable = 'drawings' | 'orders' | 'chat_conversations';

/**
 * The notice a table's trigger sends when a statement changed one user's rows, to send ahead of
 * it: a transaction's identical notices go out once, at the first one's place, so a statement
 * that sends this first keeps it ahead of notices it sends itself, where the trigger's comes only
 * at the statement's end (a payment's push, services/shop/mark-paid.ts).
 */
export const listChangeNotice = (table: UserListTable, userId: number): Notice => ({
  channel: USER_LISTS_CHANNEL,
  payload: `${table}:${userId}`,
});

const TTL_MS = 30_000;
/** Bytes of JSON kept per process, all users together; the oldest entries go first. */
const MAX_BYTES = 16 * 1024 * 1024;

/** A reply's data as JSON text: one object per kept answer, so its compressed forms can be kept beside it. */
export interface KeptJson {
  readonly json: string;
}

interface Entry {
  kept: KeptJson;
  at: number;
  owner: string;
}
interface State {
  /** Keyed `table:userId:key`, oldest first (a Map keeps insertion order). */
  entries: Map<string, Entry>;
  /** `table:userId` → its entries' keys. */
  owners: Map<string, Set<string>>;
  /** Bumped per `table:userId` at every change, and `all` at a change of unknown users. */
  generations: Map<string, number>;
  all: number;
  bytes: number;
  listening: boolean;
}

const states = new WeakMap<Runtime, State>();

/** Past this many users with a change since the last full drop, one more full drop bounds the map. */
const MAX_GENERATIONS = 100_000;

function drop(state: State, owner: string) {
  if (state.generations.size >= MAX_GENERATIONS) return dropAll(state);
  state.generations.set(owner, (state.generations.get(owner) ?? 0) + 1);
  for (const key of state.owners.get(owner) ?? []) remove(state, key);
  state.owners.delete(owner);
}

function dropAll(state: State) {
  state.all += 1;
  state.entries.clear();
  state.owners.clear();
  state.generations.clear();
  state.bytes = 0;
}

function remove(state: State, key: string) {
  const entry = state.entries.get(key);
  if (!entry) return;
  state.entries.delete(key);
  state.bytes -= entry.kept.json.length;
  state.owners.get(entry.owner)?.delete(key);
}

/** Applies one notification: `table:1,2,3` drops those users' lists of the table; anything else drops all. */
function applyNotice(state: State, payload: string) {
  const m = /^([a-z_]+):([\d,]+)$/.exec(payload);
  if (!m) return dropAll(state);
  for (const id of (m[2] as string).split(',')) drop(state, `${m[1]}:${id}`);
}

function stateOf(rt: Runtime): State {
  const known = states.get(rt);
  if (known) return known;
  const state: State = {
    entries: new Map(),
    owners: new Map(),
    generations: new Map(),
    all: 0,
    bytes: 0,
    listening: false,
  };
  states.set(rt, state);
  rt.database.notifier
    .listen(USER_LISTS_CHANNEL, (payload) => applyNotice(state, payload))
    .then(
      () => {
        state.listening = true;
      },
      (err: Error) => rt.log.warn('user lists cache listen failed', { err: err.message }),
    );
  return state;
}

/**
 * The user's list `key` of `table` (its page, search and language), loaded and
 * serialised when not kept. An answer is kept only once this process listens,
 * and not when a change of the user's rows was announced while it loaded.
 */
export async function keptList(
  rt: Runtime,
  table: UserListTable,
  userId: number,
  key: string,
  load: () => Promise<string>,
): Promise<KeptJson> {
  const state = stateOf(rt);
  const owner = `${table}:${userId}`;
  const full = `${owner}:${key}`;
  const hit = state.entries.get(full);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.kept;
  const generation = state.generations.get(owner) ?? 0;
  const all = state.all;
  const kept: KeptJson = { json: await load() };
  if (!state.listening || state.all !== all || (state.generations.get(owner) ?? 0) !== generation) return kept;
  remove(state, full);
  if (kept.json.length > MAX_BYTES / 16) return kept;
  while (state.bytes + kept.json.length > MAX_BYTES) {
    const oldest = state.entries.keys().next().value;
    if (oldest === undefined) break;
    remove(state, oldest);
  }
  state.entries.set(full, { kept, at: Date.now(), owner });
  state.bytes += kept.json.length;
  const keys = state.owners.get(owner) ?? new Set<string>();
  keys.add(full);
  state.owners.set(owner, keys);
  return kept;
}

/** Forgets the user's lists of `table` in this process now (its own change; the others hear the trigger). */
export function forgetList(rt: Runtime, table: UserListTable, userId: number): void {
  const state = states.get(rt);
  if (state) drop(state, `${table}:${userId}`);
}
