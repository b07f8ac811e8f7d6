import { and, asc, count, eq, inArray, isNull } from 'drizzle-orm';
import type { ReviewItem, ReviewKind, ReviewQueue } from '../../../shared/contract/review';
import { ReviewState } from '../../../shared/moderation';
import { apps, DrawingStatus, drawings, SongStatus, songs, users } from '../../db/schema';
import { DomainError } from '../../errors';
import type { Runtime } from '../../runtime';
import { type Actor, auditedOnce } from '../admin/audit';
import { invalidateSquare } from '../drawing/square';
import { forgetFileAccess, ownerFileUrl } from '../file-access';
import { noticeAuthor } from './author-notice';

const QUEUE_MAX = 50;

/** What the queue needs of a row, whatever its kind. */
interface Row {
  kind: ReviewKind;
  id: string;
  title: string;
  text: string;
  preview: string | null;
  userId: number;
  since: Date;
}

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
const pendingApps = and(eq(apps.review, ReviewState.PENDING), eq(apps.published, true), isNull(apps.deletedAt));

async function pendingRows(rt: Runtime): Promise<{ rows: Row[]; total: number }> {
  const { db } = rt.database;
  const [pictures, tunes, made, totals] = await Promise.all([
    db.select().from(drawings).where(pendingPictures).orderBy(asc(drawings.updatedAt)).limit(QUEUE_MAX),
    db.select().from(songs).where(pendingSongs).orderBy(asc(songs.updatedAt)).limit(QUEUE_MAX),
    db.select().from(apps).where(pendingApps).orderBy(asc(apps.updatedAt)).limit(QUEUE_MAX),
    Promise.all([
      db.select({ n: count() }).from(drawings).where(pendingPictures),
      db.select({ n: count() }).from(songs).where(pendingSongs),
      db.select({ n: count() }).from(apps).where(pendingApps),
    ]),
  ]);
  const rows: Row[] = [
    ...pictures.map((d) => ({
      kind: 'drawing' as const,
      id: d.taskId,
      title: d.prompt.slice(0, 80),
      text: [d.prompt, d.negativePrompt].filter(Boolean).join('\n'),
      preview: d.thumbnailsUrl,
      userId: d.userId,
      since: d.updatedAt,
    })),
    ...tunes.map((s) => ({
      kind: 'song' as const,
      id: s.taskId,
      title: s.title,
      text: [s.prompt, s.tags, s.lyrics].filter(Boolean).join('\n'),
      preview: s.coverUrl,
      userId: s.userId,
      since: s.updatedAt,
    })),
    ...made.flatMap((a) =>
      a.ownerId === null
        ? []
        : [
            {
              kind: 'app' as const,
              id: String(a.id),
              title: a.promptTitle,
              text: [a.promptDescription, a.promptContent].filter(Boolean).join('\n'),
              preview: a.iconUrl,
              userId: a.ownerId,
              since: a.updatedAt,
            },
          ],
    ),
  ];
  rows.sort((a, b) => a.since.getTime() - b.since.getTime());
  const total = totals.reduce((n, [t]) => n + (t?.n ?? 0), 0);
  const shown = rows.slice(0, QUEUE_MAX);
  // Not public yet: the console gets signed URLs for pictures and covers, like the owner.
  for (const row of shown) if (row.kind !== 'app') row.preview = await ownerFileUrl(rt, row.preview, false);
  return { rows: shown, total };
}

/** The moderation provider's verdict on an item's texts; a provider that cannot answer says "unknown". */
async function verdictOf(rt: Runtime, row: Row): Promise<ReviewItem['verdict']> {
  try {
    const v = await rt.moderation.check([row.title, row.text].filter(Boolean));
    return v.verdict === 'pass' ? { verdict: 'pass', reason: null } : { verdict: v.verdict, reason: v.reason };
  } catch (err) {
    rt.log.warn('review verdict failed', { kind: row.kind, id: row.id, err: (err as Error).message });
    return { verdict: 'unknown', reason: null };
  }
}

/** Items waiting for review, oldest first (the first 50), each with its author and verdict (docs/console.md). */
export async function reviewQueue(rt: Runtime): Promise<ReviewQueue> {
  const { rows, total } = await pendingRows(rt);
  const ids = [...new Set(rows.map((r) => r.userId))];
  const authors = ids.length
    ? await rt.database.db
        .select({ id: users.id, nickname: users.nickname, email: users.email })
        .from(users)
        .where(inArray(users.id, ids))
    : [];
  const byId = new Map(authors.map((a) => [a.id, a]));
  const items = await Promise.all(
    rows.map(
      async (r): Promise<ReviewItem> => ({
        kind: r.kind,
        id: r.id,
        title: r.title,
        text: r.text.slice(0, 2000),
        preview: r.preview,
        author: byId.get(r.userId) ?? { id: r.userId, nickname: null, email: null },
        since: r.since.toISOString(),
        verdict: await verdictOf(rt, r),
      }),
    ),
  );
  return { items, total };
}

export type ReviewAction = 'approve' | 'reject';

/** One pending item taken to its decision: its author, title and new state; null when it was not pending. */
async function decideRow(tx: Runtime['database']['db'], kind: ReviewKind, id: string, to: ReviewState) {
  const set = { review: to };
  if (kind === 'drawing') {
    const [d] = await tx
      .update(drawings)
      .set(set)
      .where(and(eq(drawings.taskId, id), eq(drawings.review, ReviewState.PENDING)))
      .returning();
    return d ? { userId: d.userId, title: d.prompt.slice(0, 80) } : null;
  }
  if (kind === 'song') {
    const [s] = await tx
      .update(songs)
      .set(set)
      .where(and(eq(songs.taskId, id), eq(songs.review, ReviewState.PENDING)))
      .returning();
    return s ? { userId: s.userId, title: s.title } : null;
  }
  const appId = Number(id);
  if (!Number.isSafeInteger(appId)) return null;
  const [a] = await tx
    .update(apps)
    .set(set)
    .where(and(eq(apps.id, appId), eq(apps.review, ReviewState.PENDING)))
    .returning();
  return a?.ownerId ? { userId: a.ownerId, title: a.promptTitle } : null;
}

/**
 * Approves (→ published) or rejects (→ hidden) a pending item, with the
 * reason in its one audit row; a repeated click acts once (null). Every
 * process then forgets what it cached of the square and of file access.
 */
export async function decideReview(
  rt: Runtime,
  actor: Actor,
  d: { kind: ReviewKind; id: string; action: ReviewAction; reason: string; requestId: string },
) {
  const to = d.action === 'approve' ? ReviewState.PUBLISHED : ReviewState.HIDDEN;
  const done = await auditedOnce(rt.database.db, actor, async (tx) => {
    const row = await decideRow(tx, d.kind, d.id, to);
    // Another moderator decided first, or the author took it back (deleted, made private and public again).
    if (!row) throw new DomainError(409, 'admin:review.notPending', { status: 409 });
    return {
      value: row,
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
  if (d.kind === 'drawing') await invalidateSquare(rt);
  if (d.kind !== 'app') await forgetFileAccess(rt);
  await noticeAuthor(rt, {
    userId: done.userId,
    kind: d.kind,
    title: done.title,
    action: d.action === 'approve' ? 'approved' : 'rejected',
  });
  return { kind: d.kind, id: d.id, review: to };
}
