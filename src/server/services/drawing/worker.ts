import { and, asc, eq, inArray, isNull, lt, notInArray, or, sql } from 'drizzle-orm';
import { drawConfig } from '../../config/drawing';
import { jobSettings } from '../../config/jobs';
import { type Drawing, DrawingStatus, drawings, UNFINISHED_STATUSES } from '../../db/schema';
import { abortReason, type JobSpec } from '../../jobs/runner';
import { ImageProviderError } from '../../providers/image/types';
import type { Runtime } from '../../runtime';
import { HOOK_CHANNEL, wakeHookWaiters } from './hook';
import { runTask } from './runner';
import { finishTask } from './tasks';

const POLL_MS = 1000;
/** A task that crashed its runner this many times fails instead of being tried again. */
const MAX_ATTEMPTS = 5;

const unfinished = inArray(drawings.status, [...UNFINISHED_STATUSES]);

/** Claims up to `limit` runnable tasks but `except` (FOR UPDATE SKIP LOCKED), leasing them to this process. */
export async function claimTasks(
  rt: Runtime,
  limit: number,
  except: number[] = [],
  now = new Date(),
): Promise<Drawing[]> {
  const leaseUntil = new Date(now.getTime() + jobSettings(rt.env).JOB_LEASE_MS);
  return rt.database.db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(drawings)
      .where(
        and(
          unfinished,
          or(isNull(drawings.leaseUntil), lt(drawings.leaseUntil, now)),
          except.length > 0 ? notInArray(drawings.id, except) : undefined,
        ),
      )
      .orderBy(asc(drawings.id))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (rows.length === 0) return [];
    await tx
      .update(drawings)
      .set({ leaseUntil, attempts: sql`${drawings.attempts} + 1` })
      .where(
        inArray(
          drawings.id,
          rows.map((r) => r.id),
        ),
      );
    return rows.map((r) => ({ ...r, leaseUntil, attempts: r.attempts + 1 }));
  });
}

/** Fails unfinished tasks past their deadline with 11, whoever held them (SKIP LOCKED: shared by processes). */
export async function sweepTimedOut(rt: Runtime, now = new Date()): Promise<number> {
  const due = await rt.database.db.transaction(async (tx) =>
    tx
      .select()
      .from(drawings)
      .where(and(unfinished, lt(drawings.deadlineAt, now)))
      .limit(50)
      .for('update', { skipLocked: true }),
  );
  for (const d of due) await finishTask(rt, d, DrawingStatus.FAILED, { failReason: 'timeout' });
  return due.length;
}

/** Draws one claimed task; a failure ends it with 11 (12 for a provider's violation), a shutdown leaves it. */
async function drawStep(rt: Runtime, d: Drawing, signal: AbortSignal): Promise<void> {
  try {
    await runTask(rt, d, signal);
  } catch (err) {
    if (abortReason(signal) === 'shutdown') return; // the next process resumes the task
    const timedOut = signal.aborted;
    const violation = err instanceof ImageProviderError && err.kind === 'violation';
    if (!timedOut) rt.log.warn('drawing failed', { taskId: d.taskId, err: (err as Error).message });
    const status = violation ? DrawingStatus.VIOLATION : DrawingStatus.FAILED;
    const reason = timedOut ? 'timeout' : (err as Error).message.slice(0, 300);
    await finishTask(rt, d, status, { failReason: reason }).catch((e: Error) =>
      rt.log.error('drawing could not be failed', { taskId: d.taskId, err: e.message }),
    );
  }
}

/**
 * The drawing worker (jobs/runner.ts): fails stuck tasks with 11, claims
 * runnable rows up to DRAW_CONCURRENCY, runs each under its deadline and a
 * renewed lease. Woken at once by a submit in this process (`rt.jobs.drawing.wake()`);
 * the provider's hook callbacks arrive on HOOK_CHANNEL from any process.
 */
export function drawingJob(rt: Runtime): JobSpec<Drawing> {
  const { db } = rt.database;
  return {
    name: 'drawing worker',
    log: rt.log,
    pollMs: POLL_MS,
    startNow: true,
    sweep: () => sweepTimedOut(rt),
    notify: { notifier: rt.database.notifier, channels: { [HOOK_CHANNEL]: wakeHookWaiters } },
    tasks: {
      concurrency: () => drawConfig(rt.env).DRAW_CONCURRENCY,
      async claim(limit, running) {
        const runnable: Drawing[] = [];
        for (const d of await claimTasks(rt, limit, running)) {
          if (d.attempts > MAX_ATTEMPTS)
            await finishTask(rt, d, DrawingStatus.FAILED, { failReason: 'too many attempts' });
          else runnable.push(d);
        }
        return runnable;
      },
      keyOf: (d) => d.id,
      step: (d, signal) => drawStep(rt, d, signal),
      leaseMs: jobSettings(rt.env).JOB_LEASE_MS,
      // A task that ended elsewhere (deleted, swept) is no longer ours: its runner stops.
      async renew(d) {
        const rows = await db
          .update(drawings)
          .set({ leaseUntil: new Date(Date.now() + jobSettings(rt.env).JOB_LEASE_MS) })
          .where(and(eq(drawings.id, d.id), unfinished))
          .returning({ id: drawings.id });
        return rows.length > 0;
      },
      deadlineOf: (d) => d.deadlineAt,
      async release(tasks) {
        await db
          .update(drawings)
          .set({ leaseUntil: null })
          .where(
            and(
              inArray(
                drawings.id,
                tasks.map((d) => d.id),
              ),
              unfinished,
            ),
          );
      },
    },
  };
}
