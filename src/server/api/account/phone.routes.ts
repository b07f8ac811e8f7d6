import { createRoute } from '@hono/zod-openapi';
import * as s from '../../../shared/contract/account';
import { access } from '../access';
import { jsonBody, jsonResponses } from '../route-kit';

const tags = ['user'];
const auth = { 1000001: 'not logged in' };

export const sendPhoneCode = createRoute({
  security: access.optionalLogin,
  method: 'post',
  path: '/user/phone/code',
  tags,
  summary: 'Text a 6-digit code: login (anyone), bind (to the new number) or delete (to the own number)',
  request: { body: jsonBody(s.phoneCodeBody) },
  responses: jsonResponses(s.sentPhoneCode, {
    ...auth,
    404: 'the site sends no text messages (SMS_PROVIDER=off): phone features are not available (HTTP 404)',
    429: 'asked again within 60 s (data.seconds), or over a number, address or device limit (HTTP 429)',
    503: 'the SMS service refused or failed (HTTP 503)',
  }),
});
export const loginPhone = createRoute({
  security: access.public,
  method: 'post',
  path: '/user/login/phone',
  tags,
  summary: 'Sign in with a texted code; a number without an account gets one. data.token is the bearer token',
  request: { body: jsonBody(s.phoneLoginBody) },
  responses: jsonResponses(s.token, {
    400: 'wrong, expired or used code, or too many wrong tries',
    403: 'the account is banned',
    404: 'the site sends no text messages (SMS_PROVIDER=off): phone features are not available (HTTP 404)',
    429: 'too many checks from this address',
  }),
});
export const bindPhone = createRoute({
  security: access.login,
  method: 'post',
  path: '/user/phone/bind',
  tags,
  summary: 'Bind or change the phone number with the code texted to the new number',
  request: { body: jsonBody(s.phoneBindBody) },
  responses: jsonResponses(s.userInfo, {
    ...auth,
    400: 'wrong or expired code, or the number belongs to another account',
    404: 'the site sends no text messages (SMS_PROVIDER=off): phone features are not available (HTTP 404)',
  }),
});
export const exportAccount = createRoute({
  security: access.login,
  method: 'get',
  path: '/user/export',
  tags,
  summary: "The caller's personal data (the phone number in full), as JSON",
  responses: jsonResponses(s.accountExport, auth),
});
