import type { Db } from '../../db/client';
import { grantBenefit, withdrawBenefit } from '../shop/benefits';

/** The membership product type an invite reward's days are granted as (docs/payments.md). */
const MEMBERSHIP = 1;

export interface InviteReward {
  days: number;
}

/**
 * Grants one side's invite reward through the shop's benefit machinery, in
 * the payment's transaction. One place per kind of reward: another kind
 * (credits) is another line here and in takeBackReward.
 */
export async function grantReward(tx: Db, userId: number, r: InviteReward, now: Date) {
  if (r.days > 0) await grantBenefit(tx, userId, { productType: MEMBERSHIP, productBenefit: r.days, level: 1 }, now);
}

/**
 * Takes back the share of a reward that a refund of the converting order
 * covers, as the order's own benefit is taken back (withdrawBenefit).
 */
export async function takeBackReward(
  tx: Db,
  userId: number,
  r: InviteReward,
  order: { orderPrice: number },
  refunded: { before: number; after: number },
  floor: Date,
) {
  if (r.days > 0)
    await withdrawBenefit(
      tx,
      userId,
      { productType: MEMBERSHIP, productBenefit: r.days, orderPrice: order.orderPrice },
      refunded,
      floor,
    );
}
