import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** Codes sent by SMS; the number appears only as its keyed hash, the code only hashed. */
export const phoneCodes = pgTable(
  'phone_codes',
  {
    id: serial('id').primaryKey(),
    /** HMAC of the number (services/account/phone-box.ts). */
    phoneHash: text('phone_hash').notNull(),
    /** login | bind | delete */
    purpose: text('purpose').notNull(),
    /** The account a bind or delete code was asked by; null for sign-in. */
    userId: integer('user_id'),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [index('phone_codes_hash_idx').on(t.phoneHash, t.purpose, t.createdAt)],
);
