import { and, asc, desc, eq } from 'drizzle-orm';
import { normalBaseUrl } from '../../../shared/channels';
import {
  CHANNEL_FLAVOURS,
  type ChannelFlavour,
  type ChannelKind,
  type ChannelModel,
} from '../../../shared/contract/channels';
import type { Db } from '../../db/client';
import { channelKeys, type ModelChannel, modelChannels } from '../../db/schema';
import { transaction } from '../../db/transaction';
import { DomainError } from '../../errors';
import type { Runtime } from '../../runtime';
import { type Actor, writeAudit } from '../admin/audit';
import { notifiedCache } from '../notified-cache';
import { channelBox } from './box';

// Model channels as the console manages them (docs/channels.md). A stored key is never
// handed out again: the console sees its last four characters and its health only.

export const CHANNELS_CHANNEL = 'miaobi_channels';
const cache = notifiedCache({ name: 'channels', channel: CHANNELS_CHANNEL, ttlMs: 60_000, maxEntries: 8 });

export interface ChannelFields {
  kind: ChannelKind;
  flavour: ChannelFlavour;
  name: string;
  baseUrl: string;
  priority: number;
  weight: number;
  enabled: boolean;
  models: ChannelModel[];
}

interface Act {
  actor: Actor;
  requestId: string;
}

/** An enabled channel of a kind as the router uses it: its enabled keys opened, in memory only. */
export interface ActiveChannel {
  id: number;
  kind: ChannelKind;
  flavour: ChannelFlavour;
  name: string;
  baseUrl: string;
  priority: number;
  weight: number;
  models: ChannelModel[];
  keys: { id: number; secret: string; cooldownUntil: Date | null }[];
}

const notFound = () => new DomainError(404, 'error.notFound', { status: 404 });
const bad = (key: string) => new DomainError(400, key, { status: 400 });

/** The service's own checks, whoever calls it (the route's schema says the same in translated words). */
function checked(f: ChannelFields): ChannelFields {
  if (!(CHANNEL_FLAVOURS[f.kind] as readonly string[]).includes(f.flavour)) throw bad('channels:flavourMismatch');
  const baseUrl = normalBaseUrl(f.baseUrl);
  if (!baseUrl) throw bad('channels:urlInvalid');
  if (!Number.isInteger(f.weight) || f.weight < 1) throw bad('channels:weightRange');
  if (new Set(f.models.map((m) => m.id)).size !== f.models.length) throw bad('channels:modelDuplicate');
  return { ...f, name: f.name.trim(), baseUrl };
}

/** A key as the console shows it: never the key itself. */
function keyView(k: typeof channelKeys.$inferSelect) {
  return {
    id: k.id,
    last4: k.last4,
    enabled: k.enabled,
    failures: k.failures,
    cooldownUntil: k.cooldownUntil?.toISOString() ?? null,
    lastError: k.lastError,
    lastOkAt: k.lastOkAt?.toISOString() ?? null,
    lastFailAt: k.lastFailAt?.toISOString() ?? null,
  };
}
export type ChannelKeyView = ReturnType<typeof keyView>;

/** What the console and the router both read of a channel. */
const settingsOf = (c: ModelChannel) => ({
  id: c.id,
  kind: c.kind,
  flavour: c.flavour,
  name: c.name,
  baseUrl: c.baseUrl,
  priority: c.priority,
  weight: c.weight,
  models: c.models,
});

function channelView(c: ModelChannel) {
  return { ...settingsOf(c), enabled: c.enabled, updatedAt: c.updatedAt.toISOString() };
}
export type ChannelView = ReturnType<typeof channelView> & { keys: ChannelKeyView[] };

/** Every channel, by kind then priority, with its keys' last four characters and health. */
export async function listChannelsForConsole(db: Db): Promise<ChannelView[]> {
  const rows = await db
    .select()
    .from(modelChannels)
    .orderBy(asc(modelChannels.kind), desc(modelChannels.priority), asc(modelChannels.id));
  const keys = await db.select().from(channelKeys).orderBy(asc(channelKeys.id));
  return rows.map((c) => ({ ...channelView(c), keys: keys.filter((k) => k.channelId === c.id).map(keyView) }));
}

/** A repeated request id: the first click already acted, so this transaction is rolled back. */
class Repeated extends Error {}

/**
 * One console change: made and audited in one transaction (a request id already in the log
 * rolls it back, so a double click acts once), then every process drops its cached channels.
 */
async function change<T extends { id: number }>(
  rt: Runtime,
  a: Act,
  action: string,
  run: (tx: Db) => Promise<T & { before: unknown; after: unknown }>,
): Promise<(T & { applied: true }) | { applied: false }> {
  let out: T | undefined;
  try {
    await transaction(rt.database.db, async (tx) => {
      const { before, after, ...rest } = await run(tx);
      const fresh = await writeAudit(tx, a.actor, {
        action,
        targetType: 'channel',
        targetId: rest.id,
        before,
        after,
        requestId: a.requestId,
      });
      if (!fresh) throw new Repeated();
      out = rest as unknown as T;
    });
  } catch (err) {
    if (err instanceof Repeated) return { applied: false };
    throw err;
  }
  await invalidateChannels(rt);
  return { ...(out as T), applied: true };
}

async function lockChannel(tx: Db, id: number) {
  const [row] = await tx.select().from(modelChannels).where(eq(modelChannels.id, id)).for('update');
  if (!row) throw notFound();
  return row;
}

async function lockKey(tx: Db, channelId: number, keyId: number) {
  const [row] = await tx
    .select()
    .from(channelKeys)
    .where(and(eq(channelKeys.id, keyId), eq(channelKeys.channelId, channelId)))
    .for('update');
  if (!row) throw notFound();
  return row;
}

export function createChannel(rt: Runtime, a: Act & { fields: ChannelFields }) {
  const fields = checked(a.fields);
  return change(rt, a, 'channel.create', async (tx) => {
    const [row] = await tx.insert(modelChannels).values(fields).returning();
    if (!row) throw notFound();
    return { id: row.id, before: null, after: channelView(row) };
  });
}

export function updateChannel(rt: Runtime, a: Act & { id: number; fields: ChannelFields }) {
  const fields = checked(a.fields);
  return change(rt, a, 'channel.update', async (tx) => {
    const before = await lockChannel(tx, a.id);
    const [after] = await tx
      .update(modelChannels)
      .set({ ...fields, updatedAt: new Date() })
      .where(eq(modelChannels.id, a.id))
      .returning();
    if (!after) throw notFound();
    return { id: a.id, before: channelView(before), after: channelView(after) };
  });
}

/** Deletes a channel and (cascade) its keys. */
export function deleteChannel(rt: Runtime, a: Act & { id: number }) {
  return change(rt, a, 'channel.delete', async (tx) => {
    const before = await lockChannel(tx, a.id);
    await tx.delete(modelChannels).where(eq(modelChannels.id, a.id));
    return { id: a.id, before: channelView(before), after: null };
  });
}

/** Seals and stores a key; the audit log records its last four characters only. */
export function addChannelKey(rt: Runtime, a: Act & { id: number; secret: string }) {
  const secret = a.secret.trim();
  if (secret.length < 8) throw bad('channels:keyTooShort');
  const sealed = channelBox(rt).seal(secret);
  const last4 = secret.slice(-4);
  return change(rt, a, 'channel.key.add', async (tx) => {
    await lockChannel(tx, a.id);
    const [row] = await tx.insert(channelKeys).values({ channelId: a.id, sealed, last4 }).returning();
    if (!row) throw notFound();
    return { id: a.id, keyId: row.id, before: null, after: { keyId: row.id, last4 } };
  });
}

export function setChannelKeyEnabled(rt: Runtime, a: Act & { id: number; keyId: number; enabled: boolean }) {
  return change(rt, a, a.enabled ? 'channel.key.enable' : 'channel.key.disable', async (tx) => {
    const before = await lockKey(tx, a.id, a.keyId);
    await tx.update(channelKeys).set({ enabled: a.enabled }).where(eq(channelKeys.id, a.keyId));
    return {
      id: a.id,
      before: { keyId: a.keyId, last4: before.last4, enabled: before.enabled },
      after: { keyId: a.keyId, last4: before.last4, enabled: a.enabled },
    };
  });
}

export function deleteChannelKey(rt: Runtime, a: Act & { id: number; keyId: number }) {
  return change(rt, a, 'channel.key.delete', async (tx) => {
    const before = await lockKey(tx, a.id, a.keyId);
    await tx.delete(channelKeys).where(eq(channelKeys.id, a.keyId));
    return { id: a.id, before: { keyId: a.keyId, last4: before.last4 }, after: null };
  });
}

/** Opens a sealed key; a key sealed under another CHANNEL_KEY_SECRET is skipped, with a log line. */
function opened(rt: Runtime, k: typeof channelKeys.$inferSelect): string | null {
  try {
    return channelBox(rt).open(k.sealed);
  } catch (err) {
    rt.log.warn('channel key cannot be opened (CHANNEL_KEY_SECRET differs?)', {
      keyId: k.id,
      err: (err as Error).message,
    });
    return null;
  }
}

/** A channel and its first enabled key, opened, for the console's test (null: the channel has no key). */
export async function channelForTest(rt: Runtime, id: number) {
  const { db } = rt.database;
  const [row] = await db.select().from(modelChannels).where(eq(modelChannels.id, id));
  if (!row) throw notFound();
  const keys = await db.select().from(channelKeys).where(eq(channelKeys.channelId, id)).orderBy(asc(channelKeys.id));
  const key = keys.find((k) => k.enabled) ?? keys[0];
  return { channel: row, secret: key ? opened(rt, key) : null, hasKey: Boolean(key) };
}

/**
 * Enabled channels of a kind, highest priority first, with their enabled keys opened. Cached
 * per process; any change in the console drops the cache in every process (NOTIFY).
 */
export function activeChannels(rt: Runtime, kind: ChannelKind): Promise<ActiveChannel[]> {
  return cache.get(rt, kind, async () => {
    const { db } = rt.database;
    const rows = await db
      .select()
      .from(modelChannels)
      .where(and(eq(modelChannels.kind, kind), eq(modelChannels.enabled, true)))
      .orderBy(desc(modelChannels.priority), asc(modelChannels.id));
    if (rows.length === 0) return [];
    const keys = await db.select().from(channelKeys).where(eq(channelKeys.enabled, true)).orderBy(asc(channelKeys.id));
    return rows.map((c) => ({
      ...settingsOf(c),
      keys: keys
        .filter((k) => k.channelId === c.id)
        .flatMap((k) => {
          const secret = opened(rt, k);
          return secret === null ? [] : [{ id: k.id, secret, cooldownUntil: k.cooldownUntil }];
        }),
    }));
  });
}

/** Drops the cached channels here and in every other process (after any change to channels or keys). */
export function invalidateChannels(rt: Runtime): Promise<void> {
  return cache.invalidate(rt);
}
