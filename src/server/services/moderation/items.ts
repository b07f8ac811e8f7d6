import { and, eq, inArray, isNull } from 'drizzle-orm';
import { Code } from '../../../shared/codes';
import type { ReportedItem } from '../../../shared/contract/moderation';
import { ReviewState as Review, type ReviewState } from '../../../shared/moderation';
import type { ReportKind } from '../../../shared/moderation-reports';
import type { Db } from '../../db/client';
import { apps, chatShares, drawings, songs, users, videos } from '../../db/schema';
import { DomainError } from '../../errors';
import type { Runtime } from '../../runtime';
import { forgetStore } from '../apps/store-cache';
import { invalidateSquare } from '../drawing/square';
import { forgetFileAccess, isOpenDrawing, isOpenSong, isOpenVideo, ownerFileUrl } from '../file-access';
import { invalidatePages } from '../pages/channel';

/** A picture, song, video, app or shared conversation as moderation sees it, whatever its state. */
export interface ModeratedItem<K extends ReportKind = ReportKind> {
  kind: K;
  /** The public id: a drawing's, song's or video's task id, an app's id, a share's random id. */
  id: string;
  ownerId: number | null;
  review: ReviewState;
  /** Shared by its author and not deleted: what a report may name, whatever the review. */
  shared: boolean;
  title: string;
  /** The texts the moderation provider judges. */
  texts: string[];
  /** Thumbnail, cover or icon as stored (sign it for anyone but the public). */
  preview: string | null;
  /** A video's MP4 as stored, so a moderator can play it (signed like the preview). */
  media?: string | null;
  href: string;
}

const APP_ID = /^[1-9]\d{0,9}$/;
const SHARE_ID = /^[A-Za-z0-9_-]{16,64}$/;
/** A shared conversation's texts the moderation provider judges: enough to decide, bounded per item. */
const SHARE_TEXTS = 40;
const SHARE_TEXT_CHARS = 2000;

/** The same shape in the report and the review queue. */
type Verdict = ReportedItem['verdict'];

type DrawingRow = typeof drawings.$inferSelect;
type SongRow = typeof songs.$inferSelect;
type VideoRow = typeof videos.$inferSelect;
type AppRow = typeof apps.$inferSelect;
type ShareRow = typeof chatShares.$inferSelect;

/** How moderation sees each kind's row: the one description the report and review queues share. */
export function drawingItem(d: DrawingRow): ModeratedItem<'drawing'> {
  return {
    kind: 'drawing',
    id: d.taskId,
    ownerId: d.userId,
    review: d.review,
    shared: isOpenDrawing({ ...d, review: Review.PUBLISHED }),
    title: d.prompt,
    texts: [d.prompt, d.negativePrompt ?? ''].filter(Boolean),
    preview: d.thumbnailsUrl ?? d.imageUrl,
    href: `/square/${d.taskId}`,
  };
}

export function songItem(s: SongRow): ModeratedItem<'song'> {
  return {
    kind: 'song',
    id: s.taskId,
    ownerId: s.userId,
    review: s.review,
    shared: isOpenSong({ ...s, review: Review.PUBLISHED }),
    title: s.title || s.prompt,
    texts: [s.title, s.prompt, s.tags, s.lyrics].filter(Boolean),
    preview: s.coverUrl,
    href: `/songsDetail?id=${s.taskId}`,
  };
}

export function videoItem(v: VideoRow): ModeratedItem<'video'> {
  return {
    kind: 'video',
    id: v.taskId,
    ownerId: v.userId,
    review: v.review,
    shared: isOpenVideo({ ...v, review: Review.PUBLISHED }),
    title: v.prompt,
    texts: [v.prompt],
    preview: v.thumbUrl ?? v.coverUrl,
    media: v.videoUrl,
    href: `/video?id=${v.taskId}`,
  };
}

export function appItem(a: AppRow): ModeratedItem<'app'> {
  return {
    kind: 'app',
    id: String(a.id),
    ownerId: a.ownerId,
    review: a.review,
    shared: a.published,
    title: a.promptTitle,
    texts: [a.promptTitle, a.promptDescription, a.promptContent].filter(Boolean),
    preview: a.iconUrl,
    href: '/app/store',
  };
}

export function shareItem(s: ShareRow): ModeratedItem<'share'> {
  return {
    kind: 'share',
    id: s.id,
    ownerId: s.userId,
    review: s.review,
    shared: s.revokedAt === null,
    title: s.title,
    texts: [s.title, ...s.messages.slice(0, SHARE_TEXTS).map((m) => m.text.slice(0, SHARE_TEXT_CHARS))].filter(Boolean),
    preview: null,
    href: `/share/${s.id}`,
  };
}

/** The item, or null when it does not exist (or was deleted). */
export async function findItem(db: Db, kind: ReportKind, id: string): Promise<ModeratedItem | null> {
  if (kind === 'drawing') {
    const [d] = await db.select().from(drawings).where(eq(drawings.taskId, id)).limit(1);
    return d ? drawingItem(d) : null;
  }
  if (kind === 'song') {
    const [s] = await db.select().from(songs).where(eq(songs.taskId, id)).limit(1);
    return s ? songItem(s) : null;
  }
  if (kind === 'video') {
    const [v] = await db.select().from(videos).where(eq(videos.taskId, id)).limit(1);
    return v ? videoItem(v) : null;
  }
  if (kind === 'share') {
    if (!SHARE_ID.test(id)) return null;
    const [row] = await db.select().from(chatShares).where(eq(chatShares.id, id)).limit(1);
    return row ? shareItem(row) : null;
  }
  if (!APP_ID.test(id) || Number(id) > 2_147_483_647) return null;
  const [a] = await db
    .select()
    .from(apps)
    .where(and(eq(apps.id, Number(id)), isNull(apps.deletedAt)))
    .limit(1);
  return a ? appItem(a) : null;
}

/** Preview a moderator may open: pictures and covers are signed like their owner's; app icons are public. */
export const moderatorPreview = (rt: Runtime, item: ModeratedItem) =>
  ownerFileUrl(rt, item.preview, item.kind === 'app');

/** The video a moderator plays, signed like the preview; null for every other kind. */
export const moderatorMedia = async (rt: Runtime, item: ModeratedItem) =>
  item.media ? ownerFileUrl(rt, item.media, false) : null;

/** The moderation provider's word on an item's texts; a failing provider is shown as unknown, not as a pass. */
export async function verdictOf(rt: Runtime, item: ModeratedItem | null): Promise<Verdict> {
  const texts = item?.texts ?? [];
  if (texts.length === 0) return { verdict: 'pass', reason: null };
  try {
    const v = await rt.moderation.check(texts);
    return { verdict: v.verdict, reason: v.verdict === 'pass' ? null : (v.reason ?? null) };
  } catch (err) {
    rt.log.warn('moderation check failed', { kind: item?.kind, id: item?.id, err: (err as Error).message });
    return { verdict: 'unknown', reason: null };
  }
}

/** Authors of the items on a queue page, by id, in one query. */
export async function authorsOf(db: Db, ids: Array<number | null>) {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  const rows = wanted.length
    ? await db
        .select({ id: users.id, nickname: users.nickname, email: users.email, bannedAt: users.bannedAt })
        .from(users)
        .where(inArray(users.id, wanted))
    : [];
  return new Map(rows.map((r) => [r.id, r]));
}

/** Public now: shared and published. */
export const isPublicItem = (item: ModeratedItem | null): item is ModeratedItem =>
  Boolean(item?.shared && item.review === Review.PUBLISHED);

/** Shared by its author but taken down: its page answers 410 to everyone but the author. */
export const isTakenDown = (item: ModeratedItem | null): item is ModeratedItem =>
  Boolean(item?.shared && item.review === Review.HIDDEN);

/** For pages and reads of one item: a taken-down item is gone (410), not unknown. */
export const takenDown = () => new DomainError(Code.GONE, 'layout:moderation.takenDown', { status: 410 });

const notFound = () => new DomainError(Code.NOT_FOUND, 'error.notFound', { status: 404 });

/** Sets the item's review state unless it already has it; answers whether it changed. */
export async function setReview(tx: Db, kind: ReportKind, id: string, to: ReviewState, from: ReviewState[]) {
  const now = new Date();
  if (kind === 'drawing') {
    const rows = await tx
      .update(drawings)
      .set({ review: to, updatedAt: now })
      .where(and(eq(drawings.taskId, id), inArray(drawings.review, from)))
      .returning({ id: drawings.id });
    return rows.length > 0;
  }
  if (kind === 'song') {
    const rows = await tx
      .update(songs)
      .set({ review: to, updatedAt: now })
      .where(and(eq(songs.taskId, id), inArray(songs.review, from)))
      .returning({ id: songs.id });
    return rows.length > 0;
  }
  if (kind === 'video') {
    const rows = await tx
      .update(videos)
      .set({ review: to, updatedAt: now })
      .where(and(eq(videos.taskId, id), inArray(videos.review, from)))
      .returning({ id: videos.id });
    return rows.length > 0;
  }
  if (kind === 'share') {
    const rows = await tx
      .update(chatShares)
      .set({ review: to, updatedAt: now })
      .where(and(eq(chatShares.id, id), inArray(chatShares.review, from)))
      .returning({ id: chatShares.id });
    return rows.length > 0;
  }
  if (!APP_ID.test(id)) throw notFound();
  const rows = await tx
    .update(apps)
    .set({ review: to, updatedAt: now })
    .where(and(eq(apps.id, Number(id)), inArray(apps.review, from)))
    .returning({ id: apps.id });
  return rows.length > 0;
}

/**
 * An item's visibility changed: every process drops what it derived from it
 * (square pages and their HTML, the sitemap, file access, cached share pages, the app store) through NOTIFY.
 */
export async function forgetItem(rt: Runtime, kind: ReportKind): Promise<void> {
  if (kind === 'drawing') await invalidateSquare(rt);
  if (kind === 'app') await forgetStore(rt);
  // The square's video list is a cached page; a video's files answer by its state too.
  if (kind === 'share' || kind === 'video') await invalidatePages(rt);
  if (kind !== 'share' && kind !== 'app') await forgetFileAccess(rt);
}
