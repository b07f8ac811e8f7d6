import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { orders } from './orders';
import { users } from './users';

/** Each user's invite code, made the first time they open their invite page (docs/referral.md). */
export const referralCodes = pgTable('referral_codes', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id),
  code: text('code').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Who invited whom: one row per invitee, written when the account is created.
 * Converted on the invitee's first paid order; rewarded then unless the
 * inviter's daily cap was reached or the rewards were off.
 */
export const referralInvites = pgTable(
  'referral_invites',
  {
    inviteeId: integer('invitee_id')
      .primaryKey()
      .references(() => users.id),
    inviterId: integer('inviter_id')
      .notNull()
      .references(() => users.id),
    /** Registration signals for the console (farms share them). */
    ip: text('ip').notNull(),
    uaHash: text('ua_hash').notNull(),
    convertedAt: timestamp('converted_at', { withTimezone: true }),
    convertedOrderId: integer('converted_order_id').references(() => orders.id),
    /** rewarded, capped (daily cap reached) or off (no reward set); null until converted. */
    reward: text('reward').$type<'rewarded' | 'capped' | 'off'>(),
    inviterDays: integer('inviter_days').notNull().default(0),
    inviteeDays: integer('invitee_days').notNull().default(0),
    /** Credits each side got on the conversion (the settings then in force). */
    inviterCredits: integer('inviter_credits').notNull().default(0),
    inviteeCredits: integer('invitee_credits').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('referral_invites_inviter_idx').on(t.inviterId, t.createdAt),
    index('referral_invites_converted_idx').on(t.convertedAt),
    check('referral_invites_not_self', sql`${t.inviteeId} <> ${t.inviterId}`),
  ],
);

/**
 * A user's commission balances, kept equal to the sums of their ledger
 * entries (checkReferralLedger). Debt is what reversals could not take back
 * because it had been withdrawn; later commission pays it first.
 */
export const referralBalances = pgTable(
  'referral_balances',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id),
    held: integer('held').notNull().default(0),
    available: integer('available').notNull().default(0),
    withdrawing: integer('withdrawing').notNull().default(0),
    debt: integer('debt').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'referral_balances_not_negative',
      sql`${t.held} >= 0 and ${t.available} >= 0 and ${t.withdrawing} >= 0 and ${t.debt} >= 0`,
    ),
  ],
);

/** One commission per paid order and level: held until releaseAt, then available; refunds reverse it. */
export const referralCommissions = pgTable(
  'referral_commissions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    buyerId: integer('buyer_id')
      .notNull()
      .references(() => users.id),
    level: integer('level').notNull(),
    /** Basis points of the order's price at payment. */
    rateBp: integer('rate_bp').notNull(),
    amount: integer('amount').notNull(),
    reversed: integer('reversed').notNull().default(0),
    status: text('status').$type<'held' | 'released'>().notNull().default('held'),
    releaseAt: timestamp('release_at', { withTimezone: true }).notNull(),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('referral_commissions_order_level_idx').on(t.orderId, t.level),
    index('referral_commissions_due_idx').on(t.status, t.releaseAt),
    index('referral_commissions_user_idx').on(t.userId, t.createdAt),
  ],
);

/** A withdrawal request: pending until the console pays it (out of band) or rejects it with a reason. */
export const referralWithdrawals = pgTable(
  'referral_withdrawals',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    amount: integer('amount').notNull(),
    method: text('method').$type<'alipay' | 'wechat' | 'bank'>().notNull(),
    account: text('account').notNull(),
    realName: text('real_name').notNull(),
    status: text('status').$type<'pending' | 'paid' | 'rejected'>().notNull().default('pending'),
    reason: text('reason'),
    reviewerId: integer('reviewer_id').references(() => users.id),
    reviewerEmail: text('reviewer_email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  },
  (t) => [
    index('referral_withdrawals_status_idx').on(t.status, t.createdAt),
    index('referral_withdrawals_user_idx').on(t.userId, t.createdAt),
    check('referral_withdrawals_positive', sql`${t.amount} > 0`),
  ],
);

/**
 * The double-entry ledger: every movement is entries with one `move` id
 * whose amounts sum to zero, pairing a user's account (held, available,
 * withdrawing, debt) with a system one (commission, payout). Never updated.
 */
export const referralEntries = pgTable(
  'referral_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    move: text('move').notNull(),
    /** Null for a system account. */
    userId: integer('user_id').references(() => users.id),
    account: text('account').$type<'held' | 'available' | 'withdrawing' | 'debt' | 'commission' | 'payout'>().notNull(),
    amount: integer('amount').notNull(),
    kind: text('kind').$type<'accrue' | 'release' | 'reverse' | 'withdraw' | 'reject' | 'pay'>().notNull(),
    commissionId: integer('commission_id'),
    withdrawalId: integer('withdrawal_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('referral_entries_user_idx').on(t.userId, t.account), index('referral_entries_move_idx').on(t.move)],
);

export type ReferralInvite = typeof referralInvites.$inferSelect;
export type ReferralCommission = typeof referralCommissions.$inferSelect;
export type ReferralWithdrawal = typeof referralWithdrawals.$inferSelect;
export type ReferralBalance = typeof referralBalances.$inferSelect;
