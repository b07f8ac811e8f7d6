import { randomBytes } from 'node:crypto';
import { and, count, desc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import { Code } from '../../../shared/codes';
import type { UploadAigcMark } from '../../../shared/compliance';
import type { ChatShareInfo } from '../../../shared/contract/chat-share';
import { ReviewState } from '../../../shared/moderation';
import type { Db } from '../../db/client';
import { hit } from '../../db/queries/rate-limits';
import { type ChatShareRow, chatAttachments, chatShares, type StoredChatMessage } from '../../db/schema';
import { lockUser } from '../../db/transaction';
import { DomainError } from '../../errors';
import type { Runtime } from '../../runtime';
import { checkTexts } from '../moderation/publishing';
import { notifiedCache } from '../notified-cache';
import { invalidatePages, PAGES_CHANNEL } from '../pages/channel';
import { checkSize } from './sync';

export interface ShareInput {
  conversationUuid: number;
  title: string;
  messages: StoredChatMessage[];
}

const DESCRIPTION_CHARS = 160;

/** Only what the page shows: the shown version of each message, no variants nor pager. */
function snapshot(messages: StoredChatMessage[]): StoredChatMessage[] {
  return messages.filter((m) => !m.error).map(({ variants: _v, variant: _i, ...shown }) => shown);
}

/** The first answer's start as plain text, for link previews. */
export function describe(messages: StoredChatMessage[]): string {
  const answer = messages.find((m) => !m.inversion && m.text.trim()) ?? messages.find((m) => m.text.trim());
  const plain = (answer?.text ?? '')
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/[#>*_`~|[\]()!-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return plain.length > DESCRIPTION_CHARS ? `${plain.slice(0, DESCRIPTION_CHARS - 1)}…` : plain;
}

export const shareUrl = (id: string) => `/share/${id}`;

/** Every text the page shows: the title, and each message's text, reasoning, file names, sources and tool steps. */
export function shareTexts(title: string, messages: StoredChatMessage[]): string[] {
  return [
    title,
    ...messages.flatMap((m) => [
      m.text,
      m.reasoning ?? '',
      ...(m.attachments ?? []).map((a) => a.name),
      ...(m.citations ?? []).flatMap((c) => [c.title, c.text, c.site ?? '']),
      ...(m.tools ?? []).flatMap((s) => [s.name, s.input, s.output ?? '']),
    ]),
  ];
}
const REFUSED = 'chat:share.refused';

function info(row: ChatShareRow): ChatShareInfo {
  return {
    id: row.id,
    conversationUuid: row.conversationUuid,
    title: row.title,
    listed: row.listed,
    takenDown: row.review === ReviewState.HIDDEN,
    createdAt: row.createdAt.getTime(),
    url: shareUrl(row.id),
  };
}

/**
 * Saves a snapshot under a new random id. Per account: a rate an hour (the one limiter), the
 * sync's size limits, and a number of live shares (counted under the user's lock).
 */
export async function createShare(rt: Runtime, userId: number, input: ShareInput): Promise<ChatShareInfo> {
  const db = rt.database.db;
  const rate = await hit(db, `chat-share:user:${userId}`, { limit: rt.env.CHAT_SHARES_PER_HOUR, windowMs: 3_600_000 });
  if (!rate.allowed) throw new DomainError(Code.TOO_MANY_REQUESTS, 'chat:share.tooFast', { status: 429 });
  const messages = snapshot(input.messages);
  if (!messages.length) throw new DomainError(Code.BAD_REQUEST, 'chat:share.empty', { status: 400 });
  checkSize(rt, { title: input.title, messages });
  // A share is public to anyone with its link: its texts go through moderation like every published text.
  await checkTexts(rt, shareTexts(input.title, messages), REFUSED);
  const max = rt.env.CHAT_SHARES_MAX;
  const row = await db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const [live] = await tx
      .select({ n: count() })
      .from(chatShares)
      .where(and(eq(chatShares.userId, userId), isNull(chatShares.revokedAt)));
    if ((live?.n ?? 0) >= max) {
      throw new DomainError(Code.FORBIDDEN, 'chat:share.tooMany', { status: 403, params: { max } });
    }
    const [written] = await tx
      .insert(chatShares)
      .values({
        id: randomBytes(18).toString('base64url'),
        userId,
        conversationUuid: input.conversationUuid,
        title: input.title,
        description: describe(messages),
        messages,
      })
      .returning();
    return written;
  });
  if (!row) throw new Error('share not written');
  return info(row);
}

export async function listShares(db: Db, userId: number): Promise<ChatShareInfo[]> {
  const rows = await db
    .select()
    .from(chatShares)
    .where(and(eq(chatShares.userId, userId), isNull(chatShares.revokedAt)))
    .orderBy(desc(chatShares.createdAt))
    .limit(1000);
  return rows.map(info);
}

/**
 * A share's row and labels as its page reads them, per process: the page renders for every request
 * that carries a cookie (the page cache's bypass), and each read them again (on PGlite, on the server's
 * own thread). Every change to a share announces itself on the pages channel, which drops the page
 * cache and these alike; an unknown id is not kept, so made-up addresses cannot fill it.
 */
const pageShares = notifiedCache({
  name: 'shares',
  channel: PAGES_CHANNEL,
  ttlMs: 60_000,
  maxEntries: 200,
  // A share holds up to CHAT_SYNC_CONVERSATION_BYTES (512 KB by default): weighed by its texts, 8 MB in all.
  maxBytes: { total: 8 << 20, sizeOf: (state) => shareWeight(state as ShownShare) },
});
const shareWeight = (state: ShownShare) =>
  state.kind === 'live' ? state.share.title.length + JSON.stringify(state.share.messages).length : 1;

/** The owner's live share, or 404 for anyone else (a stranger learns nothing from the answer). */
const mine = (userId: number, id: string) =>
  and(eq(chatShares.id, id), eq(chatShares.userId, userId), isNull(chatShares.revokedAt));
const notFound = () => new DomainError(Code.NOT_FOUND, 'chat:share.notFound', { status: 404 });

// Share pages are served from the page cache: a change to one reaches every process's cache.
export async function setListed(rt: Runtime, userId: number, id: string, listed: boolean): Promise<ChatShareInfo> {
  if (listed) {
    // Listed for search engines: judged again, against the words listed since it was made.
    const [shown] = await rt.database.db
      .select({ title: chatShares.title, messages: chatShares.messages })
      .from(chatShares)
      .where(mine(userId, id));
    if (!shown) throw notFound();
    await checkTexts(rt, shareTexts(shown.title, shown.messages), REFUSED);
  }
  const [row] = await rt.database.db.update(chatShares).set({ listed }).where(mine(userId, id)).returning();
  if (!row) throw notFound();
  await invalidatePages(rt);
  return info(row);
}

export async function revokeShare(rt: Runtime, userId: number, id: string): Promise<void> {
  const [row] = await rt.database.db
    .update(chatShares)
    .set({ revokedAt: new Date(), listed: false })
    .where(mine(userId, id))
    .returning({ id: chatShares.id });
  if (!row) throw notFound();
  await invalidatePages(rt);
}

export type ShareState =
  | { kind: 'missing' }
  | { kind: 'revoked' }
  | { kind: 'takenDown' }
  | { kind: 'live'; share: ChatShareRow };

/** For the page: unknown (404), revoked by its owner or taken down by a moderator (410), or live. */
export async function readShare(db: Db, id: string): Promise<ShareState> {
  if (!/^[A-Za-z0-9_-]{16,64}$/.test(id)) return { kind: 'missing' };
  const [row] = await db.select().from(chatShares).where(eq(chatShares.id, id));
  if (!row) return { kind: 'missing' };
  if (row.revokedAt) return { kind: 'revoked' };
  return row.review === ReviewState.PUBLISHED ? { kind: 'live', share: row } : { kind: 'takenDown' };
}

/** What the page shows: as ShareState, a live share with its pictures' implicit AI labels (sharedImageMarks). */
export type ShownShare =
  | Exclude<ShareState, { kind: 'live' }>
  | { kind: 'live'; share: ChatShareRow; marks: ImageMarks };
type ImageMarks = ReadonlyMap<string, UploadAigcMark>;

/**
 * For the page: as readShare, and a live share whose texts hold a word listed
 * since it was made is shown as taken down (410). The word list alone judges
 * (local and quick, so on every render: the list may change without the share).
 */
export async function shownShare(rt: Runtime, id: string): Promise<ShownShare> {
  const state = await pageShares.get(
    rt,
    id,
    async (): Promise<ShownShare> => {
      const read = await readShare(rt.database.db, id);
      return read.kind === 'live' ? { ...read, marks: await sharedImageMarks(rt, read.share) } : read;
    },
    (read) => read.kind !== 'missing',
  );
  if (state.kind !== 'live') return state;
  const verdict = await rt.moderation.checkWords(shareTexts(state.share.title, state.share.messages));
  return verdict.verdict === 'violation' ? { kind: 'takenDown' } : state;
}

/** Attachments a snapshot names, by id. */
export function sharedAttachments(messages: StoredChatMessage[]) {
  return new Map(messages.flatMap((m) => m.attachments ?? []).map((a) => [a.id, a]));
}

/**
 * What each shared picture's own metadata said of it when it was uploaded, by attachment id: read
 * from the owner's rows, never from the snapshot, which the browser wrote.
 */
export async function sharedImageMarks(rt: Runtime, share: ChatShareRow): Promise<ImageMarks> {
  const ids = [...sharedAttachments(share.messages).values()].filter((a) => a.kind === 'image').map((a) => a.id);
  if (ids.length === 0) return new Map();
  const rows = await rt.database.db
    .select({ id: chatAttachments.id, mark: chatAttachments.aigcMark })
    .from(chatAttachments)
    .where(
      and(
        eq(chatAttachments.userId, share.userId),
        inArray(chatAttachments.id, ids),
        isNotNull(chatAttachments.aigcMark),
      ),
    );
  return new Map(rows.flatMap((r): [string, UploadAigcMark][] => (r.mark ? [[r.id, r.mark]] : [])));
}

/**
 * The bytes of an attachment through a live share: only one its snapshot names and its owner
 * uploaded (so a snapshot cannot reach another user's file); anything else is 404.
 */
export async function shareFile(rt: Runtime, id: string, attachmentId: string) {
  const state = await readShare(rt.database.db, id);
  if (state.kind !== 'live' || !sharedAttachments(state.share.messages).has(attachmentId)) throw notFound();
  const [file] = await rt.database.db
    .select({ storageKey: chatAttachments.storageKey, mime: chatAttachments.mime, kind: chatAttachments.kind })
    .from(chatAttachments)
    .where(and(eq(chatAttachments.id, attachmentId), eq(chatAttachments.userId, state.share.userId)));
  if (file?.kind !== 'image') throw notFound();
  const key = file.storageKey.replace(/^\/files\//, '');
  const body = await rt.storage.read(key);
  if (!body) throw notFound();
  return { body, mime: file.mime };
}

// The sitemap's rows, kept as the pages' shares are (pageShares): it renders for every request with a cookie.
const listed = notifiedCache({ name: 'listed shares', channel: PAGES_CHANNEL, ttlMs: 60_000, maxEntries: 4 });

/**
 * Listed live shares for the sitemap, newest first, without those whose title
 * or description holds a word listed since (the word list alone judges; their
 * page answers 410 as well: shownShare).
 */
export async function listedShares(rt: Runtime, limit = 5000) {
  const rows = await listed.get(rt, String(limit), () =>
    rt.database.db
      .select({
        id: chatShares.id,
        createdAt: chatShares.createdAt,
        title: chatShares.title,
        description: chatShares.description,
      })
      .from(chatShares)
      .where(
        and(eq(chatShares.listed, true), isNull(chatShares.revokedAt), eq(chatShares.review, ReviewState.PUBLISHED)),
      )
      .orderBy(desc(chatShares.createdAt))
      .limit(limit),
  );
  const kept = [];
  for (const row of rows) {
    const verdict = await rt.moderation.checkWords([row.title, row.description]);
    if (verdict.verdict !== 'violation') kept.push({ id: row.id, createdAt: row.createdAt });
  }
  return kept;
}
