import { Code } from '../../../shared/codes';
import { jobSettings } from '../../config/jobs';
import { RUNNING_VIDEO, type Video, VideoStatus, videos } from '../../db/schema';
import { claimTask, failTask, overdueTasks, runningTask, type TaskKind } from '../../jobs/task-rows';
import type { Runtime } from '../../runtime';
import { endTaskHold } from '../credits/spend';
import { recordTaskUsage } from '../ledger/task-usage';
import { refundVideo } from './quota';

export { LostTask } from '../../jobs/task-rows';

/** Videos as leased tasks (jobs/task-rows.ts): a claim moves a video on to generating. */
const VIDEO_TASKS: TaskKind<Video> = {
  table: videos,
  running: RUNNING_VIDEO,
  failed: VideoStatus.FAILED,
  claimed: () => ({ status: VideoStatus.GENERATING, progress: 1 }),
  refund: refundVideo,
};

export async function publishVideo(rt: Runtime, v: Pick<Video, 'taskId' | 'userId'>, status: number, progress: number) {
  await rt.hub
    .publish(v.taskId, { code: Code.SUCCESS, data: { id: v.taskId, status, progress } }, { userId: v.userId })
    .catch((err: Error) => rt.log.warn('video push failed', { taskId: v.taskId, err: err.message }));
}

export const running = (id: number) => runningTask(VIDEO_TASKS, id);

/** Fails a running video and refunds it, exactly once (jobs/task-rows.ts). */
export async function failVideo(rt: Runtime, id: number, reason: string, token?: string): Promise<boolean> {
  const row = await failTask(rt.database.db, VIDEO_TASKS, id, reason, token);
  if (row) {
    await publishVideo(rt, row, VideoStatus.FAILED, row.progress);
    await recordVideoUsage(rt, row, 'failed');
  }
  return Boolean(row);
}

/** Fails (and refunds) every running video past its deadline. */
export async function failOverdueVideos(rt: Runtime, now = new Date()): Promise<number> {
  let failed = 0;
  for (const id of await overdueTasks(rt.database.db, VIDEO_TASKS, now))
    if (await failVideo(rt, id, 'timed out')) failed++;
  return failed;
}

/** Claims the oldest runnable video; the lease (JOB_LEASE_MS) is renewed while it runs. */
export async function claimVideo(
  rt: Runtime,
  now = new Date(),
  except: number[] = [],
): Promise<{ video: Video; token: string } | null> {
  const claimed = await claimTask(rt.database.db, VIDEO_TASKS, jobSettings(rt.env).JOB_LEASE_MS, now, except);
  return claimed ? { video: claimed.row, token: claimed.token } : null;
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
