import { and, asc, desc, eq, gte, ilike, lt, or, type SQL, sql } from 'drizzle-orm';
import { toCsv } from '../../../shared/csv';
import { OrderStatus } from '../../../shared/shop';
import type { Db } from '../../db/client';
import { type Order, orderEvents, orderRefunds, orders, users } from '../../db/schema';
import { DomainError } from '../../errors';
import type { Runtime } from '../../runtime';
import { type Actor, writeAudit } from '../admin/audit';
import { checkReach } from '../admin/hierarchy';
import { markPaid, type PaidOutcome } from './mark-paid';
import { orderPaymentRecords } from './missed-payments';
import { UNPAID } from './orders';
import { recordPayment } from './payment-records';
import { requestRefund, sendRefund } from './refunds';
import { settleServiceRefunds } from './service-refunds';

export interface OrderFilter {
  status?: number;
  from?: Date;
  to?: Date;
  product?: string;
  /** An e-mail (contains) or a user id. */
  user?: string;
  provider?: string;
}

const like = (s: string) => `%${s.replace(/[%_\\]/g, '\\$&')}%`;

function where(f: OrderFilter): SQL | undefined {
  const user = f.user?.trim();
  return and(
    f.status === undefined ? undefined : eq(orders.orderStatus, f.status),
    f.from ? gte(orders.createdAt, f.from) : undefined,
    f.to ? lt(orders.createdAt, f.to) : undefined,
    f.product ? eq(orders.productCode, f.product) : undefined,
    f.provider ? eq(orders.payProvider, f.provider) : undefined,
    user
      ? /^\d{1,9}$/.test(user)
        ? or(eq(orders.userId, Number(user)), ilike(users.email, like(user)))
        : ilike(users.email, like(user))
      : undefined,
  );
}

/** An order as the console lists it: the row's fields, money in fen, times in ISO. */
function row(o: Order, email: string | null) {
  return {
    orderNo: o.orderNo,
    userId: o.userId,
    email,
    productCode: o.productCode,
    orderDesc: o.orderDesc,
    orderPrice: o.orderPrice,
    refundedAmount: o.refundedAmount,
    orderStatus: o.orderStatus,
    payProvider: o.payProvider,
    providerTradeNo: o.providerTradeNo,
    createdAt: o.createdAt.toISOString(),
    paidAt: o.paidAt?.toISOString() ?? null,
  };
}

const select = (db: Db, f: OrderFilter) =>
  db
    .select({ o: orders, email: users.email })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(where(f))
    .orderBy(desc(orders.createdAt), desc(orders.id));

export async function listOrders(db: Db, f: OrderFilter, page: number, size: number) {
  const [total] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(where(f));
  const rows = await select(db, f)
    .limit(size)
    .offset((page - 1) * size);
  return { records: rows.map((r) => row(r.o, r.email)), total: total?.n ?? 0, current: page, size };
}

const CSV_LIMIT = 50_000;
const yuan = (fen: number) => (fen / 100).toFixed(2);

/** The filtered orders for accounting: amounts in yuan, refunds netted out in their own column. */
export async function ordersCsv(db: Db, f: OrderFilter): Promise<string> {
  const rows = await select(db, f).limit(CSV_LIMIT);
  const head = ['order_no', 'created_at', 'paid_at', 'user_id', 'email', 'product', 'description', 'status'];
  return toCsv(
    [...head, 'amount_yuan', 'refunded_yuan', 'net_yuan', 'provider', 'provider_trade_no'],
    rows.map(({ o, email }) => {
      const r = row(o, email);
      return [
        r.orderNo,
        r.createdAt,
        r.paidAt,
        r.userId,
        r.email,
        r.productCode,
        r.orderDesc,
        r.orderStatus,
        yuan(r.orderPrice),
        yuan(r.refundedAmount),
        // Money kept: paid orders' price less refunds; unpaid and free orders kept nothing.
        yuan(PAID_LIKE.includes(r.orderStatus) ? r.orderPrice - r.refundedAmount : 0),
        r.payProvider,
        r.providerTradeNo,
      ];
    }),
  );
}
const PAID_LIKE: number[] = [OrderStatus.PAID, OrderStatus.REFUNDED, OrderStatus.PARTLY_REFUNDED];

async function find(db: Db, orderNo: string) {
  const [r] = await db
    .select({ o: orders, email: users.email })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.orderNo, orderNo));
  if (!r) throw new DomainError(404, 'error.notFound', { status: 404 });
  return r;
}

/** An order with its whole history (every status change and refund, with times) and the service's numbers. */
export async function orderDetail(db: Db, orderNo: string) {
  const { o, email } = await find(db, orderNo);
  const history = await db.select().from(orderEvents).where(eq(orderEvents.orderId, o.id)).orderBy(asc(orderEvents.id));
  const refunds = await db
    .select()
    .from(orderRefunds)
    .where(eq(orderRefunds.orderId, o.id))
    .orderBy(asc(orderRefunds.id));
  return {
    ...row(o, email),
    productType: o.productType,
    productBenefit: o.productBenefit,
    expiresAt: o.expiresAt.toISOString(),
    history: history.map((e) => ({
      id: e.id,
      at: e.at.toISOString(),
      fromStatus: e.fromStatus,
      toStatus: e.toStatus,
      source: e.source,
      detail: e.detail,
    })),
    refunds: refunds.map((r) => ({
      refundNo: r.refundNo,
      amount: r.amount,
      status: r.status,
      reason: r.reason,
      actorEmail: r.actorEmail,
      providerRefundId: r.providerRefundId,
      detail: r.detail,
      // While processing: how often the service was asked, and when the refund worker asks next.
      attempts: r.attempts,
      nextTryAt: r.status === 'processing' ? (r.nextTryAt?.toISOString() ?? null) : null,
      createdAt: r.createdAt.toISOString(),
      finishedAt: r.finishedAt?.toISOString() ?? null,
    })),
    payments: await orderPaymentRecords(db, orderNo),
  };
}

/** What the audit log keeps of an order and its owner's benefit, before and after an action. */
async function snapshot(db: Db, orderNo: string) {
  const { o } = await find(db, orderNo);
  const [u] = await db.select().from(users).where(eq(users.id, o.userId));
  return {
    orderStatus: o.orderStatus,
    refundedAmount: o.refundedAmount,
    endDate: u?.endDate?.toISOString() ?? null,
    endDatePlus: u?.endDatePlus?.toISOString() ?? null,
    compositionsLeft: u?.compositionsLeft ?? null,
  };
}

/**
 * What "query provider" learnt of the order's payment (the console's
 * admin:orders.queried.* texts): markPaid's outcome for a payment the service
 * holds; paid and since refunded there; paid by the order's own record where
 * the service keeps none (the sandbox); or no payment at the service.
 */
export type QueriedPayment = PaidOutcome | 'refunded' | 'recorded' | 'unpaid';

/**
 * "Query provider": asks the payment service about the order and applies a
 * payment whose notify was missed through markPaid (exactly once), settles the
 * refunds the service reports done, then sends each refund still processing
 * again under its own number, which settles it if the service has made it meanwhile.
 */
export async function queryProvider(rt: Runtime, actor: Actor, orderNo: string) {
  const { db } = rt.database;
  const before = await snapshot(db, orderNo);
  const { o } = await find(db, orderNo);
  const status = await rt.payment.queryPayment(orderNo).catch((err: Error) => {
    throw new DomainError(400, 'admin:orders.queryFailed', {
      status: 400,
      params: { error: err.message.slice(0, 120) },
    });
  });
  let payment: QueriedPayment = 'unpaid';
  if (status.paid) {
    payment = await markPaid(rt, orderNo, {
      amount: status.amount ?? -1,
      source: `${rt.payment.mode}:console`,
      tradeNo: status.tradeNo,
      provider: rt.payment.mode,
      // Still waiting for it: the notify was lost, the payment is on time.
      onTime: UNPAID.includes(o.orderStatus),
    });
  } else if (status.state === 'refunded') payment = 'refunded';
  // Alipay closes a trade refunded in whole: for an order refunded in whole, that is its refund.
  else if (status.state === 'closed' && o.orderStatus === OrderStatus.REFUNDED) payment = 'refunded';
  // The sandbox keeps no payments: a paid order's own record is all there is to tell.
  else if (status.state === 'recordless' && PAID_LIKE.includes(o.orderStatus)) payment = 'recorded';
  if (status.state !== 'recordless')
    await recordPayment(db, {
      orderNo,
      provider: rt.payment.mode,
      source: 'query',
      outcome: status.paid ? payment : (status.state ?? 'unpaid'),
      amount: status.paid ? (status.amount ?? -1) : undefined,
      tradeNo: status.tradeNo,
      raw: status.raw ?? '',
    });
  // Refunds the service made (ours whose notify was lost, or one made on its own site) are settled first.
  const refundsSettled = await settleServiceRefunds(rt, orderNo, `${rt.payment.mode}:console`);
  // Closed because this query found it refunded in whole at the service.
  if (payment === 'unpaid' && status.state === 'closed' && refundsSettled > 0) payment = 'refunded';
  const open = await db
    .select()
    .from(orderRefunds)
    .where(and(eq(orderRefunds.orderId, o.id), eq(orderRefunds.status, 'processing')));
  for (const r of open) await sendRefund(rt, r, (await find(db, orderNo)).o);
  const after = await snapshot(db, orderNo);
  await writeAudit(db, actor, {
    action: 'order.query',
    targetType: 'order',
    targetId: orderNo,
    before,
    after: { ...after, payment },
  });
  const paid = status.paid || payment === 'refunded' || payment === 'recorded';
  return { paid, payment, refundsSent: open.length, refundsSettled, orderStatus: after.orderStatus };
}

/**
 * A refund moves money to the order's owner: the hierarchy's guard refuses it
 * on the actor's own order. The route asks before spending a TOTP code.
 */
export async function checkRefundReach(db: Db, actor: Actor, orderNo: string, reason: string) {
  const { o } = await find(db, orderNo);
  await checkReach(db, actor, o.userId, 'order.refund', reason);
}

/**
 * A console refund (admin, fresh TOTP checked by the route): one per form,
 * through the payment service; the audit row keeps the order and benefit
 * before and after. A repeated form answers applied false and writes nothing.
 */
export async function refundOrder(
  rt: Runtime,
  actor: Actor,
  a: { orderNo: string; amount: number; reason: string; requestId: string },
) {
  const { db } = rt.database;
  await checkRefundReach(db, actor, a.orderNo, a.reason);
  const before = await snapshot(db, a.orderNo);
  const { applied, refund } = await requestRefund(rt, { ...a, actor });
  if (applied) {
    await writeAudit(db, actor, {
      action: 'order.refund',
      targetType: 'order',
      targetId: a.orderNo,
      reason: a.reason,
      before,
      after: { ...(await snapshot(db, a.orderNo)), refundNo: refund.refundNo, refund: refund.status },
      requestId: a.requestId,
    });
  }
  return {
    applied,
    refundNo: refund.refundNo,
    amount: refund.amount,
    status: refund.status,
    detail: refund.detail,
  };
}
