import { and, asc, count, eq, isNull } from 'drizzle-orm';
import type { ReviewDecision, ReviewItem, ReviewQueue } from '../../../shared/contract/moderation';
import { ReviewState } from '../../../shared/moderation';
import { apps, DrawingStatus, drawings, SongStatus, songs, VideoStatus, videos } from '../../db/schema';
import { DomainError } from '../../errors';
import type { Runtime } from '../../runtime';
import { type Actor, auditedOnce } from '../admin/audit';
import { noticeAuthor } from './author-notice';
import {
  appItem,
  authorsOf,
  drawingItem,
  findItem,
  forgetItem,
  moderatorMedia,
  moderatorPreview,
  setReview,
  songItem,
  verdictOf,
  videoItem,
} from './items';

const QUEUE_MAX = 50;

// Waiting items are those their authors made public; a pending private one waits for nobody.
const pendingPictures = and(
  eq(drawings.review, ReviewState.PENDING),
  eq(drawings.publicFlag, 1),
  eq(drawings.status, DrawingStatus.DONE),
);
const pendingSongs = and(
  eq(songs.review, ReviewState.PENDING),
  eq(songs.isPublic, true),
  eq(songs.status, SongStatus.DONE),
);
const pendingVideos = and(
  eq(videos.review, ReviewState.PENDING),
  eq(videos.isPublic, true),
  eq(videos.status, VideoStatus.DONE),
);
const pendingApps = and(eq(apps.review, ReviewState.PENDING), eq(apps.published, true), isNull(apps.deletedAt));

/** The oldest waiting items of every kind, described as moderation sees them, with when they began waiting. */
async function pendingItems(rt: Runtime) {
  const { db } = rt.database;
  const [pictures, tunes, clips, made, totals] = await Promise.all([
    db.select().from(drawings).where(pendingPictures).orderBy(asc(drawings.updatedAt)).limit(QUEUE_MAX),
    db.select().from(songs).where(pendingSongs).orderBy(asc(songs.updatedAt)).limit(QUEUE_MAX),
    db.select().from(videos).where(pendingVideos).orderBy(asc(videos.updatedAt)).limit(QUEUE_MAX),
    db.select().from(apps).where(pendingApps).orderBy(asc(apps.updatedAt)).limit(QUEUE_MAX),
    Promise.all([
      db.select({ n: count() }).from(drawings).where(pendingPictures),
      db.select({ n: count() }).from(songs).where(pendingSongs),
      db.select({ n: count() }).from(videos).where(pendingVideos),
      db.select({ n: count() }).from(apps).where(pendingApps),
    ]),
  ]);
  const waiting = [
    ...pictures.map((d) => ({ item: drawingItem(d), since: d.updatedAt })),
    ...tunes.map((s) => ({ item: songItem(s), since: s.updatedAt })),
    ...clips.map((v) => ({ item: videoItem(v), since: v.updatedAt })),
    ...made.map((a) => ({ item: appItem(a), since: a.updatedAt })),
  ].filter((w) => w.item.ownerId !== null);
  waiting.sort((a, b) => a.since.getTime() - b.since.getTime());
  const total = totals.reduce((n, [t]) => n + (t?.n ?? 0), 0);
  return { waiting: waiting.slice(0, QUEUE_MAX), total };
}

/** Items waiting for review, oldest first (the first 50), each with its author and verdict (docs/console.md). */
export async function reviewQueue(rt: Runtime): Promise<ReviewQueue> {
  const { waiting, total } = await pendingItems(rt);
  const authors = await authorsOf(
    rt.database.db,
    waiting.map((w) => w.item.ownerId),
  );
  const items = await Promise.all(
    waiting.map(async ({ item, since }): Promise<ReviewItem> => {
      const userId = item.ownerId ?? 0;
      const author = authors.get(userId);
      return {
        kind: item.kind,
        id: item.id,
        title: item.title.slice(0, 80),
        text: item.texts.join('\n').slice(0, 2000),
        // Not public yet: the console gets signed URLs for pictures and covers, like the owner.
        preview: await moderatorPreview(rt, item),
        media: await moderatorMedia(rt, item),
        author: { id: userId, nickname: author?.nickname ?? null, email: author?.email ?? null },
        since: since.toISOString(),
        verdict: await verdictOf(rt, item),
      };
    }),
  );
  return { items, total };
}

/**
 * Approves (→ published) or rejects (→ hidden) a pending item, with the
 * reason in its one audit row; a repeated click acts once (null). Every
 * process then forgets what it cached of the square and of file access.
 */
export async function decideReview(rt: Runtime, actor: Actor, d: ReviewDecision) {
  const to = d.action === 'approve' ? ReviewState.PUBLISHED : ReviewState.HIDDEN;
  const done = await auditedOnce(rt.database.db, actor, async (tx) => {
    const changed = await setReview(tx, d.kind, d.id, to, [ReviewState.PENDING]);
    const item = changed ? await findItem(tx, d.kind, d.id) : null;
    // Another moderator decided first, or the author took it back (deleted, made private and public again).
    if (!item?.ownerId) throw new DomainError(409, 'admin:review.notPending', { status: 409 });
    return {
      value: { userId: item.ownerId, title: item.title.slice(0, 80) },
      entry: {
        action: `review.${d.action}`,
        targetType: d.kind,
        targetId: d.id,
        reason: d.reason,
        before: { review: ReviewState.PENDING },
        after: { review: to },
        requestId: d.requestId,
      },
    };
  });
  if (!done) return null;
  await forgetItem(rt, d.kind);
  await noticeAuthor(rt, {
    userId: done.userId,
    kind: d.kind,
    title: done.title,
    action: d.action === 'approve' ? 'approved' : 'rejected',
  });
  return { kind: d.kind, id: d.id, review: to };
}
