import { and, eq, inArray } from 'drizzle-orm';
import { Code } from '../../../shared/codes';
import { drawConfig } from '../../config/drawing';
import { type Drawing, DrawingStatus, drawings, UNFINISHED_STATUSES } from '../../db/schema';
import type { Runtime } from '../../runtime';
import { endTaskHold } from '../credits/spend';
import { recordTaskUsage } from '../ledger/task-usage';
import { forgetList } from '../user-lists';
import { progressPush } from './dto';
import { refundDrawQuota } from './quota';
import { invalidateSquare } from './square';

export type TaskPatch = Partial<
  Pick<
    Drawing,
    | 'status'
    | 'progress'
    | 'failReason'
    | 'imageUrl'
    | 'thumbnailsUrl'
    | 'width'
    | 'height'
    | 'leaseUntil'
    | 'finishedAt'
    | 'providerTaskId'
    | 'channelId'
    | 'provider'
    | 'grid'
    | 'providerButtons'
  >
>;

/** Sends a task's state to its owner's sockets (docs/api.md: `{code, mjChatMessage}`); never throws. */
export async function pushTask(rt: Runtime, d: Drawing): Promise<void> {
  await progressPush(d, rt)
    .then((message) => rt.hub.publish(d.taskId, { code: Code.SUCCESS, mjChatMessage: message }, { userId: d.userId }))
    .catch((err: Error) => rt.log.warn('drawing push failed', { taskId: d.taskId, err: err.message }));
}

/**
 * Changes a still unfinished task and pushes the change to its owner. Null
 * when the task finished meanwhile (timed out, deleted): the caller stops.
 */
export async function moveTask(rt: Runtime, d: Drawing, patch: TaskPatch): Promise<Drawing | null> {
  const [row] = await rt.database.db
    .update(drawings)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(drawings.id, d.id), inArray(drawings.status, [...UNFINISHED_STATUSES])))
    .returning();
  if (!row) return null;
  // Before the push: the owner's page refetches its list when told, and must not read a kept one.
  forgetList(rt, 'drawings', row.userId);
  if (patch.status !== undefined || patch.progress !== undefined) await pushTask(rt, row);
  return row;
}

/** Final statuses a task may end in. */
export type FinalStatus = 10 | 11 | 12 | 14;

/**
 * Ends a task: status, reason, lease released, pushed. A failure on our side
 * (11) gives the drawing back to the day's quota; a refused prompt does not.
 */
export async function finishTask(
  rt: Runtime,
  d: Drawing,
  status: FinalStatus,
  patch: TaskPatch = {},
): Promise<Drawing | null> {
  const done = await moveTask(rt, d, {
    ...patch,
    status,
    progress: status === DrawingStatus.DONE ? 100 : d.progress,
    leaseUntil: null,
    finishedAt: new Date(),
  });
  if (!done) return null;
  await recordDrawingUsage(rt, done, status === DrawingStatus.DONE ? 'ok' : 'failed');
  await endTaskHold(rt, 'drawing', done.taskId, status === DrawingStatus.DONE);
  if (status === DrawingStatus.FAILED)
    await refundDrawQuota(rt, done.userId, done.createdAt).catch((err: Error) =>
      rt.log.warn('drawing quota refund failed', { taskId: done.taskId, err: err.message }),
    );
  if (status === DrawingStatus.DONE && done.publicFlag === 1) await invalidateSquare(rt);
  return done;
}

/** The drawing's one ledger row, when it ends (finished, failed, refused or deleted while running). */
export async function recordDrawingUsage(rt: Runtime, d: Drawing, outcome: 'ok' | 'failed' | 'cancelled') {
  await recordTaskUsage(rt, {
    kind: 'drawing',
    taskId: d.taskId,
    userId: d.userId,
    channelId: d.channelId,
    provider: d.provider,
    fallbackModel: d.provider === 'openai' ? drawConfig(rt.env).OPENAI_IMAGE_MODEL : d.provider,
    taken: outcome === 'ok' || d.providerTaskId !== null,
    createdAt: d.createdAt,
    outcome,
  });
}
