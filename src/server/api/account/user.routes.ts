import { createRoute } from '@hono/zod-openapi';
import * as s from '../../../shared/contract/account';
import { noData } from '../../../shared/contract/common';
import { access } from '../access';
import { jsonBody, jsonResponses } from '../route-kit';

const tags = ['user'];
const auth = { 1000001: 'not logged in' };

export const sendCode = createRoute({
  security: access.public,
  method: 'get',
  path: '/user/getEmailVerifycode',
  tags,
  summary: 'E-mail a 6-character code (register, reset or bind)',
  request: { query: s.sendCodeQuery },
  responses: jsonResponses(s.sentCode, {
    429: 'asked again within 119 s (data.seconds) or over the daily limit (HTTP 429)',
  }),
});
export const verifyCode = createRoute({
  security: access.public,
  method: 'post',
  path: '/user/verify_email_code',
  tags,
  summary: 'Verify an address from the e-mailed link',
  request: { body: jsonBody(s.verifyCodeBody) },
  responses: jsonResponses(s.verifiedEmail, {
    400: 'wrong, expired or used code',
  }),
});
export const register = createRoute({
  security: access.public,
  method: 'post',
  path: '/user/register/email',
  tags,
  summary: 'Register with e-mail, password and the e-mailed code',
  request: { body: jsonBody(s.registerBody) },
  responses: jsonResponses(noData, { 400: 'address taken or bad code', 429: 'too many registrations' }),
});
export const loginEmail = createRoute({
  security: access.public,
  method: 'post',
  path: '/user/login/email',
  tags,
  summary: 'Password login; data.token is the bearer token',
  request: { body: jsonBody(s.loginBody) },
  responses: jsonResponses(s.token, {
    400: 'wrong e-mail or password (same text for both)',
    429: 'rate limited or locked',
  }),
});
export const loginOpenid = createRoute({
  security: access.public,
  method: 'post',
  path: '/user/login/openid',
  tags,
  summary: 'Login with the openId pushed for a confirmed QR',
  request: { body: jsonBody(s.openIdLoginBody) },
  responses: jsonResponses(s.token, { 400: 'QR not confirmed by the server, used or expired' }),
});
export const modifyPassword = createRoute({
  security: access.public,
  method: 'post',
  path: '/user/password/modify',
  tags,
  summary: 'Reset the password with an e-mailed code',
  request: { body: jsonBody(s.modifyPasswordBody) },
  responses: jsonResponses(noData, { 400: 'wrong, expired or used code' }),
});
export const info = createRoute({
  security: access.login,
  method: 'get',
  path: '/user/info',
  tags,
  summary: 'The logged-in user (docs/api.md, user info)',
  responses: jsonResponses(s.userInfo, auth),
});
export const logout = createRoute({
  security: access.tokenIfAny,
  method: 'post',
  path: '/user/logout',
  tags,
  summary: 'End this session on the server',
  responses: jsonResponses(noData),
});
export const profile = createRoute({
  security: access.login,
  method: 'post',
  path: '/user/profile',
  tags,
  summary: 'Edit nickname, description and avatar (data URL)',
  request: { body: jsonBody(s.profileBody) },
  responses: jsonResponses(s.userInfo, auth),
});
export const changePassword = createRoute({
  security: access.login,
  method: 'post',
  path: '/user/password/change',
  tags,
  summary: 'Change the password while logged in',
  request: { body: jsonBody(s.changePasswordBody) },
  responses: jsonResponses(noData, { ...auth, 400: 'current password wrong' }),
});
export const bindEmail = createRoute({
  security: access.login,
  method: 'post',
  path: '/user/email/bind',
  tags,
  summary: 'Add e-mail and password to a WeChat-only account',
  request: { body: jsonBody(s.bindEmailBody) },
  responses: jsonResponses(s.userInfo, { ...auth, 400: 'already bound, address taken or bad code' }),
});
export const deleteAccount = createRoute({
  security: access.login,
  method: 'post',
  path: '/user/delete',
  tags,
  summary: 'Delete the account (personal data removed, orders kept anonymised)',
  request: { body: jsonBody(s.deleteAccountBody) },
  responses: jsonResponses(noData, {
    ...auth,
    400: 'password wrong, or (an account without a password) no fresh scan by its own WeChat',
  }),
});
