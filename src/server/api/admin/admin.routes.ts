import { createRoute } from '@hono/zod-openapi';
import {
  AuditPage,
  auditPageQuery,
  auditQuery,
  ConsoleMe,
  ConsoleSessionOpened,
  Dashboard,
  periodQuery,
  TotpEnrolment,
  totpBody,
} from '../../../shared/contract/admin';
import { noData } from '../../../shared/contract/common';
import { access } from '../access';
import { jsonBody, jsonResponses } from '../route-kit';
import { codes, consoleCsv, consoleRoute, tags } from './console-kit';

// The console's own routes: its session, TOTP, dashboard and audit log (docs/console.md).

export const openSession = createRoute({
  security: access.consoleOpening,
  method: 'post',
  path: '/admin/session',
  tags,
  summary: 'Opens a console session (HttpOnly cookie) for the bearer of a console role',
  responses: jsonResponses(ConsoleSessionOpened, codes),
});

export const me = consoleRoute('get', '/admin/me', ConsoleMe, {
  summary: 'The console account: role, TOTP enrolled and verified',
});

export const closeSession = consoleRoute('post', '/admin/logout', noData, {
  summary: 'Ends the console session',
});

export const enrol = consoleRoute('post', '/admin/totp/enrol', TotpEnrolment, {
  summary: 'A new TOTP secret as QR and text, until it is confirmed',
});

const codeBody = jsonBody(totpBody);
export const confirm = consoleRoute('post', '/admin/totp/confirm', noData, {
  summary: 'Confirms enrolment with a first code; the session is verified',
  request: { body: codeBody },
  more: { 429: 'too many wrong codes' },
});

export const verifyTotp = consoleRoute('post', '/admin/totp/verify', noData, {
  summary: 'Verifies the console session with a code',
  request: { body: codeBody },
  more: { 429: 'too many wrong codes' },
});

export const dashboard = consoleRoute('get', '/admin/dashboard', Dashboard, {
  summary: 'Per-day figures and totals for the last 1, 7 or 30 site days, or from..to; task queues, provider errors',
  request: { query: periodQuery },
  more: { 400: 'a reversed range, or longer than 366 days' },
});

export const audit = consoleRoute('get', '/admin/audit', AuditPage, {
  summary: 'The audit log, newest first, filtered',
  request: { query: auditPageQuery },
});

export const auditCsv = consoleCsv('/admin/audit.csv', {
  summary: 'The filtered audit log as CSV',
  request: { query: auditQuery },
});
