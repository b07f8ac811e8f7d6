import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type User, users } from '../../db/schema';
import { lockUser } from '../../db/transaction';

const DAY = 86_400_000;

export interface Benefit {
  productType: number;
  productBenefit: number;
  level: number;
}

/** The later of now and an end date: days bought early add to the remaining ones. */
export function extendFrom(end: Date | null, now: Date): Date {
  return end && end.getTime() > now.getTime() ? end : now;
}

/** The columns of the user row that granting a benefit changes. */
export type BenefitChange = Partial<
  Pick<User, 'compositionsLeft' | 'plusType' | 'startDatePlus' | 'endDatePlus' | 'vipType' | 'startDate' | 'endDate'>
>;

/**
 * What granting an order's benefit makes of a (locked) user row: membership
 * days (plus tier for productType 2) or compositions (productType 4).
 */
export function benefitChange(user: User, b: Benefit, now: Date): BenefitChange {
  if (b.productType === 4) return { compositionsLeft: user.compositionsLeft + b.productBenefit };
  const days = b.productBenefit * DAY;
  if (b.productType === 2) {
    const active = user.endDatePlus && user.endDatePlus > now;
    return {
      plusType: Math.max(b.level, active ? (user.plusType ?? 0) : 0),
      startDatePlus: active ? user.startDatePlus : now,
      endDatePlus: new Date(extendFrom(user.endDatePlus, now).getTime() + days),
    };
  }
  const active = user.endDate && user.endDate > now;
  return {
    vipType: Math.max(b.level, active ? (user.vipType ?? 0) : 0),
    startDate: active ? user.startDate : now,
    endDate: new Date(extendFrom(user.endDate, now).getTime() + days),
  };
}

/** Grants what an order bought inside the caller's transaction, locking the user row (lockUser). */
export async function grantBenefit(tx: Db, userId: number, b: Benefit, now = new Date()) {
  const user = await lockUser(tx, userId);
  if (!user) return;
  await tx
    .update(users)
    .set(benefitChange(user, b, now))
    .where(eq(users.id, userId));
}

/** The part of an order's benefit that refunds totalling `refunded` fen of `price` take back (rounded down). */
export function refundedShare(benefit: number, refunded: number, price: number): number {
  return price > 0 ? Math.floor((benefit * Math.min(refunded, price)) / price) : 0;
}

/**
 * Takes back what a refund covers, inside the caller's transaction (user row
 * locked): the units between the share already taken and the share after this
 * refund (docs/payments.md#refunds). Days come off the end date, never before
 * `floor`; compositions off the balance, never below 0. Answers the units taken.
 */
export async function withdrawBenefit(
  tx: Db,
  userId: number,
  o: { productType: number; productBenefit: number; orderPrice: number },
  refunded: { before: number; after: number },
  floor: Date,
): Promise<number> {
  const units =
    refundedShare(o.productBenefit, refunded.after, o.orderPrice) -
    refundedShare(o.productBenefit, refunded.before, o.orderPrice);
  const user = await lockUser(tx, userId);
  if (!user || units <= 0) return 0;
  if (o.productType === 4) {
    const left = Math.max(0, user.compositionsLeft - units);
    await tx.update(users).set({ compositionsLeft: left }).where(eq(users.id, userId));
    return user.compositionsLeft - left;
  }
  const plus = o.productType === 2;
  const end = plus ? user.endDatePlus : user.endDate;
  // A membership already over has nothing left to take back; an end never moves later.
  if (!end || end <= floor) return 0;
  const next = new Date(Math.max(floor.getTime(), end.getTime() - units * DAY));
  await tx
    .update(users)
    .set(plus ? { endDatePlus: next } : { endDate: next })
    .where(eq(users.id, userId));
  return Math.round((end.getTime() - next.getTime()) / DAY);
}
