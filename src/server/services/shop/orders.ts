import { randomInt } from 'node:crypto';
import { and, count, desc, eq, inArray, like, type Placeholder, sql } from 'drizzle-orm';
import { Code } from '../../../shared/codes';
import type { OrderInfo, OrderPage } from '../../../shared/contract/shop';
import { DEFAULT_LANGUAGE, type Language } from '../../../shared/languages';
import { toSafeText } from '../../../shared/safe-text';
import type { Db } from '../../db/client';
import { pageTotal, totalOf } from '../../db/queries/page-total';
import { prepared } from '../../db/queries/prepared';
import { hit } from '../../db/queries/rate-limits';
import { type Order, OrderStatus, orderEvents, orders } from '../../db/schema';
import { lockUser, transaction } from '../../db/transaction';
import { DomainError } from '../../errors';
import type { CreatedPayment } from '../../providers/payment/types';
import type { Runtime } from '../../runtime';
import { siteSettings } from '../site-settings';
import { forgetList, keptList } from '../user-lists';
import { grantBenefit } from './benefits';
import { findUnpaid, insertOrder, UNPAID } from './order-queries';
import { assertPurchaseLimit, countFreeGrant, type OrderClient } from './order-rules';
import { localText } from './products';

export { UNPAID } from './order-queries';

const ALNUM = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** MB + UTC timestamp + 12 random characters: unique, sortable, not guessable. */
export function newOrderNo(now = new Date()): string {
  const stamp = now.toISOString().replace(/\D/g, '').slice(0, 14);
  let tail = '';
  for (let i = 0; i < 12; i++) tail += ALNUM[randomInt(ALNUM.length)];
  return `MB${stamp}${tail}`;
}

/** The columns an order's reply shows: the list selects only these. */
const shownColumns = {
  orderNo: orders.orderNo,
  orderPrice: orders.orderPrice,
  orderDesc: orders.orderDesc,
  orderDescNames: orders.orderDescNames,
  productCode: orders.productCode,
  productId: orders.productId,
  productType: orders.productType,
  productBenefit: orders.productBenefit,
  orderStatus: orders.orderStatus,
  refundedAmount: orders.refundedAmount,
  payLink: orders.payLink,
  payLimitTime: orders.payLimitTime,
  createdAt: orders.createdAt,
  expiresAt: orders.expiresAt,
  updatedAt: orders.updatedAt,
};

/** The order as replies in `lang` show it (the Order schema of src/shared/contract/shop.ts). */
export const orderDtoIn =
  (lang: Language) =>
  (o: Pick<Order, keyof typeof shownColumns>): OrderInfo => ({
    orderNo: o.orderNo,
    orderPrice: o.orderPrice,
    orderDesc: localText(o.orderDesc, o.orderDescNames, lang),
    productCode: o.productCode,
    productId: o.productId,
    productType: o.productType,
    productBenefit: o.productBenefit,
    orderStatus: o.orderStatus,
    refundedAmount: o.refundedAmount,
    payLink: o.payLink,
    payLimitTime: o.payLimitTime,
    createDate: o.createdAt.toISOString(),
    createTime: o.createdAt.getTime(),
    expiresAt: o.expiresAt.toISOString(),
    updateTimestamp: o.updatedAt.getTime(),
  });
/** The order with its zh-CN name (the console; zh-CN pages). */
export const orderDto = orderDtoIn(DEFAULT_LANGUAGE);

export async function createOrder(
  rt: Runtime,
  userId: number,
  p: { productId: number; productCode: string },
  client: OrderClient = {},
  lang: Language = DEFAULT_LANGUAGE,
) {
  try {
    return await placeOrder(rt, userId, p, client, lang);
  } finally {
    // Whatever it wrote (an order, a failed one, nothing), the user's next list reads it.
    forgetList(rt, 'orders', userId);
  }
}

async function placeOrder(
  rt: Runtime,
  userId: number,
  p: { productId: number; productCode: string },
  client: OrderClient,
  lang: Language,
) {
  const { db } = rt.database;
  const orderDto = orderDtoIn(lang);
  if (!(await hit(db, `order:user:${userId}`, { limit: 30, windowMs: 60_000 })).allowed)
    throw new DomainError(Code.TOO_MANY_REQUESTS, 'error.tooManyRequests', { status: 429 });
  const product = await rt.products.find(p.productId, p.productCode);
  if (!product) throw new DomainError(Code.ORDER_NOT_ALLOWED, 'shop:order.create.unavailable');
  await assertPurchaseLimit(db, userId, product);

  const now = new Date();
  const { PAY_LIMIT_MINUTES } = await siteSettings(rt);
  const free = product.productDisPrice === 0;
  const base = {
    orderNo: newOrderNo(now),
    userId,
    productId: product.id,
    productCode: product.productCode,
    productType: product.productType,
    productBenefit: product.productBenefit,
    orderDesc: product.productName,
    orderDescNames: product.names,
    orderPrice: product.productDisPrice,
    payProvider: free ? 'free' : rt.payment.mode,
    payLimitTime: PAY_LIMIT_MINUTES,
    createdAt: now,
    expiresAt: new Date(now.getTime() + PAY_LIMIT_MINUTES * 60_000),
  };
  if (free) {
    // The user row is locked first, so parallel requests of one user queue
    // here and the second sees the first one's order under the limit.
    const order = await transaction(db, async (tx) => {
      await lockUser(tx, userId);
      await assertPurchaseLimit(tx, userId, product);
      await countFreeGrant(rt, tx, client);
      const [o] = await tx
        .insert(orders)
        .values({ ...base, orderStatus: OrderStatus.FREE, paidAt: now })
        .returning();
      if (!o) throw new Error('order insert returned nothing');
      await tx.insert(orderEvents).values({ orderId: o.id, toStatus: OrderStatus.FREE, source: 'create' });
      await grantBenefit(tx, userId, { ...product }, now);
      return o;
    });
    return orderDto(order);
  }
  // The payment service is asked first, so the order is written once, as it
  // left it (docs/state-machines.md: "to pay", then "paying" or "failed").
  let placed: CreatedPayment | undefined;
  let refusal: string | undefined;
  try {
    placed = await rt.payment.createPayment({
      orderNo: base.orderNo,
      amount: base.orderPrice,
      description: base.orderDesc,
      expiresAt: base.expiresAt,
    });
  } catch (err) {
    refusal = (err as Error).message;
    rt.log.error('payment provider refused the order', { orderNo: base.orderNo, err: refusal });
  }
  const order = await insertOrder(db, {
    ...base,
    orderStatus: placed ? OrderStatus.PAYING : OrderStatus.FAILED,
    payLink: placed?.payLink ?? null,
    sandboxKeyHash: placed?.owner?.keyHash ?? null,
    source: placed ? rt.payment.mode : 'provider',
    // The service's words are data: bounded, and cleaned of what PostgreSQL refuses.
    detail: toSafeText(refusal, 300),
  });
  if (!order) {
    // The user already has an unpaid order of this product (maybe placed a moment ago): answer with it.
    const winner = await findUnpaid(db, userId, product.id);
    if (winner)
      throw new DomainError(Code.ORDER_DUPLICATE_UNPAID, 'shop:order.create.duplicate', { data: orderDto(winner) });
    throw new Error('order insert wrote nothing, and no unpaid order holds its place');
  }
  if (!placed) throw new DomainError(Code.BAD_REQUEST, 'shop:order.create.failed');
  const dto = orderDto(order);
  // The owner, and only the owner, is handed the link that can pay (the sandbox's keyed one).
  return placed.owner ? { ...dto, payLink: placed.owner.link } : dto;
}

/** Moves an unpaid order to `to`; false when it was no longer unpaid (a payment won). */
export async function moveStatus(db: Db, order: Order, to: number, source: string, detail?: string) {
  const [moved] = await db
    .update(orders)
    .set({ orderStatus: to, updatedAt: new Date() })
    .where(and(eq(orders.id, order.id), inArray(orders.orderStatus, UNPAID)))
    .returning({ id: orders.id });
  if (moved)
    await db
      .insert(orderEvents)
      .values({ orderId: order.id, fromStatus: order.orderStatus, toStatus: to, source, detail });
  return Boolean(moved);
}

/** The user's order; 404 when there is none of that number, or it is someone else's. */
export async function ownOrder(db: Db, userId: number, orderNo: string) {
  const [o] = await prepared(db, 'order_own', (db, name) =>
    db
      .select()
      .from(orders)
      .where(and(eq(orders.orderNo, sql.placeholder('orderNo')), eq(orders.userId, sql.placeholder('userId'))))
      .limit(1)
      .prepare(name),
  ).execute({ orderNo, userId });
  if (!o) throw new DomainError(Code.NOT_FOUND, 'shop:order.notFound', { status: 404 });
  return o;
}

const ordersOf = (userId: number | Placeholder, search: string | Placeholder | undefined) =>
  and(eq(orders.userId, userId), search === undefined ? undefined : like(orders.orderNo, search));

/** A user's page of orders, newest first; `searched` filters by part of the order number. */
const ordersPage = (db: Db, searched: boolean) =>
  prepared(db, searched ? 'orders_page_search' : 'orders_page', (db, name) => {
    const where = ordersOf(sql.placeholder('userId'), searched ? sql.placeholder('search') : undefined);
    return db
      .select({ order: shownColumns, total: totalOf(orders, where) })
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(name);
  });

export function listOrders(
  rt: Runtime,
  userId: number,
  p: { pageNum: number; pageSize: number; orderNo?: string; lang?: Language },
) {
  const key = `${p.lang ?? DEFAULT_LANGUAGE}:${p.pageNum}:${p.pageSize}:${p.orderNo ?? ''}`;
  return keptList(rt, 'orders', userId, key, async () => JSON.stringify(await loadOrders(rt.database.db, userId, p)));
}

async function loadOrders(
  db: Db,
  userId: number,
  p: { pageNum: number; pageSize: number; orderNo?: string; lang?: Language },
): Promise<OrderPage> {
  const search = p.orderNo ? `%${p.orderNo.replace(/[%_\\]/g, '')}%` : undefined;
  const values = { userId, search, limit: p.pageSize, offset: (p.pageNum - 1) * p.pageSize };
  const rows = await (search ? ordersPage(db, true) : ordersPage(db, false)).execute(values);
  const total = await pageTotal(rows, p.pageNum, async () => {
    const [all] = await db.select({ n: count() }).from(orders).where(ordersOf(userId, search));
    return all?.n ?? 0;
  });
  const dto = orderDtoIn(p.lang ?? DEFAULT_LANGUAGE);
  return {
    records: rows.map((r) => dto(r.order)),
    total,
    current: p.pageNum,
    size: p.pageSize,
  };
}

export async function hasOrdered(db: Db, userId: number) {
  const [row] = await db.select({ id: orders.id }).from(orders).where(eq(orders.userId, userId)).limit(1);
  return Boolean(row);
}
