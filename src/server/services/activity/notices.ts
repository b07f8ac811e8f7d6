import { and, asc, eq, gt, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { TFunction } from 'i18next';
import { Code } from '../../../shared/codes';
import { DEFAULT_LANGUAGE } from '../../../shared/i18n';
import type { NoticeAudience } from '../../../shared/notices';
import type { Db } from '../../db/client';
import { type Notice, noticeReads, notices, userNotices, users } from '../../db/schema';
import { DomainError } from '../../errors';
import type { Runtime } from '../../runtime';
import { notifiedCache } from '../notified-cache';
import { PAGES_CHANNEL } from '../pages/channel';
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

export const fillNoticeVars = (text: string, vars: NoticeVars) =>
  text.replace(/\{\{\s*(\w+)\s*\}\}/g, (m, k: string) => vars[k] ?? m);

function view(n: Notice, lang: string, vars: NoticeVars): NoticeView {
  return {
    noticeId: n.id,
    kind: n.kind,
    page: n.page,
    content: fillNoticeVars(noticeText(n, lang), vars),
    revision: n.revision,
  };
}

/** Who is asking, for a notice's audience: no login, a user, or a member (membership not ended). */
export type Viewer = 'visitor' | 'user' | 'member';

export async function viewerOf(db: Db, userId: number | null, now: Date): Promise<Viewer> {
  if (userId === null) return 'visitor';
  const [u] = await db
    .select({ vipType: users.vipType, endDate: users.endDate })
    .from(users)
    .where(eq(users.id, userId));
  return u?.vipType != null && u.endDate !== null && u.endDate > now ? 'member' : 'user';
}

const AUDIENCES: Record<Viewer, NoticeAudience[]> = {
  visitor: ['all', 'visitors'],
  user: ['all'],
  member: ['all', 'members'],
};

/**
 * The one rule of what the site shows (docs/console.md): switched on, inside
 * its schedule, and meant for this viewer. Every public read of notices uses it.
 */
export function shownTo(viewer: Viewer, now: Date): SQL {
  return and(
    eq(notices.enabled, true),
    or(isNull(notices.startsAt), lte(notices.startsAt, now)),
    or(isNull(notices.endsAt), gt(notices.endsAt, now)),
    inArray(notices.audience, AUDIENCES[viewer]),
  ) as SQL;
}

async function readRevision(db: Db, noticeId: number, userId: number) {
  const [read] = await db
    .select({ revision: noticeReads.revision })
    .from(noticeReads)
    .where(and(eq(noticeReads.noticeId, noticeId), eq(noticeReads.userId, userId)));
  return read?.revision ?? 0;
}

/**
 * Notice load: the notice for the caller, or code 1000701 when there
 * is nothing to show (read at its current revision, switched off, outside its
 * schedule or meant for others). Visitors always get it: their browser keeps
 * its own read flag (docs/api.md).
 */
export async function loadNotice(
  db: Db,
  noticeId: number,
  userId: number | null,
  lang: string,
  vars: NoticeVars,
  now = new Date(),
): Promise<NoticeView> {
  const viewer = await viewerOf(db, userId, now);
  const [n] = await db
    .select()
    .from(notices)
    .where(and(eq(notices.id, noticeId), shownTo(viewer, now)));
  if (!n) throw new DomainError(Code.NOTICE_READ, 'activity:notice.none');
  if (userId !== null && (await readRevision(db, noticeId, userId)) >= n.revision)
    throw new DomainError(Code.NOTICE_READ, 'activity:notice.read');
  return view(n, lang, vars);
}

/**
 * The announcements to show the caller now, oldest first: for a user those
 * not read at their current revision; a visitor's browser filters by its flags.
 */
export async function currentAnnouncements(
  db: Db,
  userId: number | null,
  lang: string,
  vars: NoticeVars,
  now = new Date(),
): Promise<NoticeView[]> {
  const viewer = await viewerOf(db, userId, now);
  const rows = await db
    .select({ n: notices, read: noticeReads.revision })
    .from(notices)
    .leftJoin(noticeReads, and(eq(noticeReads.noticeId, notices.id), eq(noticeReads.userId, userId ?? 0)))
    .where(and(eq(notices.kind, 'announcement'), shownTo(viewer, now)))
    .orderBy(asc(notices.id))
    .limit(20);
  return rows.filter((r) => (r.read ?? 0) < r.n.revision).map((r) => view(r.n, lang, vars));
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

/**
 * Banners of a page (chat, draw …) for the page to render on the server,
 * which does not know the caller: banners are for everyone (the console
 * refuses another audience for them).
 */
export async function pageBanners(
  db: Db,
  page: string,
  lang: string,
  vars: NoticeVars,
  now = new Date(),
): Promise<NoticeView[]> {
  const rows = await db
    .select()
    .from(notices)
    .where(and(eq(notices.kind, 'banner'), eq(notices.page, page), shownTo('user', now)))
    .orderBy(asc(notices.id));
  return rows.map((n) => view(n, lang, vars));
}

// Every change to notices is announced on the pages' channel (console, `activity` command).
const banners = notifiedCache({ name: 'banners', channel: PAGES_CHANNEL, ttlMs: 60_000, maxEntries: 100 });

/**
 * pageBanners for a page's render: the switched-on banners of the page are kept
 * until a change to notices is announced; their schedule is checked at each call.
 */
export async function keptPageBanners(
  rt: Runtime,
  page: string,
  lang: string,
  now = new Date(),
): Promise<NoticeView[]> {
  const rows = await banners.get(rt, page, () =>
    rt.database.db
      .select()
      .from(notices)
      .where(
        and(
          eq(notices.kind, 'banner'),
          eq(notices.page, page),
          eq(notices.enabled, true),
          inArray(notices.audience, AUDIENCES.user),
        ),
      )
      .orderBy(asc(notices.id)),
  );
  const shown = rows.filter((n) => (!n.startsAt || n.startsAt <= now) && (!n.endsAt || n.endsAt > now));
  if (!shown.length) return [];
  const vars = await noticeVars(rt);
  return shown.map((n) => view(n, lang, vars));
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
