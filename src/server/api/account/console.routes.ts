import { createRoute, z } from '@hono/zod-openapi';
import { GRANT_KINDS, ROLES } from '../../../shared/admin';
import { UserDetail, UserSearchRow } from '../../../shared/contract/account-console';
import { access } from '../access';
import { codes, reason, requestId, tags, totpCode } from '../admin/console-kit';
import { jsonBody, jsonResponses, reachCodes, targetsAccount } from '../route-kit';
import { id, intParam, text } from '../validation';

// The console's users page (docs/console.md): accounts are the account domain's.

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
