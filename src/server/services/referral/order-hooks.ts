import { and, eq, gte, sql } from 'drizzle-orm';
import { BP_WHOLE } from '../../../shared/referral';
import type { SiteSettings } from '../../../shared/site-settings';
import { startOfDay } from '../../../shared/site-time';
import type { Db } from '../../db/client';
import { type ReferralCommission, type ReferralInvite, referralCommissions, referralInvites } from '../../db/schema';
import { lockUser } from '../../db/transaction';
import type { Runtime } from '../../runtime';
import { refundedShare } from '../shop/benefits';
import { siteSettings } from '../site-settings';
import { lockBalance, post } from './ledger';
import { grantReward, rewardRef, takeBackReward } from './rewards';

const DAY = 86_400_000;

interface PaidOrder {
  id: number;
  userId: number;
  orderPrice: number;
}

/** The commission a rate in basis points takes of a price, rounded down to whole fen. */
export const commissionOf = (price: number, bp: number) => Math.floor((price * bp) / BP_WHOLE);

/**
 * Called once per paid order inside markPaid's transaction, after the order's
 * own benefit is written (the payer's row is locked). The invitee's first paid
 * order converts their invite and rewards both sides (unless the inviter's
 * daily cap is reached); every paid order of an invitee earns commission for
 * the inviter (and, when set, the inviter's inviter), held for the refund window.
 */
export async function onOrderPaid(rt: Runtime, tx: Db, order: PaidOrder, now: Date): Promise<void> {
  const [invite] = await tx
    .select()
    .from(referralInvites)
    .where(eq(referralInvites.inviteeId, order.userId))
    .for('update');
  if (!invite) return;
  const s = await siteSettings(rt);
  if (!invite.convertedAt) await convert(rt, tx, invite, order, s, now);
  const releaseAt = new Date(now.getTime() + s.REFERRAL_HOLD_DAYS * DAY);
  await accrue(tx, order, { userId: invite.inviterId, level: 1, bp: s.REFERRAL_LEVEL1_BP }, releaseAt);
  if (s.REFERRAL_LEVEL2_BP > 0) {
    const [second] = await tx
      .select({ userId: referralInvites.inviterId })
      .from(referralInvites)
      .where(eq(referralInvites.inviteeId, invite.inviterId));
    if (second && second.userId !== order.userId)
      await accrue(tx, order, { userId: second.userId, level: 2, bp: s.REFERRAL_LEVEL2_BP }, releaseAt);
  }
}

async function convert(rt: Runtime, tx: Db, invite: ReferralInvite, order: PaidOrder, s: SiteSettings, now: Date) {
  // The inviter's row lock makes the day's count and the reward one step: two invitees paying at once cannot both pass the cap.
  await lockUser(tx, invite.inviterId);
  const [today] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(referralInvites)
    .where(
      and(
        eq(referralInvites.inviterId, invite.inviterId),
        eq(referralInvites.reward, 'rewarded'),
        gte(referralInvites.convertedAt, new Date(startOfDay(now.getTime(), rt.env.SITE_TIME_ZONE))),
      ),
    );
  const off =
    s.REFERRAL_INVITER_DAYS === 0 &&
    s.REFERRAL_INVITEE_DAYS === 0 &&
    s.REFERRAL_INVITER_CREDITS === 0 &&
    s.REFERRAL_INVITEE_CREDITS === 0;
  const reward = off ? 'off' : (today?.n ?? 0) >= s.REFERRAL_DAILY_CAP ? 'capped' : 'rewarded';
  const inviterDays = reward === 'rewarded' ? s.REFERRAL_INVITER_DAYS : 0;
  const inviteeDays = reward === 'rewarded' ? s.REFERRAL_INVITEE_DAYS : 0;
  const inviterCredits = reward === 'rewarded' ? s.REFERRAL_INVITER_CREDITS : 0;
  const inviteeCredits = reward === 'rewarded' ? s.REFERRAL_INVITEE_CREDITS : 0;
  const ref = (side: 'inviter' | 'invitee') => rewardRef(invite.inviteeId, side);
  await grantReward(tx, invite.inviterId, { days: inviterDays, credits: inviterCredits }, now, ref('inviter'));
  await grantReward(tx, invite.inviteeId, { days: inviteeDays, credits: inviteeCredits }, now, ref('invitee'));
  await tx
    .update(referralInvites)
    .set({
      convertedAt: now,
      convertedOrderId: order.id,
      reward,
      inviterDays,
      inviteeDays,
      inviterCredits,
      inviteeCredits,
    })
    .where(eq(referralInvites.inviteeId, invite.inviteeId));
}

async function accrue(tx: Db, order: PaidOrder, to: { userId: number; level: number; bp: number }, releaseAt: Date) {
  const amount = commissionOf(order.orderPrice, to.bp);
  if (amount <= 0) return;
  await lockBalance(tx, to.userId);
  const [row] = await tx
    .insert(referralCommissions)
    .values({
      orderId: order.id,
      userId: to.userId,
      buyerId: order.userId,
      level: to.level,
      rateBp: to.bp,
      amount,
      releaseAt,
    })
    .onConflictDoNothing()
    .returning({ id: referralCommissions.id });
  if (!row) return;
  await post(
    tx,
    'accrue',
    [
      { account: 'commission', amount: -amount },
      { userId: to.userId, account: 'held', amount },
    ],
    { commissionId: row.id },
  );
}

/** What reversing `share` of a commission takes from each of its owner's accounts: held first while held, debt last. */
export function reversalSplit(
  c: Pick<ReferralCommission, 'status'>,
  balance: { held: number; available: number },
  share: number,
) {
  const held = c.status === 'held' ? Math.min(share, balance.held) : 0;
  const available = Math.min(share - held, balance.available);
  return { held, available, debt: share - held - available };
}

/** The part of a commission a refund from `before` to `after` fen of the order's price covers. */
export const reversalShare = (c: ReferralCommission, price: number, refunded: { before: number; after: number }) =>
  Math.min(
    c.amount - c.reversed,
    refundedShare(c.amount, refunded.after, price) - refundedShare(c.amount, refunded.before, price),
  );

/**
 * Called once per settled refund inside its transaction (the buyer's row is
 * locked): takes back the share of the invite rewards the converting order
 * gave, and reverses the order's commissions in proportion. Commission
 * already withdrawn becomes the owner's debt, which later commission pays.
 */
export async function onOrderRefunded(
  tx: Db,
  order: PaidOrder,
  refunded: { before: number; after: number },
  floor: Date,
): Promise<void> {
  const [invite] = await tx
    .select()
    .from(referralInvites)
    .where(and(eq(referralInvites.inviteeId, order.userId), eq(referralInvites.convertedOrderId, order.id)));
  if (invite?.reward === 'rewarded') {
    const invitee = { days: invite.inviteeDays, credits: invite.inviteeCredits };
    const inviter = { days: invite.inviterDays, credits: invite.inviterCredits };
    await takeBackReward(tx, invite.inviteeId, invitee, order, refunded, floor, rewardRef(invite.inviteeId, 'invitee'));
    await takeBackReward(tx, invite.inviterId, inviter, order, refunded, floor, rewardRef(invite.inviteeId, 'inviter'));
  }
  const ids = await tx
    .select({ id: referralCommissions.id, userId: referralCommissions.userId })
    .from(referralCommissions)
    .where(eq(referralCommissions.orderId, order.id))
    .orderBy(referralCommissions.level);
  for (const { id, userId } of ids) {
    const balance = await lockBalance(tx, userId);
    const [c] = await tx.select().from(referralCommissions).where(eq(referralCommissions.id, id)).for('update');
    if (!c) continue;
    const share = reversalShare(c, order.orderPrice, refunded);
    if (share <= 0) continue;
    const split = reversalSplit(c, balance, share);
    await post(
      tx,
      'reverse',
      [
        { account: 'commission', amount: share },
        { userId, account: 'held', amount: -split.held },
        { userId, account: 'available', amount: -split.available },
        { userId, account: 'debt', amount: -split.debt },
      ],
      { commissionId: id },
    );
    await tx
      .update(referralCommissions)
      .set({ reversed: c.reversed + share })
      .where(eq(referralCommissions.id, id));
  }
}
