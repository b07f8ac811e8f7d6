import { and, count, desc, eq } from 'drizzle-orm';
import { Code } from '../../../shared/codes';
import { ReviewState } from '../../../shared/moderation';
import type { Db } from '../../db/client';
import { RUNNING_VIDEO, type Video, VideoStatus, videos } from '../../db/schema';
import { DomainError } from '../../errors';
import type { Runtime } from '../../runtime';
import { forgetFileAccess, isOpenVideo } from '../file-access';
import { takenDown } from '../moderation/items';
import { refuseHidden, reviewOnPublish } from '../moderation/publishing';
import { invalidatePages } from '../pages/channel';
import { videoDto } from './dto';
import { retryVideo } from './submit';

export interface Paging {
  pageNum: number;
  pageSize: number;
}

async function page(rt: Runtime, where: ReturnType<typeof and>, p: Paging, viewerId: number | null, byFinish: boolean) {
  const { db } = rt.database;
  const [total] = await db.select({ n: count() }).from(videos).where(where);
  const rows = await db
    .select()
    .from(videos)
    .where(where)
    .orderBy(byFinish ? desc(videos.finishedAt) : desc(videos.createdAt), desc(videos.id))
    .limit(p.pageSize)
    .offset((p.pageNum - 1) * p.pageSize);
  return {
    records: await Promise.all(rows.map((v) => videoDto(v, viewerId, rt))),
    total: total?.n ?? 0,
    current: p.pageNum,
    size: p.pageSize,
  };
}

/** The caller's videos, running and finished, newest first. */
export function listMyVideos(rt: Runtime, userId: number, p: Paging) {
  return page(rt, and(eq(videos.userId, userId)), p, userId, false);
}

/** Finished public videos, latest first. */
export function listPublicVideos(rt: Runtime, p: Paging, viewerId: number | null) {
  const open = and(
    eq(videos.isPublic, true),
    eq(videos.status, VideoStatus.DONE),
    eq(videos.review, ReviewState.PUBLISHED),
  );
  return page(rt, open, p, viewerId, true);
}

const notFound = () => new DomainError(Code.NOT_FOUND, 'video:notFound', { status: 404 });

/** A video anyone may see when public and finished; otherwise only its owner. */
export async function videoFor(db: Db, taskId: string, viewerId: number | null): Promise<Video> {
  const [v] = await db.select().from(videos).where(eq(videos.taskId, taskId)).limit(1);
  if (!v) throw notFound();
  const visible = v.userId === viewerId || isOpenVideo(v);
  if (!visible && v.review === ReviewState.HIDDEN && isOpenVideo({ ...v, review: ReviewState.PUBLISHED }))
    throw takenDown();
  if (!visible) throw notFound();
  return v;
}

/** The owner's video, or 404 for everyone else (no hint that it exists). */
export async function ownVideo(db: Db, taskId: string, userId: number): Promise<Video> {
  const [v] = await db
    .select()
    .from(videos)
    .where(and(eq(videos.taskId, taskId), eq(videos.userId, userId)))
    .limit(1);
  if (!v) throw notFound();
  return v;
}

const isRunning = (v: Video) => (RUNNING_VIDEO as readonly number[]).includes(v.status);

export async function deleteVideo(rt: Runtime, userId: number, taskId: string): Promise<void> {
  const { db } = rt.database;
  const v = await ownVideo(db, taskId, userId);
  if (isRunning(v)) throw new DomainError(Code.BAD_REQUEST, 'video:delete.running');
  const [gone] = await db.delete(videos).where(eq(videos.id, v.id)).returning({ id: videos.id });
  if (!gone) throw notFound();
  if (isOpenVideo(v)) await invalidatePages(rt);
  // The reference picture is stored apart (videos/ref/): uploaded before its task existed.
  const removals = [
    rt.storage.removeFolder(`videos/${v.id}/`),
    v.referenceUrl ? rt.storage.remove(v.referenceUrl) : null,
  ];
  for (const r of removals)
    await r?.catch((err: Error) => rt.log.warn('video files not removed', { taskId, err: err.message }));
}

/** Asks a failed video of the caller again. */
export async function retryMyVideo(rt: Runtime, userId: number, taskId: string, lang: string) {
  const v = await ownVideo(rt.database.db, taskId, userId);
  if (v.status !== VideoStatus.FAILED) throw new DomainError(Code.BAD_REQUEST, 'video:retry.notFailed');
  return retryVideo(rt, v, lang);
}

export async function setVideoVisibility(rt: Runtime, userId: number, taskId: string, isPublic: boolean) {
  const { db } = rt.database;
  const v = await ownVideo(db, taskId, userId);
  if (isPublic) refuseHidden(v.review);
  // Made public: under "review first" it waits for a moderator (docs/state-machines.md).
  const review = isPublic && !v.isPublic ? await reviewOnPublish(rt, 'video', v.review) : v.review;
  const [row] = await db
    .update(videos)
    .set({ isPublic, review, updatedAt: new Date() })
    .where(eq(videos.id, v.id))
    .returning();
  // Made private: its files stop answering their public URLs on every process now.
  if (v.isPublic !== isPublic) {
    await forgetFileAccess(rt);
    // The square's video list is a cached page.
    if (v.status === VideoStatus.DONE) await invalidatePages(rt);
  }
  return videoDto(row ?? v, userId, rt);
}
