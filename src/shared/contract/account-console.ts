import { z } from '@hono/zod-openapi';
import { GRANT_KINDS, ROLES } from '../admin';
import { reason, requestId, totpCode } from './admin';
import { id, intParam, text } from './input';
import { order } from './shop';

/**
 * The console's users page (src/server/services/account/console-users.ts, docs/console.md): the search,
 * one user, and the actions on an account.
 */

export const userQuery = z.object({ q: text(200) });
export const banBody = z.object({ banned: z.boolean(), reason, requestId });
export const membershipBody = z.object({
  kind: z.enum(GRANT_KINDS),
  amount: intParam(-3650, 3650).refine((n) => n !== 0, { message: 'admin:users.amountZero' }),
  reason,
  requestId,
});
export const roleBody = z.object({ role: z.enum(ROLES), reason, requestId, code: totpCode });
/** One session (sessionId) or, without it, all of them. */
export const revokeSessionsBody = z.object({ sessionId: id().optional(), reason, requestId });

const count = z.number().int();
/** ISO time; null when it never happened. */
const when = z.string().nullable();

export const UserSearchRow = z
  .object({
    id: count,
    email: z.string().nullable(),
    nickname: z.string().nullable(),
    role: z.string(),
    vipType: count.nullable(),
    endDate: when,
    bannedAt: when,
    createdAt: z.string(),
  })
  .openapi('AdminUserRow');

const used = (limit: z.ZodType) => z.object({ used: count, limit });

const task = { taskId: z.string(), status: count, provider: z.string(), createdAt: z.string() };

export const UserDetail = z
  .object({
    id: count,
    email: z.string().nullable(),
    nickname: z.string().nullable(),
    wechatOpenId: z.string().nullable(),
    /** Masked (138****0000): the console never shows a whole number. */
    phone: z.string().nullable(),
    role: z.string(),
    language: z.string(),
    createdAt: z.string(),
    bannedAt: when,
    startDate: when,
    startDatePlus: when,
    lastSeenAt: when,
    vipType: count.nullable(),
    endDate: when,
    plusType: count.nullable(),
    endDatePlus: when,
    compositionsLeft: count,
    /** The user's credits: the balance and what running work holds of it. */
    credits: z.object({ balance: count, held: count }),
    /** Why the viewer may not act on this account (an i18n key); null when they may. */
    refusal: z.enum(['admin:reach.self', 'admin:reach.staff']).nullable(),
    orders: z.array(order),
    /** Today's use; a null limit is unlimited. */
    quota: z.object({ chat: used(count.nullable()), draw: used(count.nullable()), music: used(count) }),
    drawings: z.array(z.object({ prompt: z.string(), ...task })),
    songs: z.array(z.object({ title: z.string(), ...task })),
    apps: z.array(z.object({ id: count, title: z.string(), published: z.boolean(), createdAt: z.string() })),
    sessions: z.array(
      z.object({
        id: count,
        createdAt: z.string(),
        lastUsedAt: when,
        expiresAt: z.string(),
        userAgent: z.string().nullable(),
        ip: z.string().nullable(),
      }),
    ),
    signIns: z.array(
      z.object({
        id: count,
        at: z.string(),
        method: z.string(),
        success: z.boolean(),
        failure: z.string().nullable(),
        ip: z.string().nullable(),
        userAgent: z.string().nullable(),
      }),
    ),
  })
  .openapi('AdminUserDetail');

export const UserSearchRows = z.array(UserSearchRow);
export type UserSearchRow = z.infer<typeof UserSearchRow>;
export type UserDetail = z.infer<typeof UserDetail>;
