import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orders, type PaymentRecord, paymentRecords, users } from '../../db/schema';
import { DomainError } from '../../errors';
import type { Runtime } from '../../runtime';
import { type Actor, writeAudit } from '../admin/audit';
import { checkReach } from '../admin/hierarchy';
import { markPaid } from './mark-paid';
import { closeReview, openMissed, orderRecords } from './payment-records';

/** A record as the console shows it. */
export const recordDto = (r: PaymentRecord) => ({
  id: r.id,
  orderNo: r.orderNo,
  provider: r.provider,
  source: r.source,
  outcome: r.outcome,
  amount: r.amount,
  tradeNo: r.tradeNo,
  raw: r.raw,
  at: r.at.toISOString(),
  review: r.review,
  reviewReason: r.reviewReason,
});

/** Open missed payments, newest first, each with every record of its order (notifies and queries). */
export async function listMissed(db: Db) {
  const open = await openMissed(db);
  return Promise.all(
    open.map(async (m) => ({
      ...recordDto(m.record),
      orderStatus: m.orderStatus,
      orderPrice: m.orderPrice,
      userId: m.userId,
      records: (await orderRecords(db, m.record.orderNo)).map(recordDto),
    })),
  );
}

async function openRecord(db: Db, id: number) {
  const [r] = await db.select().from(paymentRecords).where(eq(paymentRecords.id, id));
  if (!r?.review) throw new DomainError(404, 'error.notFound', { status: 404 });
  return r;
}

async function snapshot(db: Db, orderId: number | null) {
  const [r] =
    orderId === null
      ? []
      : await db
          .select({ orderStatus: orders.orderStatus, endDate: users.endDate, compositionsLeft: users.compositionsLeft })
          .from(orders)
          .innerJoin(users, eq(users.id, orders.userId))
          .where(eq(orders.id, orderId));
  return {
    orderStatus: r?.orderStatus ?? null,
    endDate: r?.endDate?.toISOString() ?? null,
    compositions: r?.compositionsLeft ?? null,
  };
}

/**
 * Crediting moves a benefit to the order's owner: the hierarchy's guard
 * refuses it on one's own order (and on staff). The route asks before a TOTP
 * code is spent; a missed payment without an order here cannot be credited.
 */
export async function checkCreditReach(db: Db, actor: Actor, id: number, reason: string) {
  const r = await openRecord(db, id);
  const [o] =
    r.orderId === null ? [] : await db.select({ userId: orders.userId }).from(orders).where(eq(orders.id, r.orderId));
  if (!o) throw new DomainError(400, 'admin:payments.noOrder', { status: 400 });
  await checkReach(db, actor, o.userId, 'payment.credit', reason);
}

/**
 * Credits a missed payment after review (admin, fresh TOTP checked by the
 * route): the order is paid through the same markPaid as any payment, with the
 * amount check waived, so its benefit is granted exactly once; the review is
 * closed and audited. A record already reviewed changes nothing.
 */
export async function creditMissed(rt: Runtime, actor: Actor, a: { id: number; reason: string; requestId: string }) {
  const { db } = rt.database;
  await checkCreditReach(db, actor, a.id, a.reason);
  const r = await openRecord(db, a.id);
  if (r.review !== 'open') return { applied: false, orderStatus: (await snapshot(db, r.orderId)).orderStatus ?? null };
  const before = await snapshot(db, r.orderId);
  const outcome = await markPaid(rt, r.orderNo, {
    amount: r.amount ?? -1,
    source: 'console:credit',
    tradeNo: r.tradeNo ?? undefined,
    reviewed: true,
  });
  const applied = await closeReview(db, r.id, 'credited', actor.userId, a.reason);
  const after = await snapshot(db, r.orderId);
  if (applied)
    await writeAudit(db, actor, {
      action: 'payment.credit',
      targetType: 'order',
      targetId: r.orderNo,
      reason: a.reason,
      before,
      after: { ...after, payment: outcome, record: r.id },
      requestId: a.requestId,
    });
  return { applied, orderStatus: after.orderStatus ?? null };
}

/** Dismisses a missed payment with a reason (admin; audited): nothing is credited. */
export async function dismissMissed(rt: Runtime, actor: Actor, a: { id: number; reason: string; requestId: string }) {
  const { db } = rt.database;
  const r = await openRecord(db, a.id);
  const applied = await closeReview(db, r.id, 'dismissed', actor.userId, a.reason);
  if (applied)
    await writeAudit(db, actor, {
      action: 'payment.dismiss',
      targetType: 'order',
      targetId: r.orderNo,
      reason: a.reason,
      after: { record: r.id },
      requestId: a.requestId,
    });
  return { applied, orderStatus: (await snapshot(db, r.orderId)).orderStatus ?? null };
}

/** An order's payment records for its console page, newest last. */
export async function orderPaymentRecords(db: Db, orderNo: string) {
  return (await orderRecords(db, orderNo)).map(recordDto);
}
