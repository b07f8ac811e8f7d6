import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /** Stored as typed; uniqueness is case-insensitive through the index below. */
    email: text('email'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    passwordHash: text('password_hash'),
    /** WeChat openId of the official account (or the sandbox), for QR login. */
    wechatOpenId: text('wechat_open_id'),
    /** The verified mainland mobile number, sealed (services/account/phone-box.ts); never stored in clear. */
    phoneSealed: text('phone_sealed'),
    /** Keyed hash (HMAC-SHA256) of the number: uniqueness and sign-in lookup without the number itself. */
    phoneHash: text('phone_hash'),
    nickname: text('nickname'),
    avatarUrl: text('avatar_url'),
    description: text('description'),
    /** Language for e-mails: the one the user last used. */
    language: text('language').notNull().default('zh-CN'),
    /** Membership (docs/api.md): null vipType means none. */
    vipType: integer('vip_type'),
    startDate: timestamp('start_date', { withTimezone: true }),
    endDate: timestamp('end_date', { withTimezone: true }),
    plusType: integer('plus_type'),
    startDatePlus: timestamp('start_date_plus', { withTimezone: true }),
    endDatePlus: timestamp('end_date_plus', { withTimezone: true }),
    /** Compositions left to use (bought with productType 4 products). */
    compositionsLeft: integer('compositions_left').notNull().default(0),
    /** Consecutive failed password logins, for the per-account back-off. */
    failedLogins: integer('failed_logins').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** user, operator or admin (docs/console.md); only the admin CLI and the console change it. */
    role: text('role').notNull().default('user'),
    /** Set by the console's ban: logins are refused with a message until unbanned. */
    bannedAt: timestamp('banned_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** Last authenticated request, written at most every few minutes (services/account/activity.ts). */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    uniqueIndex('users_wechat_open_id_idx').on(t.wechatOpenId),
    uniqueIndex('users_phone_hash_idx').on(t.phoneHash),
    // The console dashboard's range counts (docs/console.md).
    index('users_created_at_idx').on(t.createdAt),
    index('users_end_date_idx').on(t.endDate),
    index('users_end_date_plus_idx').on(t.endDatePlus),
  ],
);

export type User = typeof users.$inferSelect;
