import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
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

/**
 * Grants what an order bought, inside the caller's transaction: membership
 * days (plus tier for productType 2) or compositions (productType 4).
 */
export async function grantBenefit(tx: Db, userId: number, b: Benefit, now = new Date()) {
  // Callers lock the user first (lockUser); taking it again here is free and keeps this safe alone.
  const user = await lockUser(tx, userId);
  if (!user) return;
  if (b.productType === 4) {
    await tx
      .update(users)
      .set({ compositionsLeft: user.compositionsLeft + b.productBenefit })
      .where(eq(users.id, userId));
    return;
  }
  const days = b.productBenefit * DAY;
  if (b.productType === 2) {
    const active = user.endDatePlus && user.endDatePlus > now;
    await tx
      .update(users)
      .set({
        plusType: Math.max(b.level, active ? (user.plusType ?? 0) : 0),
        startDatePlus: active ? user.startDatePlus : now,
        endDatePlus: new Date(extendFrom(user.endDatePlus, now).getTime() + days),
      })
      .where(eq(users.id, userId));
    return;
  }
  const active = user.endDate && user.endDate > now;
  await tx
    .update(users)
    .set({
      vipType: Math.max(b.level, active ? (user.vipType ?? 0) : 0),
      startDate: active ? user.startDate : now,
      endDate: new Date(extendFrom(user.endDate, now).getTime() + days),
    })
    .where(eq(users.id, userId));
}
