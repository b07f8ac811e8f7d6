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
import { consoleRoute } from '../admin/console-kit';
import { jsonBody, reachCodes, targetsAccount } from '../route-kit';

// The console's users page (docs/console.md): accounts are the account domain's.

export const searchUsers = consoleRoute('get', '/admin/users', UserSearchRows, {
  summary: 'Users by id, e-mail, nickname or WeChat openId',
  request: { query: userQuery },
});

export const userDetail = consoleRoute('get', '/admin/users/{id}', UserDetail, {
  summary: 'A user: profile, membership, orders',
  request: { params: userParam },
});

export const ban = consoleRoute('post', '/admin/users/{id}/ban', applied, {
  ...targetsAccount,
  summary: 'Bans (banned: true) or unbans a user, with a reason; a ban ends every session',
  request: { params: userParam, body: jsonBody(banBody) },
  more: reachCodes,
});

export const membership = consoleRoute('post', '/admin/users/{id}/membership', applied, {
  ...targetsAccount,
  summary: 'Adds (or, negative, removes) membership days, plus days or compositions, with a reason',
  request: { params: userParam, body: jsonBody(membershipBody) },
  more: reachCodes,
});

export const role = consoleRoute('post', '/admin/users/{id}/role', applied, {
  ...targetsAccount,
  summary: "Changes a user's role (admin only; asks for a fresh TOTP code)",
  request: { params: userParam, body: jsonBody(roleBody) },
  more: { ...reachCodes, 1001602: 'TOTP code needed again' },
});

export const revokeSessions = consoleRoute('post', '/admin/users/{id}/sessions/revoke', applied, {
  ...targetsAccount,
  summary: "Ends one of the user's sessions (sessionId) or all of them, with a reason",
  request: { params: userParam, body: jsonBody(revokeSessionsBody) },
  more: reachCodes,
});

export const passwordReset = consoleRoute('post', '/admin/users/{id}/password-reset', applied, {
  ...targetsAccount,
  summary: 'Mails the user a password-reset code and link, with a reason',
  request: { params: userParam, body: jsonBody(reasonBody) },
  more: { ...reachCodes, 429: 'a code was mailed moments ago' },
});

export const deleteUser = consoleRoute('post', '/admin/users/{id}/delete', applied, {
  ...targetsAccount,
  summary: 'Deletes the account (admin only; asks for a fresh TOTP code), with a reason',
  request: { params: userParam, body: jsonBody(reasonWithCode) },
  more: { ...reachCodes, 1001602: 'TOTP code needed again' },
});
