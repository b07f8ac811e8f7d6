import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** E-mailed codes; only a hash of the code is stored. */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: serial('id').primaryKey(),
    /** Lower-cased address. */
    email: text('email').notNull(),
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    /** picCodeSessionId: ties a register request to the code that was sent. */
    sessionId: text('session_id').notNull(),
    attempts: integer('attempts').notNull().default(0),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [index('verification_codes_email_idx').on(t.email, t.purpose, t.createdAt)],
);
