import { and, asc, count, eq, inArray, lt, ne, sql } from 'drizzle-orm';
import { Code } from '../../../shared/codes';
import type { Db } from '../../db/client';
import { prepared } from '../../db/queries/prepared';
import { hit } from '../../db/queries/rate-limits';
import { chatConversations, type StoredChatMessage } from '../../db/schema';
import { lockUser } from '../../db/transaction';
import { DomainError } from '../../errors';
import type { Runtime } from '../../runtime';
import { forgetList, keptList } from '../user-lists';
import { searchTextOf } from './search';

export interface ConversationInput {
  title: string;
  systemPrompt: string | null;
  description: string | null;
  templateId: number | null;
  messages: StoredChatMessage[];
  deleted: boolean;
  changedAt: number;
}

/** The user's conversation list, kept until their conversations change (services/user-lists.ts). */
export function listConversations(rt: Runtime, userId: number) {
  return keptList(rt, 'chat_conversations', userId, 'all', () => listConversationsJson(rt.database.db, userId));
}

/**
 * The list's reply data, `{ records: [{ uuid, title, changedAt, deleted }] }`, newest first, as JSON
 * text built by the database: one value instead of a row per conversation for the driver to parse,
 * the ORM to map and the reply to serialise again (most of a 200-conversation list's CPU). Of the
 * database's ways to build it, `json_agg` of whole rows costs it least (half of `json_build_object`).
 */
async function listConversationsJson(db: Db, userId: number): Promise<string> {
  const list = prepared(db, 'conversation_list_json', (db, name) => {
    const c = chatConversations;
    const page = sql`(select ${c.uuid} as "uuid", ${c.title} as "title", ${c.changedAt} as "changedAt",
        ${c.deleted} as "deleted" from ${c} where ${c.userId} = ${sql.placeholder('userId')}
        order by ${c.changedAt} desc limit 1000) page`;
    return db
      .select({ records: sql<string>`coalesce(json_agg(page order by page."changedAt" desc), '[]')::text` })
      .from(page)
      .prepare(name);
  });
  const [row] = await list.execute({ userId });
  return `{"records":${row?.records ?? '[]'}}`;
}

/** One conversation of the user, kept like the list. */
export function getConversation(rt: Runtime, userId: number, uuid: number) {
  return keptList(rt, 'chat_conversations', userId, `one:${uuid}`, () =>
    getConversationJson(rt.database.db, userId, uuid),
  );
}

/**
 * One conversation's reply data as JSON text built by the database (as the list): its messages go
 * out as stored, not parsed and serialised again here.
 */
async function getConversationJson(db: Db, userId: number, uuid: number): Promise<string> {
  const one = prepared(db, 'conversation_one_json', (db, name) => {
    const c = chatConversations;
    const row = sql`(select ${c.uuid} as "uuid", ${c.title} as "title", ${c.systemPrompt} as "systemPrompt",
        ${c.description} as "description", ${c.templateId} as "templateId", ${c.messages} as "messages",
        ${c.deleted} as "deleted", ${c.changedAt} as "changedAt"
        from ${c} where ${c.userId} = ${sql.placeholder('userId')} and ${c.uuid} = ${sql.placeholder('uuid')}) one`;
    return db.select({ json: sql<string>`row_to_json(one)::text` }).from(row).prepare(name);
  });
  const [found] = await one.execute({ userId, uuid });
  if (!found) throw new DomainError(Code.NOT_FOUND, 'chat:sync.notFound', { status: 404 });
  return found.json;
}

/** Each version a message holds, as one message would be: its shown one, each variant, each tail message. */
function* versionsOf(m: StoredChatMessage) {
  const { variants = [], ...shown } = m;
  yield shown;
  for (const { tail = [], ...variant } of variants) {
    yield variant;
    yield* tail;
  }
}

/**
 * What one conversation (or a share of it) may hold; refused whole, so nothing of an oversized one is
 * stored. Each version of a message (docs/chat.md#variants) is held to the size of one message, and
 * everything, variants and their tails included, counts against the conversation's size.
 */
export function checkSize(
  rt: Runtime,
  input: Pick<ConversationInput, 'title' | 'messages'> & Partial<ConversationInput>,
) {
  const { CHAT_SYNC_MESSAGE_BYTES: perMessage, CHAT_SYNC_CONVERSATION_BYTES: perConversation } = rt.env;
  let total = bytes(input.title) + bytes(input.systemPrompt ?? '') + bytes(input.description ?? '');
  for (const m of input.messages) {
    for (const version of versionsOf(m)) {
      if (bytes(JSON.stringify(version)) > perMessage) throw tooLarge('chat:sync.messageTooLarge', perMessage);
    }
    total += bytes(JSON.stringify(m));
  }
  if (total > perConversation) throw tooLarge('chat:sync.conversationTooLarge', perConversation);
}

const bytes = (text: string) => Buffer.byteLength(text, 'utf8');
const tooLarge = (key: string, limit: number) =>
  new DomainError(Code.PAYLOAD_TOO_LARGE, key, { status: 413, params: { kb: Math.floor(limit / 1024) } });

/**
 * Latest change wins: the row is written only when it is new or `changedAt`
 * is later than the stored one. A deletion keeps a tombstone without messages.
 * Per account: a write rate, a number of live conversations (tombstones
 * beyond as many again are dropped, oldest first) and a size per conversation.
 */
export async function putConversation(rt: Runtime, userId: number, uuid: number, input: ConversationInput) {
  const db = rt.database.db;
  const rate = await hit(db, `chat-sync:user:${userId}`, { limit: rt.env.CHAT_SYNC_PER_MINUTE, windowMs: 60_000 });
  if (!rate.allowed) throw new DomainError(Code.TOO_MANY_REQUESTS, 'chat:sync.tooFast', { status: 429 });
  if (!input.deleted) checkSize(rt, input);
  const messages = input.deleted ? [] : input.messages;
  const values = { ...input, messages, searchText: searchTextOf(input.title, messages), updatedAt: new Date() };
  const max = rt.env.CHAT_SYNC_MAX_CONVERSATIONS;
  const row = await db.transaction(async (tx) => {
    // One writer per account at a time, so parallel uploads cannot pass the cap together.
    await lockUser(tx, userId);
    const mine = and(eq(chatConversations.userId, userId), ne(chatConversations.uuid, uuid));
    const [counts] = await tx
      .select({ all: count(), live: count(sql`case when not ${chatConversations.deleted} then 1 end`) })
      .from(chatConversations)
      .where(mine);
    const [existing] = await tx
      .select({ deleted: chatConversations.deleted })
      .from(chatConversations)
      .where(and(eq(chatConversations.userId, userId), eq(chatConversations.uuid, uuid)));
    const live = counts?.live ?? 0;
    if (!input.deleted && (existing === undefined || existing.deleted) && live >= max) {
      throw new DomainError(Code.FORBIDDEN, 'chat:sync.tooMany', { status: 403, params: { max } });
    }
    const extra = (counts?.all ?? 0) + (existing ? 0 : 1) - 2 * max;
    if (extra > 0) {
      const oldest = tx
        .select({ uuid: chatConversations.uuid })
        .from(chatConversations)
        .where(and(mine, eq(chatConversations.deleted, true)))
        .orderBy(asc(chatConversations.changedAt))
        .limit(extra);
      await tx
        .delete(chatConversations)
        .where(and(eq(chatConversations.userId, userId), inArray(chatConversations.uuid, oldest)));
    }
    const [written] = await tx
      .insert(chatConversations)
      .values({ userId, uuid, ...values })
      .onConflictDoUpdate({
        target: [chatConversations.userId, chatConversations.uuid],
        set: values,
        setWhere: lt(chatConversations.changedAt, sql`excluded.changed_at`),
      })
      .returning({ changedAt: chatConversations.changedAt });
    return written;
  });
  forgetList(rt, 'chat_conversations', userId);
  if (row) return { applied: true, changedAt: row.changedAt };
  const [current] = await db
    .select({ changedAt: chatConversations.changedAt })
    .from(chatConversations)
    .where(and(eq(chatConversations.userId, userId), eq(chatConversations.uuid, uuid)));
  return { applied: false, changedAt: current?.changedAt ?? input.changedAt };
}
