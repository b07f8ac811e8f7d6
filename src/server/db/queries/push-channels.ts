import { eq } from 'drizzle-orm';
import type { Db } from '../client';
import { pushChannels } from '../schema';

export type ChannelKind = 'order' | 'drawing' | 'song';

/** Marks a taskId private to its owner; call it in the transaction that creates the object. */
export async function registerChannel(db: Db, params: { taskId: string; userId: number; kind: ChannelKind }) {
  await db.insert(pushChannels).values(params).onConflictDoNothing();
}

/** The owner of a private taskId, or null when the taskId is public. */
export async function channelOwner(db: Db, taskId: string): Promise<number | null> {
  const [row] = await db
    .select({ userId: pushChannels.userId })
    .from(pushChannels)
    .where(eq(pushChannels.taskId, taskId))
    .limit(1);
  return row?.userId ?? null;
}
