import type { Db } from '../../db/client';
import { book } from '../credits/book';
import { takeBackFree } from '../credits/orders';
import { grantBenefit, refundedShare, withdrawBenefit } from '../shop/benefits';

/** The membership product type an invite reward's days are granted as (docs/payments.md). */
const MEMBERSHIP = 1;

/** One side's reward for a converted invite: membership days, credits, or both (0: none). */
export interface InviteReward {
  days: number;
  credits: number;
}

/** Names one side of one invite in the credits books: (reason, ref) is unique, so it is granted once. */
export const rewardRef = (inviteeId: number, side: 'inviter' | 'invitee') => `${inviteeId}:${side}`;

/**
 * Grants one side's invite reward in the payment's transaction: days through
 * the shop's benefit machinery, credits through the credits books under the
 * invite's ref (a repeat books nothing).
 */
export async function grantReward(tx: Db, userId: number, r: InviteReward, now: Date, ref: string) {
  if (r.days > 0) await grantBenefit(tx, userId, { productType: MEMBERSHIP, productBenefit: r.days, level: 1 }, now);
  if (r.credits > 0) await book(tx, { userId, reason: 'invite', ref, amount: r.credits, note: ref });
}

/**
 * Takes back the share of a reward that a refund of the converting order
 * covers, as the order's own benefit is taken back (withdrawBenefit); of
 * credits, only what the user has not spent.
 */
export async function takeBackReward(
  tx: Db,
  userId: number,
  r: InviteReward,
  order: { orderPrice: number },
  refunded: { before: number; after: number },
  floor: Date,
  ref: string,
) {
  if (r.days > 0)
    await withdrawBenefit(
      tx,
      userId,
      { productType: MEMBERSHIP, productBenefit: r.days, orderPrice: order.orderPrice },
      refunded,
      floor,
    );
  if (r.credits > 0)
    await takeBackFree(tx, {
      userId,
      reason: 'invite',
      ref: `${ref}:refund:${refunded.after}`,
      most:
        refundedShare(r.credits, refunded.after, order.orderPrice) -
        refundedShare(r.credits, refunded.before, order.orderPrice),
      note: ref,
    });
}
