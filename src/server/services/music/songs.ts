import { and, count, desc, eq } from 'drizzle-orm';
import { Code } from '../../../shared/codes';
import { ReviewState } from '../../../shared/moderation';
import type { Db } from '../../db/client';
import { RUNNING_SONG, type Song, SongStatus, songs } from '../../db/schema';
import { DomainError } from '../../errors';
import type { Runtime } from '../../runtime';
import { forgetFileAccess, isOpenSong } from '../file-access';
import { takenDown } from '../moderation/items';
import { refuseHidden, reviewOnPublish } from '../moderation/publishing';
import { invalidatePages } from '../pages/channel';
import { songDto } from './dto';

export interface Paging {
  pageNum: number;
  pageSize: number;
}

async function page(rt: Runtime, where: ReturnType<typeof and>, p: Paging, viewerId: number | null, byFinish: boolean) {
  const { db } = rt.database;
  const [total] = await db.select({ n: count() }).from(songs).where(where);
  const rows = await db
    .select()
    .from(songs)
    .where(where)
    .orderBy(byFinish ? desc(songs.finishedAt) : desc(songs.createdAt), desc(songs.id))
    .limit(p.pageSize)
    .offset((p.pageNum - 1) * p.pageSize);
  return {
    records: await Promise.all(rows.map((s) => songDto(s, viewerId, rt))),
    total: total?.n ?? 0,
    current: p.pageNum,
    size: p.pageSize,
  };
}

/** The caller's songs, running and finished, newest first. */
export function listMySongs(rt: Runtime, userId: number, p: Paging) {
  return page(rt, and(eq(songs.userId, userId)), p, userId, false);
}

/** Finished public songs, latest first. */
export function listPublicSongs(rt: Runtime, p: Paging, viewerId: number | null) {
  return page(
    rt,
    and(eq(songs.isPublic, true), eq(songs.status, SongStatus.DONE), eq(songs.review, ReviewState.PUBLISHED)),
    p,
    viewerId,
    true,
  );
}

const notFound = () => new DomainError(Code.NOT_FOUND, 'music:notFound', { status: 404 });

/** A song anyone may see when public and finished; otherwise only its owner. */
export async function songFor(db: Db, taskId: string, viewerId: number | null): Promise<Song> {
  const [s] = await db.select().from(songs).where(eq(songs.taskId, taskId)).limit(1);
  if (!s) throw notFound();
  const visible = s.userId === viewerId || isOpenSong(s);
  if (!visible && isOpenSong({ ...s, review: ReviewState.PUBLISHED }) && s.review === ReviewState.HIDDEN)
    throw takenDown();
  if (!visible) throw notFound();
  return s;
}

/** The owner's song, or 404 for everyone else (no hint that it exists). */
export async function ownSong(db: Db, taskId: string, userId: number): Promise<Song> {
  const [s] = await db
    .select()
    .from(songs)
    .where(and(eq(songs.taskId, taskId), eq(songs.userId, userId)))
    .limit(1);
  if (!s) throw notFound();
  return s;
}

export async function deleteSong(rt: Runtime, userId: number, taskId: string): Promise<void> {
  const { db } = rt.database;
  const s = await ownSong(db, taskId, userId);
  if ((RUNNING_SONG as readonly number[]).includes(s.status))
    throw new DomainError(Code.BAD_REQUEST, 'music:delete.running');
  const [gone] = await db.delete(songs).where(eq(songs.id, s.id)).returning({ id: songs.id });
  if (!gone) throw notFound();
  await invalidatePages(rt);
  for (const url of [s.audioUrl, s.coverUrl]) {
    if (url)
      await rt.storage
        .remove(url)
        .catch((err: Error) => rt.log.warn('song file not removed', { url, err: err.message }));
  }
}

export async function setSongVisibility(rt: Runtime, userId: number, taskId: string, isPublic: boolean) {
  const { db } = rt.database;
  const s = await ownSong(db, taskId, userId);
  if (isPublic) refuseHidden(s.review);
  // Made public: under "review first" it waits for a moderator (docs/state-machines.md).
  const review = isPublic && !s.isPublic ? await reviewOnPublish(rt, 'song', s.review) : s.review;
  const [row] = await db
    .update(songs)
    .set({ isPublic, review, updatedAt: new Date() })
    .where(eq(songs.id, s.id))
    .returning();
  // Made private: its files stop answering their public URLs on every process now.
  if (s.isPublic !== isPublic) await forgetFileAccess(rt);
  return songDto(row ?? s, userId, rt);
}
