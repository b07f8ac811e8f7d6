import { Code } from '../../../shared/codes';
import { jobSettings } from '../../config/jobs';
import { musicConfig } from '../../config/music';
import { RUNNING_SONG, type Song, SongStatus, songs } from '../../db/schema';
import { claimTask, failTask, overdueTasks, runningTask, type TaskKind } from '../../jobs/task-rows';
import type { Runtime } from '../../runtime';
import { endTaskHold } from '../credits/spend';
import { recordTaskUsage } from '../ledger/task-usage';
import { refundComposition } from './quota';

export { LostTask } from '../../jobs/task-rows';

/** Songs as leased tasks (jobs/task-rows.ts): a claim moves a queued song on to composing. */
const SONG_TASKS: TaskKind<Song> = {
  table: songs,
  running: RUNNING_SONG,
  failed: SongStatus.FAILED,
  claimed: (s) => ({ status: s.status === SongStatus.QUEUED ? SongStatus.COMPOSING : s.status, progress: 5 }),
  refund: refundComposition,
};

export async function publishSong(rt: Runtime, s: Pick<Song, 'taskId' | 'userId'>, status: number, progress: number) {
  await rt.hub
    .publish(s.taskId, { code: Code.SUCCESS, data: { id: s.taskId, status, progress } }, { userId: s.userId })
    .catch((err: Error) => rt.log.warn('song push failed', { taskId: s.taskId, err: err.message }));
}

export const running = (id: number) => runningTask(SONG_TASKS, id);

/** Fails a running song and refunds its composition, exactly once (jobs/task-rows.ts). */
export async function failSong(rt: Runtime, id: number, reason: string, token?: string): Promise<boolean> {
  const row = await failTask(rt.database.db, SONG_TASKS, id, reason, token);
  if (row) {
    await publishSong(rt, row, SongStatus.FAILED, row.progress);
    await recordSongUsage(rt, row, 'failed');
  }
  return Boolean(row);
}

/** Fails (and refunds) every running song past its deadline. */
export async function failOverdueSongs(rt: Runtime, now = new Date()): Promise<number> {
  let failed = 0;
  for (const id of await overdueTasks(rt.database.db, SONG_TASKS, now))
    if (await failSong(rt, id, 'timed out')) failed++;
  return failed;
}

/** Claims the oldest runnable song; the lease (JOB_LEASE_MS) is renewed while it runs. */
export async function claimSong(
  rt: Runtime,
  now = new Date(),
  except: number[] = [],
): Promise<{ song: Song; token: string } | null> {
  const claimed = await claimTask(rt.database.db, SONG_TASKS, jobSettings(rt.env).JOB_LEASE_MS, now, except);
  return claimed ? { song: claimed.row, token: claimed.token } : null;
}

/** The song's one ledger row when it ends (finished or failed). */
export async function recordSongUsage(rt: Runtime, s: Song, outcome: 'ok' | 'failed') {
  await endTaskHold(rt, 'song', s.taskId, outcome === 'ok');
  await recordTaskUsage(rt, {
    kind: 'song',
    taskId: s.taskId,
    userId: s.userId,
    channelId: s.channelId,
    provider: s.provider,
    fallbackModel: (s.provider === 'suno' && musicConfig(rt.env).SUNO_MODEL) || s.provider,
    taken: outcome === 'ok' || s.providerRef !== null,
    createdAt: s.createdAt,
    outcome,
  });
}
