import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { TFunction } from 'i18next';
import { Code } from '../../../shared/codes';
import { DEFAULT_LANGUAGE } from '../../../shared/i18n';
import type { Db } from '../../db/client';
import { type Notice, noticeReads, notices, userNotices } from '../../db/schema';
import { DomainError } from '../../errors';
import type { Runtime } from '../../runtime';
import { activityConfig } from '../site-settings';

export interface NoticeView {
  noticeId: number;
  kind: string;
  page: string | null;
  content: string;
  revision: number;
}

/** A notice's text in `lang`, else the default language, else any it has. */
export function noticeText(notice: Pick<Notice, 'content'>, lang: string): string {
  const c = notice.content;
  return c[lang] ?? c[DEFAULT_LANGUAGE] ?? Object.values(c).find((v) => typeof v === 'string') ?? '';
}

/**
 * Settings a notice's text may name as {{openTime}} or {{dailyLimit}}, so a text that states a
 * configured value follows the configuration instead of going stale.
 */
export type NoticeVars = Record<string, string>;

/** The values as the site runs now: the console's settings over the environment's. */
export async function noticeVars(rt: Runtime): Promise<NoticeVars> {
  const s = await activityConfig(rt);
  return { openTime: `${String(s.COUPON_OPEN_HOUR).padStart(2, '0')}:00`, dailyLimit: String(s.COUPON_DAILY_LIMIT) };
}

const fill = (text: string, vars: NoticeVars) => text.replace(/\{\{\s*(\w+)\s*\}\}/g, (m, k: string) => vars[k] ?? m);

function view(n: Notice, lang: string, vars: NoticeVars): NoticeView {
  return { noticeId: n.id, kind: n.kind, page: n.page, content: fill(noticeText(n, lang), vars), revision: n.revision };
}

async function enabledNotice(db: Db, noticeId: number): Promise<Notice | null> {
  const [n] = await db
    .select()
    .from(notices)
    .where(and(eq(notices.id, noticeId), eq(notices.enabled, true)));
  return n ?? null;
}

/**
 * Notice load: the notice for the caller, or code 1000701 when there
 * is nothing to show (read at its current revision, or switched off). Visitors
 * always get it: their browser keeps its own read flag (docs/api.md).
 */
export async function loadNotice(
  db: Db,
  noticeId: number,
  userId: number | null,
  lang: string,
  vars: NoticeVars,
): Promise<NoticeView> {
  const n = await enabledNotice(db, noticeId);
  if (!n) throw new DomainError(Code.NOTICE_READ, 'activity:notice.none');
  if (userId !== null) {
    const [read] = await db
      .select({ revision: noticeReads.revision })
      .from(noticeReads)
      .where(and(eq(noticeReads.noticeId, noticeId), eq(noticeReads.userId, userId)));
    if (read && read.revision >= n.revision) throw new DomainError(Code.NOTICE_READ, 'activity:notice.read');
  }
  return view(n, lang, vars);
}

/** Notice push: the caller has seen the notice's current revision (docs/api.md). */
export async function markNoticeRead(db: Db, noticeId: number, userId: number) {
  const [n] = await db.select().from(notices).where(eq(notices.id, noticeId));
  if (!n) throw new DomainError(Code.NOT_FOUND, 'activity:notice.notFound', { status: 404 });
  await db
    .insert(noticeReads)
    .values({ noticeId, userId, revision: n.revision })
    .onConflictDoUpdate({
      target: [noticeReads.noticeId, noticeReads.userId],
      set: { revision: sql`greatest(${noticeReads.revision}, excluded.revision)`, readAt: new Date() },
    });
  return { noticeId, revision: n.revision };
}

/** Enabled banners of a page (chat, draw …), for the page to render on the server. */
export async function pageBanners(db: Db, page: string, lang: string, vars: NoticeVars): Promise<NoticeView[]> {
  const rows = await db
    .select()
    .from(notices)
    .where(and(eq(notices.kind, 'banner'), eq(notices.page, page), eq(notices.enabled, true)))
    .orderBy(asc(notices.id));
  return rows.map((n) => view(n, lang, vars));
}

/**
 * Replaces a notice's text (operators: src/server/cli/activity.ts). A changed
 * text gets a new revision, so people who read the old one see it again.
 */
export async function setNoticeText(db: Db, noticeId: number, content: Record<string, string>, enabled = true) {
  const [n] = await db
    .update(notices)
    .set({ content, enabled, revision: sql`${notices.revision} + 1`, updatedAt: new Date() })
    .where(eq(notices.id, noticeId))
    .returning();
  if (!n) throw new Error(`no notice ${noticeId}`);
  return n;
}

/** Adds a notice for one user, inside the caller's transaction; `key` is a locale key, `params` its values. */
export async function addUserNotice(tx: Db, userId: number, key: string, params: Record<string, string | number>) {
  await tx.insert(userNotices).values({ userId, key, params });
}

/** The user's unread notices, oldest first, in the language of `t` (the request's translator). */
export async function unreadUserNotices(db: Db, userId: number, t: TFunction) {
  const rows = await db
    .select()
    .from(userNotices)
    .where(and(eq(userNotices.userId, userId), isNull(userNotices.readAt)))
    .orderBy(asc(userNotices.createdAt), asc(userNotices.id))
    .limit(20);
  return rows.map((n) => ({ id: n.id, content: t(n.key, n.params), createdAt: n.createdAt.toISOString() }));
}

/** Marks one of the user's notices read; another user's id changes nothing. */
export async function markUserNoticeRead(db: Db, userId: number, id: number) {
  await db
    .update(userNotices)
    .set({ readAt: new Date() })
    .where(and(eq(userNotices.id, id), eq(userNotices.userId, userId), isNull(userNotices.readAt)));
  return { id };
}
