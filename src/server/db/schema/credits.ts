import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * A user's credit (积分) account (docs/credits.md). `balance` is always the sum of the user's
 * ledger entries; `held` is the part reserved by holds of calls still running, so what a new
 * hold or spend may take is balance - held, and neither can go below zero.
 */
export const creditAccounts = pgTable(
  'credit_accounts',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    balance: integer('balance').notNull().default(0),
    held: integer('held').notNull().default(0),
    /** Consecutive check-in days ending at lastCheckIn (a site-time-zone date, YYYY-MM-DD). */
    streak: integer('streak').notNull().default(0),
    lastCheckIn: text('last_check_in'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('credit_accounts_balance_check', sql`${t.balance} >= 0`),
    check('credit_accounts_held_check', sql`${t.held} >= 0 and ${t.held} <= ${t.balance}`),
  ],
);

/**
 * One movement of credits: a signed amount for the user, booked as two entries (user and system
 * account) in credit_entries. (reason, ref) is unique, so a retry, a redelivered notify or a
 * restart never books the same grant or charge twice.
 */
export const creditMovements = pgTable(
  'credit_movements',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** purchase, refund, checkin, adjust, spend. */
    reason: text('reason').notNull(),
    /** What the movement belongs to: an order number, a hold, a day, a console request id. */
    ref: text('ref').notNull(),
    /** What a spend paid for: chat, drawing, song, embedding, search. */
    kind: text('kind'),
    amount: integer('amount').notNull(),
    /** The console operator of an adjustment. */
    actorId: integer('actor_id'),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('credit_movements_ref_idx').on(t.reason, t.ref),
    index('credit_movements_user_idx').on(t.userId, t.id),
    index('credit_movements_created_idx').on(t.createdAt),
  ],
);

/** Double-entry lines: each movement is one pair, the user's account and a system account, summing to zero. */
export const creditEntries = pgTable(
  'credit_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    movementId: bigint('movement_id', { mode: 'number' })
      .notNull()
      .references(() => creditMovements.id, { onDelete: 'cascade' }),
    /** `user:<id>` or `system:<reason>`. */
    account: text('account').notNull(),
    amount: integer('amount').notNull(),
  },
  (t) => [index('credit_entries_account_idx').on(t.account), index('credit_entries_movement_idx').on(t.movementId)],
);

/**
 * Credits reserved for one paid call before it runs, settled to its real cost after (or
 * released when it fails). A chat hold carries a lease its process renews; a hold whose lease
 * ran out (the process died) is released by the sweeper. A task's hold (drawing, song) has no
 * lease: the task itself is resumed after a crash and ends it.
 */
export const creditHolds = pgTable(
  'credit_holds',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /** Unique: the work it pays for (a task id), or a random id for a chat answer. */
    ref: text('ref').notNull(),
    amount: integer('amount').notNull(),
    status: text('status').$type<'held' | 'settled' | 'released'>().notNull().default('held'),
    charged: integer('charged').notNull().default(0),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('credit_holds_ref_idx').on(t.kind, t.ref),
    index('credit_holds_lease_idx').on(t.leaseUntil).where(sql`status = 'held'`),
  ],
);

/**
 * The console's credit prices and check-in rewards, one integer per key (docs/credits.md):
 * `chat:<model>:in|out` per 1,000 tokens, `drawing:<engine>:<quality>`, `song`, `embedding` per
 * 1,000 tokens, `search`, and `checkin:<day>`. A missing key is 0: free, or no reward.
 */
export const creditRates = pgTable('credit_rates', {
  key: text('key').primaryKey(),
  credits: integer('credits').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One row per user and site day checked in: the primary key makes a second check-in of the day a no-op. */
export const creditCheckIns = pgTable(
  'credit_check_ins',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: text('day').notNull(),
    streak: integer('streak').notNull(),
    reward: integer('reward').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] }), index('credit_check_ins_day_idx').on(t.day)],
);

export type CreditHold = typeof creditHolds.$inferSelect;
