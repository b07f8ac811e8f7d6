import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type Drawing, DrawingStatus, drawings, UNFINISHED_STATUSES } from '../../db/schema';
import { ImageProviderError } from '../../providers/image/types';
import type { Runtime } from '../../runtime';
import { drawingDeps } from './deps';
import { HOOK_CHANNEL, wakeHookWaiters } from './hook';
import { runTask } from './runner';
import { finishTask } from './tasks';

/** How long a claim holds a task; renewed while the task runs, so only a dead process's tasks expire. */
export const LEASE_MS = 30_000;
const RENEW_MS = 10_000;
const POLL_MS = 1000;
/** A task that crashed its runner this many times fails instead of being tried again. */
const MAX_ATTEMPTS = 5;

const unfinished = inArray(drawings.status, [...UNFINISHED_STATUSES]);

/** Claims up to `limit` runnable tasks (FOR UPDATE SKIP LOCKED), leasing them to this process. */
export async function claimTasks(db: Db, limit: number, now = new Date()): Promise<Drawing[]> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(drawings)
      .where(and(unfinished, or(isNull(drawings.leaseUntil), lt(drawings.leaseUntil, now))))
      .orderBy(asc(drawings.id))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (rows.length === 0) return [];
    const leaseUntil = new Date(now.getTime() + LEASE_MS);
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

interface Worker {
  stop(): void;
  wake(): void;
}
const workers = new WeakMap<Runtime, Worker>();

/** Asks this process's worker to look for tasks now (a task was just submitted). */
export function wakeDrawingWorker(rt: Runtime): void {
  workers.get(rt)?.wake();
}

/**
 * Draws submitted tasks in the background: claims runnable rows, runs each
 * under a deadline and a renewed lease, fails stuck ones with 11. Calling it
 * again for the same runtime returns the running worker's stop function.
 */
export function startDrawingWorker(rt: Runtime, pollMs = POLL_MS): () => void {
  const existing = workers.get(rt);
  if (existing) return existing.stop;
  const running = new Map<number, AbortController>();
  let stopped = false;
  let ticking = false;
  let again = false;

  async function run(d: Drawing) {
    const controller = new AbortController();
    running.set(d.id, controller);
    const deadline = setTimeout(
      () => controller.abort(new Error('timeout')),
      Math.max(0, d.deadlineAt.getTime() - Date.now()),
    );
    // Renews the lease; a task that ended elsewhere (deleted, swept) stops its runner.
    const renew = setInterval(() => {
      void rt.database.db
        .update(drawings)
        .set({ leaseUntil: new Date(Date.now() + LEASE_MS) })
        .where(and(eq(drawings.id, d.id), unfinished))
        .returning({ id: drawings.id })
        .then((rows) => {
          if (rows.length === 0) controller.abort(new Error('gone'));
        })
        .catch(() => undefined);
    }, RENEW_MS);
    try {
      await runTask(rt, drawingDeps(rt), d, controller.signal);
    } catch (err) {
      if (stopped) return; // shutting down: the next process resumes the task
      const timedOut = controller.signal.aborted;
      const violation = err instanceof ImageProviderError && err.kind === 'violation';
      if (!timedOut) rt.log.warn('drawing failed', { taskId: d.taskId, err: (err as Error).message });
      const status = violation ? DrawingStatus.VIOLATION : DrawingStatus.FAILED;
      const reason = timedOut ? 'timeout' : (err as Error).message.slice(0, 300);
      await finishTask(rt, d, status, { failReason: reason }).catch((e: Error) =>
        rt.log.error('drawing could not be failed', { taskId: d.taskId, err: e.message }),
      );
    } finally {
      clearTimeout(deadline);
      clearInterval(renew);
      running.delete(d.id);
      if (!stopped) worker.wake();
    }
  }

  async function tick() {
    if (ticking) {
      again = true;
      return;
    }
    ticking = true;
    try {
      do {
        again = false;
        if (stopped) return;
        await sweepTimedOut(rt);
        const free = drawingDeps(rt).config.DRAW_CONCURRENCY - running.size;
        if (free <= 0) return;
        for (const d of await claimTasks(rt.database.db, free)) {
          if (d.attempts > MAX_ATTEMPTS)
            await finishTask(rt, d, DrawingStatus.FAILED, { failReason: 'too many attempts' });
          else void run(d);
        }
      } while (again && !stopped);
    } catch (err) {
      if (!stopped) rt.log.error('drawing worker tick failed', { err: (err as Error).message });
    } finally {
      ticking = false;
    }
  }

  const timer = setInterval(() => void tick(), pollMs);
  timer.unref();
  rt.database.notifier
    .listen(HOOK_CHANNEL, wakeHookWaiters)
    .catch((err: Error) => rt.log.warn('drawing hook listen failed', { err: err.message }));

  const worker: Worker = {
    wake: () => setImmediate(() => void tick()),
    stop() {
      if (stopped) return;
      stopped = true;
      clearInterval(timer);
      const ids = [...running.keys()];
      for (const c of running.values()) c.abort(new Error('shutdown'));
      workers.delete(rt);
      // Best effort: give the tasks back at once, so a restarted process needs no lease expiry.
      if (ids.length > 0)
        void rt.database.db
          .update(drawings)
          .set({ leaseUntil: null })
          .where(and(inArray(drawings.id, ids), unfinished))
          .catch(() => undefined);
    },
  };
  workers.set(rt, worker);
  worker.wake();
  return worker.stop;
}
