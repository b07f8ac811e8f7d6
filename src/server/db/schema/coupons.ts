import { index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users';

/** A batch of experience codes an admin made in the console (or the CLI), to list, export or disable together. */
export const codeBatches = pgTable('code_batches', {
  id: serial('id').primaryKey(),
  /** Where the codes are handed out (group, official, a campaign); copied to each code's source. */
  label: text('label').notNull(),
  trialDays: integer('trial_days').notNull(),
  /** Membership level a redemption grants; null = COUPON_TRIAL_LEVEL. */
  trialLevel: integer('trial_level'),
  count: integer('count').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdBy: integer('created_by').references(() => users.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** When its unredeemed codes were disabled. */
  disabledAt: timestamp('disabled_at', { withTimezone: true }),
});

/**
 * Experience codes: handed out by the daily coupon (already redeemed by their
 * claimer) or issued for the welfare group and the official account, to be
 * redeemed once in the free-experience-code dialog.
 */
export const experienceCodes = pgTable(
  'experience_codes',
  {
    id: serial('id').primaryKey(),
    /** Upper-case letters and digits; unique. */
    code: text('code').notNull(),
    /** daily (claimed from coupon 48), group, official, or an operator's own label. */
    source: text('source').notNull(),
    /** Membership days a redemption grants: 1 = until the end of that day (site time zone). */
    trialDays: integer('trial_days').notNull().default(1),
    /** Membership level a redemption grants; null = COUPON_TRIAL_LEVEL. */
    trialLevel: integer('trial_level'),
    /** The batch it was made in; null for the daily coupon's codes. */
    batchId: integer('batch_id').references(() => codeBatches.id),
    /** A disabled code can no longer be redeemed. */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /** After this the code can no longer be redeemed. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    redeemedBy: integer('redeemed_by').references(() => users.id),
    redeemedAt: timestamp('redeemed_at', { withTimezone: true }),
    /** End of the membership the redemption granted. */
    validUntil: timestamp('valid_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('experience_codes_code_idx').on(t.code),
    index('experience_codes_user_idx').on(t.redeemedBy),
    index('experience_codes_batch_idx').on(t.batchId, t.id),
  ],
);

/** One claim of a daily coupon: one per user, coupon and site-local day. */
export const couponClaims = pgTable(
  'coupon_claims',
  {
    id: serial('id').primaryKey(),
    couponId: integer('coupon_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** YYYY-MM-DD in the site time zone. */
    day: text('day').notNull(),
    codeId: integer('code_id')
      .notNull()
      .references(() => experienceCodes.id),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('coupon_claims_once_idx').on(t.couponId, t.userId, t.day),
    index('coupon_claims_user_idx').on(t.userId, t.claimedAt),
    index('coupon_claims_claimed_at_idx').on(t.claimedAt),
  ],
);

/** Claims counted per coupon and day: the row every claim of that day locks, so the limit holds. */
export const couponDays = pgTable(
  'coupon_days',
  {
    couponId: integer('coupon_id').notNull(),
    day: text('day').notNull(),
    claimed: integer('claimed').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.couponId, t.day] })],
);

export type ExperienceCode = typeof experienceCodes.$inferSelect;
export type CodeBatch = typeof codeBatches.$inferSelect;
