import { and, desc, eq, lt, sql } from 'drizzle-orm';
import { Code } from '../../lib/codes';
import { ApiError } from '../api/errors';
import type { Db } from '../db/client';
import { chatConversations, type StoredChatMessage } from '../db/schema';

export interface ConversationInput {
  title: string;
  systemPrompt: string | null;
  description: string | null;
  templateId: number | null;
  messages: StoredChatMessage[];
  deleted: boolean;
  changedAt: number;
}

export async function listConversations(db: Db, userId: number) {
  return db
    .select({
      uuid: chatConversations.uuid,
      title: chatConversations.title,
      changedAt: chatConversations.changedAt,
      deleted: chatConversations.deleted,
    })
    .from(chatConversations)
    .where(eq(chatConversations.userId, userId))
    .orderBy(desc(chatConversations.changedAt))
    .limit(1000);
}

export async function getConversation(db: Db, userId: number, uuid: number) {
  const [row] = await db
    .select()
    .from(chatConversations)
    .where(and(eq(chatConversations.userId, userId), eq(chatConversations.uuid, uuid)));
  if (!row) throw new ApiError(Code.NOT_FOUND, 'chat:sync.notFound', { status: 404 });
  const { uuid: id, title, systemPrompt, description, templateId, messages, deleted, changedAt } = row;
  return { uuid: id, title, systemPrompt, description, templateId, messages, deleted, changedAt };
}

/**
 * Latest change wins: the row is written only when it is new or `changedAt`
 * is later than the stored one. A deletion keeps a tombstone without messages.
 */
export async function putConversation(db: Db, userId: number, uuid: number, input: ConversationInput) {
  const values = {
    ...input,
    messages: input.deleted ? [] : input.messages.slice(-80),
    updatedAt: new Date(),
  };
  const [row] = await db
    .insert(chatConversations)
    .values({ userId, uuid, ...values })
    .onConflictDoUpdate({
      target: [chatConversations.userId, chatConversations.uuid],
      set: values,
      setWhere: lt(chatConversations.changedAt, sql`excluded.changed_at`),
    })
    .returning({ changedAt: chatConversations.changedAt });
  if (row) return { applied: true, changedAt: row.changedAt };
  const [current] = await db
    .select({ changedAt: chatConversations.changedAt })
    .from(chatConversations)
    .where(and(eq(chatConversations.userId, userId), eq(chatConversations.uuid, uuid)));
  return { applied: false, changedAt: current?.changedAt ?? input.changedAt };
}
