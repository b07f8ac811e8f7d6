import { bigserial, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sessions } from './sessions';
import { users } from './users';

/** A console account's TOTP secret; `confirmedAt` null while enrolment waits for its first code. */
export const adminTotp = pgTable('admin_totp', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  /** The last accepted time step: a code is never accepted twice. */
  lastStep: integer('last_step'),
});

/**
 * A console session: an HttpOnly cookie bound to one login session (it ends
 * with it), with the time TOTP was last verified in it.
 */
export const adminSessions = pgTable(
  'admin_sessions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    loginSessionId: integer('login_session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    totpAt: timestamp('totp_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('admin_sessions_token_idx').on(t.tokenHash)],
);

/**
 * Every console action, append-only (a trigger refuses UPDATE and DELETE).
 * No foreign keys: the record outlives the accounts it names.
 */
export const adminAudit = pgTable(
  'admin_audit',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: integer('actor_id'),
    actorEmail: text('actor_email'),
    ip: text('ip'),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    reason: text('reason'),
    before: jsonb('before'),
    after: jsonb('after'),
    /** The browser's id for one click: a repeated request finds its row instead of acting twice. */
    requestId: text('request_id'),
  },
  (t) => [index('admin_audit_at_idx').on(t.at), uniqueIndex('admin_audit_request_idx').on(t.actorId, t.requestId)],
);
