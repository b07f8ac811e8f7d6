import { createRoute } from '@hono/zod-openapi';
import { applied } from '../../../shared/contract/admin';
import { noData } from '../../../shared/contract/common';
import { moderateBody, ReportQueue, reportBody, reportQueueQuery } from '../../../shared/contract/moderation';
import { access } from '../access';
import { jsonBody, jsonResponses, reachCodes, targetsAccount } from '../route-kit';

// Reports of public items and the console's report queue (docs/api.md, docs/console.md).
const tags = ['moderation'];

export const fileReport = createRoute({
  security: access.optionalLogin,
  method: 'post',
  path: '/report',
  tags,
  summary:
    'Reports a public picture, song, app or shared conversation (visitors too; a repeat of an open report adds nothing)',
  request: { body: jsonBody(reportBody) },
  responses: jsonResponses(noData, { 404: 'not a public item (HTTP 404)', 429: 'too many reports (HTTP 429)' }),
});

const codes = { 404: 'no console session (HTTP 404)', 403: 'TOTP required (HTTP 403)' };

export const reportQueue = createRoute({
  security: access.console,
  method: 'get',
  path: '/admin/reports',
  tags,
  summary: 'Reported items with their open reports (state=open), or taken-down items (state=hidden)',
  request: { query: reportQueueQuery },
  responses: jsonResponses(ReportQueue, codes),
});

export const moderate = createRoute({
  security: access.console,
  method: 'post',
  path: '/admin/reports/act',
  tags,
  // The 'ban' action bans the item's author.
  ...targetsAccount,
  summary: 'Hides, restores or dismisses a reported item, or bans its author, with a reason (audited)',
  request: { body: jsonBody(moderateBody) },
  responses: jsonResponses(applied, { ...codes, ...reachCodes }),
});
