import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { OrderStatus } from '../../../shared/shop';
import type { Db } from '../../db/client';
import { orderRefunds, orders, paymentRecords, reconcileDiffs, reconciliations } from '../../db/schema';
import { DomainError } from '../../errors';
import type { JobSpec } from '../../jobs/runner';
import type { BillLine } from '../../providers/payment';
import type { Runtime } from '../../runtime';
import { recordExternalRefund } from './external-refunds';
import { recordPayment } from './payment-records';
import { listReconciliations } from './reconcile-diffs';

const PAID_LIKE: number[] = [OrderStatus.PAID, OrderStatus.REFUNDED, OrderStatus.PARTLY_REFUNDED];
const DAY = 86_400_000;
const BEIJING = 8 * 3_600_000;
/** A run left 'running' this long was cut off (a crash): it may be started again. */
const STALE_RUN_MS = 15 * 60_000;
/** A failed day is tried again after this long (the bill may not have been ready). */
const RETRY_FAILED_MS = 60 * 60_000;
/** Bills are ready the next morning (WeChat Pay from 10:00 Beijing time). */
const READY_HOUR = 10;

/** The bill day (Beijing) as instants: [start, end). */
const dayBounds = (date: string) => {
  const start = new Date(Date.parse(`${date}T00:00:00+08:00`));
  return { start, end: new Date(start.getTime() + DAY) };
};

type Diff = typeof reconcileDiffs.$inferInsert;
type Resolution = Pick<Diff, 'resolvedBy' | 'resolvedAt' | 'resolution'>;

/** What makes two runs' differences the same question: its order, kind and figures. */
const diffKey = (d: Omit<Diff, 'runId'>) =>
  [d.orderNo, d.kind, d.billAmount, d.ourAmount, d.billRefund, d.ourRefund].map((v) => v ?? '').join('|');

/** Takes the day's run: a new one, or one that failed or was cut off (or any, forced). Null: someone holds it or it is done. */
async function takeRun(db: Db, provider: string, date: string, force: boolean) {
  const [created] = await db
    .insert(reconciliations)
    .values({ provider, billDate: date, status: 'running' })
    .onConflictDoNothing()
    .returning();
  if (created) return created;
  const stale = new Date(Date.now() - STALE_RUN_MS);
  const [taken] = await db
    .update(reconciliations)
    .set({ status: 'running', startedAt: new Date(), finishedAt: null, detail: null })
    .where(
      and(
        eq(reconciliations.provider, provider),
        eq(reconciliations.billDate, date),
        force
          ? sql`(${reconciliations.status} <> 'running' or ${reconciliations.startedAt} < ${stale})`
          : sql`(${reconciliations.status} = 'failed' or (${reconciliations.status} = 'running' and ${reconciliations.startedAt} < ${stale}))`,
      ),
    )
    .returning();
  return taken ?? null;
}

/** Compares a bill's lines with our orders; an external refund on the bill is recorded on its order first. */
async function compare(rt: Runtime, date: string, lines: BillLine[]): Promise<Omit<Diff, 'runId'>[]> {
  const { db } = rt.database;
  const mode = rt.payment.mode;
  for (const l of lines)
    if (l.kind === 'refund' && l.refundNo)
      await recordExternalRefund(rt, {
        orderNo: l.orderNo,
        refundNo: l.refundNo,
        amount: l.amount,
        source: `${mode}:bill`,
      });
  const bill = new Map<string, { paid: number; refunded: number; tradeNo?: string }>();
  for (const l of lines) {
    const b = bill.get(l.orderNo) ?? { paid: 0, refunded: 0 };
    if (l.kind === 'payment') {
      b.paid += l.amount;
      b.tradeNo ??= l.tradeNo;
    } else b.refunded += l.amount;
    bill.set(l.orderNo, b);
  }
  const { start, end } = dayBounds(date);
  const nos = [...bill.keys()];
  const ours = new Map<string, typeof orders.$inferSelect>();
  for (let i = 0; i < nos.length; i += 500)
    for (const o of await db
      .select()
      .from(orders)
      .where(inArray(orders.orderNo, nos.slice(i, i + 500))))
      ours.set(o.orderNo, o);
  const paidHere = await db
    .select()
    .from(orders)
    .where(and(eq(orders.payProvider, mode), gte(orders.paidAt, start), lt(orders.paidAt, end)));
  for (const o of paidHere) ours.set(o.orderNo, o);
  // Refunds that day, by order: what the bill's refund lines must add up to.
  const refundsHere = new Map<number, number>();
  for (const r of await db
    .select({ orderId: orderRefunds.orderId, amount: orderRefunds.amount })
    .from(orderRefunds)
    .where(
      and(eq(orderRefunds.status, 'success'), gte(orderRefunds.finishedAt, start), lt(orderRefunds.finishedAt, end)),
    ))
    refundsHere.set(r.orderId, (refundsHere.get(r.orderId) ?? 0) + r.amount);

  const diffs: Omit<Diff, 'runId'>[] = [];
  for (const [orderNo, b] of bill) {
    const o = ours.get(orderNo);
    if (b.paid > 0 && (!o || !PAID_LIKE.includes(o.orderStatus))) {
      diffs.push({ orderNo, kind: 'unpaidHere', billAmount: b.paid, ourAmount: null });
      await recordBillPayment(rt, orderNo, b.paid, b.tradeNo);
    } else if (b.paid > 0 && o && b.paid !== o.orderPrice)
      diffs.push({ orderNo, kind: 'amount', billAmount: b.paid, ourAmount: o.orderPrice });
    const ourRefund = o ? (refundsHere.get(o.id) ?? 0) : 0;
    if (b.refunded !== ourRefund) diffs.push({ orderNo, kind: 'refund', billRefund: b.refunded, ourRefund });
  }
  for (const o of paidHere)
    if ((bill.get(o.orderNo)?.paid ?? 0) === 0)
      diffs.push({ orderNo: o.orderNo, kind: 'unpaidThere', billAmount: null, ourAmount: o.orderPrice });
  for (const [id, amount] of refundsHere) {
    const o = [...ours.values()].find((x) => x.id === id);
    if (o && !bill.has(o.orderNo)) diffs.push({ orderNo: o.orderNo, kind: 'refund', billRefund: 0, ourRefund: amount });
  }
  return diffs;
}

/** A payment on the bill not credited here: a missed payment to review, recorded once per order. */
async function recordBillPayment(rt: Runtime, orderNo: string, amount: number, tradeNo?: string) {
  const { db } = rt.database;
  const [seen] = await db
    .select({ id: paymentRecords.id })
    .from(paymentRecords)
    .where(and(eq(paymentRecords.orderNo, orderNo), eq(paymentRecords.source, 'bill')));
  if (seen) return;
  await recordPayment(db, {
    orderNo,
    provider: rt.payment.mode,
    source: 'bill',
    outcome: 'unpaidHere',
    amount,
    tradeNo,
    raw: `bill: ${orderNo} paid ${(amount / 100).toFixed(2)}${tradeNo ? ` ${tradeNo}` : ''}`,
  });
}

/**
 * Reconciles one bill day (YYYY-MM-DD, Beijing) of the active service: its
 * trade bill is downloaded and compared with our orders, and the differences
 * stored. Once per provider and day: the daily job skips a day done; the
 * console's button (`force`) runs it again, replacing its differences.
 */
export async function reconcileDay(rt: Runtime, date: string, opts: { force?: boolean } = {}) {
  const { db } = rt.database;
  const pay = rt.payment;
  if (!pay.downloadBill) throw new DomainError(400, 'admin:payments.noBill', { status: 400 });
  const run = await takeRun(db, pay.mode, date, opts.force ?? false);
  if (!run) return dayRun(db, pay.mode, date);
  try {
    const lines = await pay.downloadBill(date);
    const diffs = await compare(rt, date, lines);
    await db.transaction(async (tx) => {
      // A run again keeps the resolution of a difference it finds again, figures unchanged.
      const resolved = new Map<string, Resolution>();
      for (const d of await tx.delete(reconcileDiffs).where(eq(reconcileDiffs.runId, run.id)).returning())
        if (d.resolvedAt)
          resolved.set(diffKey(d), { resolvedBy: d.resolvedBy, resolvedAt: d.resolvedAt, resolution: d.resolution });
      if (diffs.length > 0)
        await tx
          .insert(reconcileDiffs)
          .values(diffs.map((d) => ({ ...d, ...resolved.get(diffKey(d)), runId: run.id })));
      await tx
        .update(reconciliations)
        .set({ status: 'done', lines: lines.length, differences: diffs.length, finishedAt: new Date() })
        .where(eq(reconciliations.id, run.id));
    });
  } catch (err) {
    rt.log.warn('reconciliation failed', { date, provider: pay.mode, err: (err as Error).message });
    await db
      .update(reconciliations)
      .set({ status: 'failed', detail: (err as Error).message.slice(0, 300), finishedAt: new Date() })
      .where(eq(reconciliations.id, run.id));
  }
  return dayRun(db, pay.mode, date);
}

async function dayRun(db: Db, provider: string, date: string) {
  const [run] = await listReconciliations(db, { provider, date });
  if (!run) throw new Error(`no reconciliation of ${provider} ${date}`);
  return run;
}

/** Yesterday in Beijing, once its bill is ready (null before READY_HOUR). */
export function billDay(now: number): string | null {
  const beijing = new Date(now + BEIJING);
  if (beijing.getUTCHours() < READY_HOUR) return null;
  return new Date(beijing.getTime() - DAY).toISOString().slice(0, 10);
}

/** The daily reconciliation (jobs/runner.ts): hourly, yesterday's bill once it is ready, once per day (a failed day again an hour later). */
export function reconcileJob(rt: Runtime, everyMs = 3_600_000): JobSpec<never> {
  return {
    name: 'bill reconciliation',
    log: rt.log,
    pollMs: everyMs,
    async sweep() {
      const day = billDay(Date.now());
      if (!day || !rt.payment.downloadBill) return;
      const [done] = await listReconciliations(rt.database.db, { provider: rt.payment.mode, date: day });
      if (
        done?.status === 'done' ||
        (done?.status === 'failed' && Date.parse(done.finishedAt ?? '') > Date.now() - RETRY_FAILED_MS)
      )
        return;
      await reconcileDay(rt, day);
    },
  };
}
