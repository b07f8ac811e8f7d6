import { randomBytes } from 'node:crypto';
import { and, asc, eq, gt, inArray, isNull, lt, notInArray, or } from 'drizzle-orm';
import { Code } from '../../../shared/codes';
import { jobSettings } from '../../config/jobs';
import { musicConfig } from '../../config/music';
import type { Db } from '../../db/client';
import { RUNNING_SONG, type Song, SongStatus, songs } from '../../db/schema';
import type { Runtime } from '../../runtime';
import { endTaskHold } from '../credits/spend';
import { recordTaskUsage } from '../ledger/task-usage';
import { refundComposition } from './quota';

/** The task was taken away (timed out, deleted, or claimed by another worker after our lease ran out). */
export class LostTask extends Error {}

export async function publishSong(rt: Runtime, s: Pick<Song, 'taskId' | 'userId'>, status: number, progress: number) {
  await rt.hub
    .publish(s.taskId, { code: Code.SUCCESS, data: { id: s.taskId, status, progress } }, { userId: s.userId })
    .catch((err: Error) => rt.log.warn('song push failed', { taskId: s.taskId, err: err.message }));
}

export const running = (id: number) => and(eq(songs.id, id), inArray(songs.status, RUNNING_SONG));

/**
 * Fails a running song and refunds its composition in one transaction: the
 * status guard makes the refund happen exactly once, whoever gets there first.
 */
export async function failSong(rt: Runtime, id: number, reason: string, token?: string): Promise<boolean> {
  const now = new Date();
  const row = await rt.database.db.transaction(async (tx) => {
    const [failed] = await tx
      .update(songs)
      .set({
        status: SongStatus.FAILED,
        error: reason.slice(0, 500),
        refundedAt: now,
        finishedAt: now,
        updatedAt: now,
        claimToken: null,
        leaseUntil: null,
      })
      .where(and(running(id), token ? eq(songs.claimToken, token) : undefined))
      .returning();
    if (failed) await refundComposition(tx as unknown as Db, failed);
    return failed;
  });
  if (row) {
    await publishSong(rt, row, SongStatus.FAILED, row.progress);
    await recordSongUsage(rt, row, 'failed');
  }
  return Boolean(row);
}

/** Fails (and refunds) every running song past its deadline. */
export async function failOverdueSongs(rt: Runtime, now = new Date()): Promise<number> {
  const due = await rt.database.db.transaction(async (tx) =>
    tx
      .select({ id: songs.id })
      .from(songs)
      .where(and(inArray(songs.status, RUNNING_SONG), lt(songs.deadline, now)))
      .limit(20)
      .for('update', { skipLocked: true }),
  );
  let failed = 0;
  for (const { id } of due) if (await failSong(rt, id, 'timed out')) failed++;
  return failed;
}

/**
 * Claims the oldest runnable song: queued, or running with an expired lease
 * (its worker died). The lease (JOB_LEASE_MS) is renewed while it runs.
 */
export async function claimSong(
  rt: Runtime,
  now = new Date(),
  except: number[] = [],
): Promise<{ song: Song; token: string } | null> {
  const token = randomBytes(9).toString('base64url');
  return rt.database.db.transaction(async (tx) => {
    const [s] = await tx
      .select()
      .from(songs)
      .where(
        and(
          inArray(songs.status, RUNNING_SONG),
          or(isNull(songs.leaseUntil), lt(songs.leaseUntil, now)),
          gt(songs.deadline, now),
          except.length > 0 ? notInArray(songs.id, except) : undefined,
        ),
      )
      .orderBy(asc(songs.createdAt))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!s) return null;
    const [song] = await tx
      .update(songs)
      .set({
        status: s.status === SongStatus.QUEUED ? SongStatus.COMPOSING : s.status,
        progress: Math.max(s.progress, 5),
        claimToken: token,
        leaseUntil: new Date(now.getTime() + jobSettings(rt.env).JOB_LEASE_MS),
        attempts: s.attempts + 1,
        updatedAt: now,
      })
      .where(eq(songs.id, s.id))
      .returning();
    return song ? { song, token } : null;
  });
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
