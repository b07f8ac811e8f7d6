import { eq, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { pushChannels } from '../schema';
import { prepared } from './prepared';

export type ChannelKind = 'order' | 'drawing' | 'song' | 'video' | 'wx-login' | 'knowledge';

/** Marks a taskId private to its owner; call it in the transaction that creates the object. */
export async function registerChannel(db: Db, params: { taskId: string; userId: number; kind: ChannelKind }) {
  // Prepared: every order and drawing registers one.
  const insert = prepared(db, 'channel_register', (db, name) =>
    db
      .insert(pushChannels)
      .values({ taskId: sql.placeholder('taskId'), userId: sql.placeholder('userId'), kind: sql.placeholder('kind') })
      .onConflictDoNothing()
      .prepare(name),
  );
  await insert.execute(params);
}

/**
 * Marks a taskId private to whoever holds the key (its SHA-256 is given).
 * False when the taskId is already registered: a second caller must not re-key it.
 */
export async function registerKeyedChannel(db: Db, params: { taskId: string; keyHash: string; kind: ChannelKind }) {
  const rows = await db.insert(pushChannels).values(params).onConflictDoNothing().returning({ t: pushChannels.taskId });
  return rows.length > 0;
}

/** Who may listen to a taskId: its owner, the holder of its key, or (null) anyone. */
export async function channelGuard(
  db: Db,
  taskId: string,
): Promise<{ userId: number | null; keyHash: string | null } | null> {
  const [row] = await db
    .select({ userId: pushChannels.userId, keyHash: pushChannels.keyHash })
    .from(pushChannels)
    .where(eq(pushChannels.taskId, taskId))
    .limit(1);
  return row ?? null;
}
