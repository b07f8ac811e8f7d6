import { randomBytes } from 'node:crypto';
import { and, asc, eq, gt, inArray, isNull, lt, notInArray, or, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';

/**
 * A table of leased tasks (songs, videos): rows run by the job runner's workers, each
 * claimed with FOR UPDATE SKIP LOCKED under a lease, failed exactly once with its refund.
 * The domains keep what differs: statuses, the refund, the push and the ledger row.
 */
export type TaskTable = PgTable & {
  id: PgColumn;
  status: PgColumn;
  progress: PgColumn;
  attempts: PgColumn;
  error: PgColumn;
  claimToken: PgColumn;
  leaseUntil: PgColumn;
  deadline: PgColumn;
  createdAt: PgColumn;
  updatedAt: PgColumn;
  finishedAt: PgColumn;
  refundedAt: PgColumn;
};

interface TaskRow {
  id: number;
  status: number;
  progress: number;
  attempts: number;
}

export interface TaskKind<Row extends TaskRow> {
  table: TaskTable;
  /** Statuses a worker may still move (queued and running). */
  running: readonly number[];
  failed: number;
  /** The status and least progress a row takes when claimed. */
  claimed(row: Row): { status: number; progress: number };
  /** Gives back what the task took; runs in the failing transaction. */
  refund(tx: Db, row: Row): Promise<void>;
}

/** The task was taken away (timed out, deleted, or claimed by another worker after our lease ran out). */
export class LostTask extends Error {}

/** The row `id` while it still runs. */
export const runningTask = (kind: TaskKind<TaskRow>, id: number): SQL | undefined =>
  and(eq(kind.table.id, id), inArray(kind.table.status, [...kind.running]));

/**
 * Fails a running task and refunds it in one transaction: the status guard (and the
 * claim token, when given) makes the refund happen exactly once, whoever gets there first.
 */
export async function failTask<Row extends TaskRow>(
  db: Db,
  kind: TaskKind<Row>,
  id: number,
  reason: string,
  token?: string,
): Promise<Row | null> {
  const now = new Date();
  const t = kind.table;
  return db.transaction(async (tx) => {
    const [failed] = (await tx
      .update(t)
      .set({
        status: kind.failed,
        error: reason.slice(0, 500),
        refundedAt: now,
        finishedAt: now,
        updatedAt: now,
        claimToken: null,
        leaseUntil: null,
      } as never)
      .where(and(runningTask(kind as TaskKind<TaskRow>, id), token ? eq(t.claimToken, token) : undefined))
      .returning()) as Row[];
    if (failed) await kind.refund(tx as unknown as Db, failed);
    return failed ?? null;
  });
}

/** Ids of running tasks past their deadline (at most 20 a sweep), locked from other sweepers while read. */
export async function overdueTasks(db: Db, kind: TaskKind<TaskRow>, now: Date): Promise<number[]> {
  const t = kind.table;
  const due = await db.transaction(async (tx) =>
    tx
      .select({ id: t.id })
      .from(t)
      .where(and(inArray(t.status, [...kind.running]), lt(t.deadline, now)))
      .limit(20)
      .for('update', { skipLocked: true }),
  );
  return due.map((r) => r.id as number);
}

/** Claims the oldest runnable task: queued, or running with an expired lease (its worker died). */
export async function claimTask<Row extends TaskRow>(
  db: Db,
  kind: TaskKind<Row>,
  leaseMs: number,
  now: Date,
  except: number[],
): Promise<{ row: Row; token: string } | null> {
  const token = randomBytes(9).toString('base64url');
  const t = kind.table;
  return db.transaction(async (tx) => {
    const [found] = (await tx
      .select()
      .from(t)
      .where(
        and(
          inArray(t.status, [...kind.running]),
          or(isNull(t.leaseUntil), lt(t.leaseUntil, now)),
          gt(t.deadline, now),
          except.length > 0 ? notInArray(t.id, except) : undefined,
        ),
      )
      .orderBy(asc(t.createdAt))
      .limit(1)
      .for('update', { skipLocked: true })) as Row[];
    if (!found) return null;
    const { status, progress } = kind.claimed(found);
    const [row] = (await tx
      .update(t)
      .set({
        status,
        progress: Math.max(found.progress, progress),
        claimToken: token,
        leaseUntil: new Date(now.getTime() + leaseMs),
        attempts: found.attempts + 1,
        updatedAt: now,
      } as never)
      .where(eq(t.id, found.id))
      .returning()) as Row[];
    return row ? { row, token } : null;
  });
}
