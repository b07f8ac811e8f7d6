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
import { fileBody, noData } from '../../../shared/contract/common';
import { access } from '../access';
import { jsonBody, jsonResponses } from '../route-kit';
import { codes, tags } from './console-kit';

// The console's own routes: its session, TOTP, dashboard and audit log (docs/console.md).

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
  responses: jsonResponses(noData, codes),
});

export const enrol = createRoute({
  security: access.console,
  method: 'post',
  path: '/admin/totp/enrol',
  tags,
  summary: 'A new TOTP secret as QR and text, until it is confirmed',
  responses: jsonResponses(TotpEnrolment, codes),
});

const codeBody = jsonBody(totpBody);
export const confirm = createRoute({
  security: access.console,
  method: 'post',
  path: '/admin/totp/confirm',
  tags,
  summary: 'Confirms enrolment with a first code; the session is verified',
  request: { body: codeBody },
  responses: jsonResponses(noData, { ...codes, 429: 'too many wrong codes' }),
});

export const verifyTotp = createRoute({
  security: access.console,
  method: 'post',
  path: '/admin/totp/verify',
  tags,
  summary: 'Verifies the console session with a code',
  request: { body: codeBody },
  responses: jsonResponses(noData, { ...codes, 429: 'too many wrong codes' }),
});

export const dashboard = createRoute({
  security: access.console,
  method: 'get',
  path: '/admin/dashboard',
  tags,
  summary: 'Per-day figures and totals for the last 1, 7 or 30 site days, or from..to; task queues, provider errors',
  request: { query: periodQuery },
  responses: jsonResponses(Dashboard, { ...codes, 400: 'a reversed range, or longer than 366 days' }),
});

export const audit = createRoute({
  security: access.console,
  method: 'get',
  path: '/admin/audit',
  tags,
  summary: 'The audit log, newest first, filtered',
  request: { query: auditPageQuery },
  responses: jsonResponses(AuditPage, codes),
});

export const auditCsv = createRoute({
  security: access.console,
  method: 'get',
  path: '/admin/audit.csv',
  tags,
  summary: 'The filtered audit log as CSV',
  request: { query: auditQuery },
  responses: { 200: { description: 'CSV (UTF-8 with BOM)', content: { 'text/csv': { schema: fileBody } } } },
});
