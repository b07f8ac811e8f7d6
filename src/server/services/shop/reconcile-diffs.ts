import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { reconcileDiffs, reconciliations } from '../../db/schema';
import { transaction } from '../../db/transaction';
import { DomainError } from '../../errors';
import type { Runtime } from '../../runtime';
import { type Actor, writeAudit } from '../admin/audit';

// The console's view of bill reconciliations (services/shop/reconcile.ts runs them): the runs
// with their differences, and an admin's resolution of one difference.

/** The latest runs (or one day's), newest day first, with their differences. */
export async function listReconciliations(db: Db, only?: { provider: string; date: string }, limit = 30) {
  const runs = await db
    .select()
    .from(reconciliations)
    .where(only ? and(eq(reconciliations.provider, only.provider), eq(reconciliations.billDate, only.date)) : undefined)
    .orderBy(desc(reconciliations.billDate), desc(reconciliations.id))
    .limit(limit);
  const diffs =
    runs.length === 0
      ? []
      : await db
          .select()
          .from(reconcileDiffs)
          .where(
            inArray(
              reconcileDiffs.runId,
              runs.map((r) => r.id),
            ),
          )
          .orderBy(reconcileDiffs.id);
  return runs.map((r) => ({
    id: r.id,
    provider: r.provider,
    billDate: r.billDate,
    status: r.status,
    lines: r.lines,
    differences: r.differences,
    detail: r.detail,
    startedAt: r.startedAt.toISOString(),
    finishedAt: r.finishedAt?.toISOString() ?? null,
    diffs: diffs
      .filter((d) => d.runId === r.id)
      .map((d) => ({
        id: d.id,
        orderNo: d.orderNo,
        kind: d.kind,
        billAmount: d.billAmount,
        ourAmount: d.ourAmount,
        billRefund: d.billRefund,
        ourRefund: d.ourRefund,
        resolvedAt: d.resolvedAt?.toISOString() ?? null,
        resolution: d.resolution,
      })),
  }));
}

/**
 * Resolves a difference once, with the admin's reason (audited): it stays listed, marked, and its
 * order's payment records may then be pruned. A repeated form, or a difference already resolved,
 * answers applied false and changes nothing.
 */
export async function resolveDiff(rt: Runtime, actor: Actor, a: { id: number; reason: string; requestId: string }) {
  const { db } = rt.database;
  const [d] = await db.select().from(reconcileDiffs).where(eq(reconcileDiffs.id, a.id));
  if (!d) throw new DomainError(404, 'error.notFound', { status: 404 });
  if (d.resolvedAt) return { applied: false };
  const applied = await transaction(db, async (tx) => {
    const rows = await tx
      .update(reconcileDiffs)
      .set({ resolvedBy: actor.userId, resolvedAt: new Date(), resolution: a.reason })
      .where(and(eq(reconcileDiffs.id, d.id), isNull(reconcileDiffs.resolvedAt)))
      .returning({ id: reconcileDiffs.id });
    if (rows.length === 0) return false;
    await writeAudit(tx, actor, {
      action: 'payment.resolve',
      targetType: 'order',
      targetId: d.orderNo,
      reason: a.reason,
      after: { diff: d.id, kind: d.kind, run: d.runId },
      requestId: a.requestId,
    });
    return true;
  });
  return { applied };
}
