import { createRoute, z } from '@hono/zod-openapi';
import { GRANT_KINDS, PERIODS, ROLES } from '../../../shared/admin';
import { AuditPage, ConsoleMe, ConsoleSessionOpened, Dashboard, TotpEnrolment } from '../../../shared/contract/admin';
import { UserDetail, UserSearchRow } from '../../../shared/contract/admin-users';
import { access } from '../access';
import { jsonBody, jsonResponses, paging, reachCodes, targetsAccount } from '../route-kit';
import { id, intParam, pattern, text } from '../validation';

// Console routes (docs/console.md): every one answers 404 to anyone without a
// console session, and 403 (code 1001601) until TOTP is verified in it.
export const tags = ['admin'];
export const codes = { 404: 'no console session (HTTP 404)', 403: 'role too low, or TOTP required (HTTP 403)' };
export const totpCode = pattern(/^\d{6}$/, 6, { trim: true, message: 'admin:totp.format' });
/** The browser's id for one action (one dialog): repeated requests act once. */
export const requestId = pattern(/^[A-Za-z0-9-]{8,64}$/, 64);
export const reason = text(500, 1);

export const openSession = createRoute({
  security: access.consoleOpening,
  method: 'post',
  path: '/admin/session',
  tags,
  summary: 'Opens a console session (HttpOnly cookie) for the bearer of a console role',
  responses: jsonResponses(ConsoleSessionOpened, codes),
});

export const me = createRoute({
  security: access.console,
  method: 'get',
  path: '/admin/me',
  tags,
  summary: 'The console account: role, TOTP enrolled and verified',
  responses: jsonResponses(ConsoleMe, codes),
});

export const closeSession = createRoute({
  security: access.console,
  method: 'post',
  path: '/admin/logout',
  tags,
  summary: 'Ends the console session',
  responses: jsonResponses(z.null(), codes),
});

export const enrol = createRoute({
  security: access.console,
  method: 'post',
  path: '/admin/totp/enrol',
  tags,
  summary: 'A new TOTP secret as QR and text, until it is confirmed',
  responses: jsonResponses(TotpEnrolment, codes),
});

const codeBody = jsonBody(z.object({ code: totpCode }));
export const confirm = createRoute({
  security: access.console,
  method: 'post',
  path: '/admin/totp/confirm',
  tags,
  summary: 'Confirms enrolment with a first code; the session is verified',
  request: { body: codeBody },
  responses: jsonResponses(z.null(), { ...codes, 429: 'too many wrong codes' }),
});

export const verifyTotp = createRoute({
  security: access.console,
  method: 'post',
  path: '/admin/totp/verify',
  tags,
  summary: 'Verifies the console session with a code',
  request: { body: codeBody },
  responses: jsonResponses(z.null(), { ...codes, 429: 'too many wrong codes' }),
});

export const date = pattern(/^\d{4}-\d{2}-\d{2}$/, 10).refine((s) => !Number.isNaN(Date.parse(s)));
export const dashboard = createRoute({
  security: access.console,
  method: 'get',
  path: '/admin/dashboard',
  tags,
  summary: 'Per-day figures and totals for the last 1, 7 or 30 site days, or from..to; task queues, provider errors',
  request: {
    query: z.object({
      days: z.enum(PERIODS.map(String) as [string, ...string[]]).default('7'),
      from: date.optional(),
      to: date.optional(),
    }),
  },
  responses: jsonResponses(Dashboard, { ...codes, 400: 'a reversed range, or longer than 366 days' }),
});

export const searchUsers = createRoute({
  security: access.console,
  method: 'get',
  path: '/admin/users',
  tags,
  summary: 'Users by id, e-mail, nickname or WeChat openId',
  request: { query: z.object({ q: text(200) }) },
  responses: jsonResponses(z.array(UserSearchRow), codes),
});

const userParam = z.object({ id: id() });
export const userDetail = createRoute({
  security: access.console,
  method: 'get',
  path: '/admin/users/{id}',
  tags,
  summary: 'A user: profile, membership, orders',
  request: { params: userParam },
  responses: jsonResponses(UserDetail, codes),
});

export const ban = createRoute({
  security: access.console,
  method: 'post',
  path: '/admin/users/{id}/ban',
  tags,
  ...targetsAccount,
  summary: 'Bans (banned: true) or unbans a user, with a reason; a ban ends every session',
  request: { params: userParam, body: jsonBody(z.object({ banned: z.boolean(), reason, requestId })) },
  responses: jsonResponses(z.object({ applied: z.boolean() }), { ...codes, ...reachCodes }),
});

export const membership = createRoute({
  security: access.console,
  method: 'post',
  path: '/admin/users/{id}/membership',
  tags,
  ...targetsAccount,
  summary: 'Adds (or, negative, removes) membership days, plus days or compositions, with a reason',
  request: {
    params: userParam,
    body: jsonBody(
      z.object({
        kind: z.enum(GRANT_KINDS),
        amount: intParam(-3650, 3650).refine((n) => n !== 0, { message: 'admin:users.amountZero' }),
        reason,
        requestId,
      }),
    ),
  },
  responses: jsonResponses(z.object({ applied: z.boolean() }), { ...codes, ...reachCodes }),
});

export const role = createRoute({
  security: access.console,
  method: 'post',
  path: '/admin/users/{id}/role',
  tags,
  ...targetsAccount,
  summary: "Changes a user's role (admin only; asks for a fresh TOTP code)",
  request: {
    params: userParam,
    body: jsonBody(z.object({ role: z.enum(ROLES), reason, requestId, code: totpCode })),
  },
  responses: jsonResponses(z.object({ applied: z.boolean() }), {
    ...codes,
    ...reachCodes,
    1001602: 'TOTP code needed again',
  }),
});

export const revokeSessions = createRoute({
  security: access.console,
  method: 'post',
  path: '/admin/users/{id}/sessions/revoke',
  tags,
  ...targetsAccount,
  summary: "Ends one of the user's sessions (sessionId) or all of them, with a reason",
  request: {
    params: userParam,
    body: jsonBody(z.object({ sessionId: id().optional(), reason, requestId })),
  },
  responses: jsonResponses(z.object({ applied: z.boolean() }), { ...codes, ...reachCodes }),
});

export const passwordReset = createRoute({
  security: access.console,
  method: 'post',
  path: '/admin/users/{id}/password-reset',
  tags,
  ...targetsAccount,
  summary: 'Mails the user a password-reset code and link, with a reason',
  request: { params: userParam, body: jsonBody(z.object({ reason, requestId })) },
  responses: jsonResponses(z.object({ applied: z.boolean() }), {
    ...codes,
    ...reachCodes,
    429: 'a code was mailed moments ago',
  }),
});

export const deleteUser = createRoute({
  security: access.console,
  method: 'post',
  path: '/admin/users/{id}/delete',
  tags,
  ...targetsAccount,
  summary: 'Deletes the account (admin only; asks for a fresh TOTP code), with a reason',
  request: { params: userParam, body: jsonBody(z.object({ reason, requestId, code: totpCode })) },
  responses: jsonResponses(z.object({ applied: z.boolean() }), {
    ...codes,
    ...reachCodes,
    1001602: 'TOTP code needed again',
  }),
});

const DAY = 86_400_000;
/** A from/to pair of `date` query fields as instants (UTC days); the "to" day is included. */
export function dayRange(q: { from?: string; to?: string }) {
  return {
    from: q.from ? new Date(`${q.from}T00:00:00Z`) : undefined,
    to: q.to ? new Date(new Date(`${q.to}T00:00:00Z`).getTime() + DAY) : undefined,
  };
}
const auditQuery = z.object({
  action: text(60).optional(),
  actor: text(200).optional(),
  targetId: text(40).optional(),
  from: date.optional(),
  to: date.optional(),
});
export const audit = createRoute({
  security: access.console,
  method: 'get',
  path: '/admin/audit',
  tags,
  summary: 'The audit log, newest first, filtered',
  request: { query: auditQuery.extend(paging(100, 50).shape) },
  responses: jsonResponses(AuditPage, codes),
});

export const auditCsv = createRoute({
  security: access.console,
  method: 'get',
  path: '/admin/audit.csv',
  tags,
  summary: 'The filtered audit log as CSV',
  request: { query: auditQuery },
  responses: { 200: { description: 'CSV (UTF-8 with BOM)', content: { 'text/csv': { schema: z.string() } } } },
});
