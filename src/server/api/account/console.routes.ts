import { createRoute } from '@hono/zod-openapi';
import {
  banBody,
  membershipBody,
  revokeSessionsBody,
  roleBody,
  UserDetail,
  UserSearchRows,
  userQuery,
} from '../../../shared/contract/account-console';
import { applied, reasonBody, reasonWithCode } from '../../../shared/contract/admin';
import { idParam as userParam } from '../../../shared/contract/common';
import { access } from '../access';
import { codes, tags } from '../admin/console-kit';
import { jsonBody, jsonResponses, reachCodes, targetsAccount } from '../route-kit';

// The console's users page (docs/console.md): accounts are the account domain's.

export const searchUsers = createRoute({
  security: access.console,
  method: 'get',
  path: '/admin/users',
  tags,
  summary: 'Users by id, e-mail, nickname or WeChat openId',
  request: { query: userQuery },
  responses: jsonResponses(UserSearchRows, codes),
});

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
  request: { params: userParam, body: jsonBody(banBody) },
  responses: jsonResponses(applied, { ...codes, ...reachCodes }),
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
    body: jsonBody(membershipBody),
  },
  responses: jsonResponses(applied, { ...codes, ...reachCodes }),
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
    body: jsonBody(roleBody),
  },
  responses: jsonResponses(applied, {
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
    body: jsonBody(revokeSessionsBody),
  },
  responses: jsonResponses(applied, { ...codes, ...reachCodes }),
});

export const passwordReset = createRoute({
  security: access.console,
  method: 'post',
  path: '/admin/users/{id}/password-reset',
  tags,
  ...targetsAccount,
  summary: 'Mails the user a password-reset code and link, with a reason',
  request: { params: userParam, body: jsonBody(reasonBody) },
  responses: jsonResponses(applied, {
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
  request: { params: userParam, body: jsonBody(reasonWithCode) },
  responses: jsonResponses(applied, {
    ...codes,
    ...reachCodes,
    1001602: 'TOTP code needed again',
  }),
});
