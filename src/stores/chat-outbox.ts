import { persistentAtom } from '@nanostores/persistent';

export const CHAT_OUTBOX_KEY = 'chatOutbox';
/**
 * Browsers refuse a keepalive request once the page's keepalive bodies in flight pass 64 KiB; a
 * KiB is left for anything else the page sends that way.
 */
export const KEEPALIVE_BUDGET = 63 * 1024;

/** A conversation's latest change the server has not confirmed yet. */
export interface PendingChange {
  uuid: number;
  deleted: boolean;
  changedAt: number;
}
type Entries = Record<string, { deleted: boolean; changedAt: number }>;

function decode(raw: string): Entries {
  try {
    const value = JSON.parse(raw) as unknown;
    if (typeof value !== 'object' || value === null) return {};
    const entries: Entries = {};
    for (const [uuid, e] of Object.entries(value as Record<string, unknown>)) {
      const { deleted, changedAt } = (e ?? {}) as Record<string, unknown>;
      if (/^\d+$/.test(uuid) && typeof deleted === 'boolean' && Number.isFinite(changedAt))
        entries[uuid] = { deleted, changedAt: changedAt as number };
    }
    return entries;
  } catch {
    return {};
  }
}

/**
 * The outbox: one entry per conversation, its latest change, in local storage until the server
 * answers for it, so a change made just before the page closed is sent again on the next load.
 * The server applies a change only when it is newer than what it holds (`changedAt`), so one sent
 * twice, or after a newer one, changes nothing.
 */
export const $outbox = persistentAtom<Entries>(CHAT_OUTBOX_KEY, {}, { encode: JSON.stringify, decode });

/** Keeps the change unless a newer one of the same conversation is already waiting. */
export function recordChange(change: PendingChange): void {
  const entries = $outbox.get();
  const waiting = entries[change.uuid];
  if (waiting && waiting.changedAt > change.changedAt) return;
  $outbox.set({ ...entries, [change.uuid]: { deleted: change.deleted, changedAt: change.changedAt } });
}

/** The server answered for the change made at `changedAt`: it leaves, unless a newer one came since. */
export function settleChange(uuid: number, changedAt: number): void {
  const { [uuid]: waiting, ...rest } = $outbox.get();
  if (waiting && waiting.changedAt <= changedAt) $outbox.set(rest);
}

/** Deletions first (small, and the changes that must not come back), then the oldest first. */
export function pendingChanges(): PendingChange[] {
  return Object.entries($outbox.get())
    .map(([uuid, e]) => ({ uuid: Number(uuid), ...e }))
    .sort((a, b) => Number(b.deleted) - Number(a.deleted) || a.changedAt - b.changedAt);
}

/** A conversation moved to another uuid (the sync separates a local one from the account's): its change moves too. */
export function moveChange(from: number, to: number): void {
  const { [from]: waiting, ...rest } = $outbox.get();
  if (waiting) $outbox.set({ ...rest, [to]: waiting });
}

/** Forgets the changes of conversations that stay on this device only. */
export function dropChanges(uuids: number[]): void {
  const entries = { ...$outbox.get() };
  for (const uuid of uuids) delete entries[uuid];
  $outbox.set(entries);
}

export function clearOutbox(): void {
  if (Object.keys($outbox.get()).length > 0) $outbox.set({});
}

/** In order, the items whose bodies fit the budget together; a larger one waits for the next load. */
export function withinBudget<T extends { bytes: number }>(items: T[], budget = KEEPALIVE_BUDGET): T[] {
  let left = budget;
  return items.filter((item) => {
    if (item.bytes > left) return false;
    left -= item.bytes;
    return true;
  });
}
