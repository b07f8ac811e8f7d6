import { and, count, desc, eq, ilike, inArray, type Placeholder, sql } from 'drizzle-orm';
import { Code } from '../../../shared/codes';
import type { DrawingPage } from '../../../shared/contract/drawing';
import type { Db } from '../../db/client';
import { pageTotal, totalOf } from '../../db/queries/page-total';
import { prepared } from '../../db/queries/prepared';
import { type Drawing, DrawingStatus, drawings, UNFINISHED_STATUSES } from '../../db/schema';
import { DomainError } from '../../errors';
import type { Runtime } from '../../runtime';
import { endTaskHold } from '../credits/spend';
import { forgetFileAccess } from '../file-access';
import { refuseHidden, reviewOnPublish } from '../moderation/publishing';
import { forgetList, keptList } from '../user-lists';
import { drawingMessage, messageColumns } from './dto';
import { invalidateSquare } from './square';
import { removePicture } from './store';
import { recordDrawingUsage } from './tasks';

const picturesOf = (userId: number | Placeholder, search: string | Placeholder | undefined) =>
  and(
    eq(drawings.userId, userId),
    eq(drawings.status, DrawingStatus.DONE),
    search === undefined ? undefined : ilike(drawings.prompt, search),
  );

const picturesPage = (db: Db, searched: boolean) =>
  prepared(db, searched ? 'pictures_page_search' : 'pictures_page', (db, name) => {
    const where = picturesOf(sql.placeholder('userId'), searched ? sql.placeholder('search') : undefined);
    return db
      .select({ drawing: messageColumns, total: totalOf(drawings, where) })
      .from(drawings)
      .where(where)
      .orderBy(desc(drawings.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(name);
  });

/**
 * The caller's finished pictures (my works), newest first, as reply JSON kept until their
 * drawings change (services/user-lists.ts); `content` searches prompts.
 */
export function listMyPictures(
  rt: Runtime,
  userId: number,
  p: { pageNum: number; pageSize: number; content?: string },
) {
  return keptList(rt, 'drawings', userId, `${p.pageNum}:${p.pageSize}:${p.content ?? ''}`, async () =>
    JSON.stringify(await loadMyPictures(rt, userId, p)),
  );
}

async function loadMyPictures(
  rt: Runtime,
  userId: number,
  p: { pageNum: number; pageSize: number; content?: string },
): Promise<DrawingPage> {
  const term = p.content?.trim().replace(/[%_\\]/g, '');
  const search = term ? `%${term}%` : undefined;
  const { db } = rt.database;
  const values = { userId, search, limit: p.pageSize, offset: (p.pageNum - 1) * p.pageSize };
  const rows = await (search ? picturesPage(db, true) : picturesPage(db, false)).execute(values);
  const total = await pageTotal(rows, p.pageNum, async () => {
    const [all] = await db.select({ n: count() }).from(drawings).where(picturesOf(userId, search));
    return all?.n ?? 0;
  });
  return {
    records: await Promise.all(rows.map((r) => drawingMessage(r.drawing, rt))),
    total,
    current: p.pageNum,
    size: p.pageSize,
  };
}

/** The caller's unfinished tasks (a page reloaded mid-task resumes its progress from these). */
export async function listMyRunning(rt: Runtime, userId: number) {
  const rows = await rt.database.db
    .select()
    .from(drawings)
    .where(and(eq(drawings.userId, userId), inArray(drawings.status, [...UNFINISHED_STATUSES])))
    .orderBy(desc(drawings.id))
    .limit(10);
  return Promise.all(rows.map((d) => drawingMessage(d, rt)));
}

/** One task of the caller, any status; another user's task answers like a missing one. */
export async function ownDrawing(rt: Runtime, userId: number, taskId: string): Promise<Drawing> {
  const [row] = await rt.database.db
    .select()
    .from(drawings)
    .where(and(eq(drawings.taskId, taskId), eq(drawings.userId, userId)))
    .limit(1);
  if (!row) throw new DomainError(Code.NOT_FOUND, 'drawing:notFound', { status: 404 });
  return row;
}

/** Deletes a task of the caller with its files; a running one stops (its worker finds the row gone). */
export async function deleteDrawing(rt: Runtime, userId: number, taskId: string): Promise<void> {
  const row = await ownDrawing(rt, userId, taskId);
  const [gone] = await rt.database.db
    .delete(drawings)
    .where(and(eq(drawings.id, row.id), eq(drawings.userId, userId)))
    .returning();
  if (!gone) throw new DomainError(Code.NOT_FOUND, 'drawing:notFound', { status: 404 });
  forgetList(rt, 'drawings', userId);
  await removePicture(rt, gone);
  if (UNFINISHED_STATUSES.includes(gone.status)) {
    await recordDrawingUsage(rt, gone, 'cancelled');
    await endTaskHold(rt, 'drawing', gone.taskId, false);
  }
  if (gone.status === DrawingStatus.DONE && gone.publicFlag === 1) await invalidateSquare(rt);
}

/**
 * Makes a picture of the caller public (1: the square and its files open to anyone) or private (2: its
 * files by signed URL only). Every process forgets what it knew of the files and the square.
 */
export async function setDrawingVisibility(rt: Runtime, userId: number, taskId: string, publicFlag: 1 | 2) {
  const row = await ownDrawing(rt, userId, taskId);
  if (publicFlag === 1) refuseHidden(row.review);
  // Made public: under "review first" it waits for a moderator (docs/state-machines.md).
  const review =
    publicFlag === 1 && row.publicFlag !== 1 ? await reviewOnPublish(rt, 'drawing', row.review) : row.review;
  const [updated] = await rt.database.db
    .update(drawings)
    .set({ publicFlag, review, updatedAt: new Date() })
    .where(and(eq(drawings.id, row.id), eq(drawings.userId, userId)))
    .returning();
  if (!updated) throw new DomainError(Code.NOT_FOUND, 'drawing:notFound', { status: 404 });
  forgetList(rt, 'drawings', userId);
  if (row.publicFlag !== publicFlag) {
    await forgetFileAccess(rt);
    if (row.status === DrawingStatus.DONE) await invalidateSquare(rt);
  }
  return drawingMessage(updated, rt);
}
