import { randomBytes } from 'node:crypto';
import { and, asc, eq, gt, inArray, isNull, lt, notInArray, or } from 'drizzle-orm';
import { Code } from '../../../shared/codes';
import { jobSettings } from '../../config/jobs';
import type { Db } from '../../db/client';
import { RUNNING_VIDEO, type Video, VideoStatus, videos } from '../../db/schema';
import type { Runtime } from '../../runtime';
import { endTaskHold } from '../credits/spend';
import { recordTaskUsage } from '../ledger/task-usage';
import { refundVideo } from './quota';

/** The task was taken away (timed out, deleted, or claimed by another worker after our lease ran out). */
export class LostTask extends Error {}

export async function publishVideo(rt: Runtime, v: Pick<Video, 'taskId' | 'userId'>, status: number, progress: number) {
  await rt.hub
    .publish(v.taskId, { code: Code.SUCCESS, data: { id: v.taskId, status, progress } }, { userId: v.userId })
    .catch((err: Error) => rt.log.warn('video push failed', { taskId: v.taskId, err: err.message }));
}

export const running = (id: number) => and(eq(videos.id, id), inArray(videos.status, RUNNING_VIDEO));

/** Fails a running video and refunds it in one transaction: the status guard refunds exactly once. */
export async function failVideo(rt: Runtime, id: number, reason: string, token?: string): Promise<boolean> {
  const now = new Date();
  const row = await rt.database.db.transaction(async (tx) => {
    const [failed] = await tx
      .update(videos)
      .set({
        status: VideoStatus.FAILED,
        error: reason.slice(0, 500),
        refundedAt: now,
        finishedAt: now,
        updatedAt: now,
        claimToken: null,
        leaseUntil: null,
      })
      .where(and(running(id), token ? eq(videos.claimToken, token) : undefined))
      .returning();
    if (failed) await refundVideo(tx as unknown as Db, failed);
    return failed;
  });
  if (row) {
    await publishVideo(rt, row, VideoStatus.FAILED, row.progress);
    await recordVideoUsage(rt, row, 'failed');
  }
  return Boolean(row);
}

/** Fails (and refunds) every running video past its deadline. */
export async function failOverdueVideos(rt: Runtime, now = new Date()): Promise<number> {
  const due = await rt.database.db.transaction(async (tx) =>
    tx
      .select({ id: videos.id })
      .from(videos)
      .where(and(inArray(videos.status, RUNNING_VIDEO), lt(videos.deadline, now)))
      .limit(20)
      .for('update', { skipLocked: true }),
  );
  let failed = 0;
  for (const { id } of due) if (await failVideo(rt, id, 'timed out')) failed++;
  return failed;
}

/** Claims the oldest runnable video: queued, or running with an expired lease (its worker died). */
export async function claimVideo(
  rt: Runtime,
  now = new Date(),
  except: number[] = [],
): Promise<{ video: Video; token: string } | null> {
  const token = randomBytes(9).toString('base64url');
  return rt.database.db.transaction(async (tx) => {
    const [v] = await tx
      .select()
      .from(videos)
      .where(
        and(
          inArray(videos.status, RUNNING_VIDEO),
          or(isNull(videos.leaseUntil), lt(videos.leaseUntil, now)),
          gt(videos.deadline, now),
          except.length > 0 ? notInArray(videos.id, except) : undefined,
        ),
      )
      .orderBy(asc(videos.createdAt))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!v) return null;
    const [video] = await tx
      .update(videos)
      .set({
        status: VideoStatus.GENERATING,
        progress: Math.max(v.progress, 1),
        claimToken: token,
        leaseUntil: new Date(now.getTime() + jobSettings(rt.env).JOB_LEASE_MS),
        attempts: v.attempts + 1,
        updatedAt: now,
      })
      .where(eq(videos.id, v.id))
      .returning();
    return video ? { video, token } : null;
  });
}

/** The video's credit hold settled and its one ledger row, when it ends. */
export async function recordVideoUsage(rt: Runtime, v: Video, outcome: 'ok' | 'failed') {
  await endTaskHold(rt, 'video', v.taskId, outcome === 'ok');
  await recordTaskUsage(rt, {
    kind: 'video',
    taskId: v.taskId,
    userId: v.userId,
    channelId: v.channelId,
    provider: v.provider,
    fallbackModel: v.provider,
    taken: outcome === 'ok' || v.providerRef !== null,
    createdAt: v.createdAt,
    outcome,
  });
}
