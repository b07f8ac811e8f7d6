import { createRoute, z } from '@hono/zod-openapi';
import { ReportQueue } from '../../../shared/contract/moderation';
import { REPORT_ACTIONS, REPORT_KINDS, REPORT_REASONS, REPORT_TEXT_MAX } from '../../../shared/moderation-reports';
import { access } from '../access';
import { jsonBody, jsonResponses, paging, reachCodes, targetsAccount } from '../route-kit';
import { pattern, text } from '../validation';

// Reports of public items and the console's report queue (docs/api.md, docs/console.md).
const tags = ['moderation'];

/** A drawing's or song's task id, an app's id, or a share's id. */
const itemId = pattern(/^[A-Za-z0-9_-]{1,64}$/, 64, { message: 'common:report.badItem' });

export const reportBody = z
  .object({
    kind: z.enum(REPORT_KINDS, { message: 'common:report.badItem' }),
    id: itemId,
    reason: z.enum(REPORT_REASONS, { message: 'common:report.badReason' }),
    text: text(REPORT_TEXT_MAX).default(''),
  })
  .superRefine((r, ctx) => {
    if (r.reason === 'other' && !r.text)
      ctx.addIssue({ code: 'custom', path: ['text'], message: 'common:report.textRequired' });
  });

export const fileReport = createRoute({
  security: access.optionalLogin,
  method: 'post',
  path: '/report',
  tags,
  summary:
    'Reports a public picture, song, app or shared conversation (visitors too; a repeat of an open report adds nothing)',
  request: { body: jsonBody(reportBody) },
  responses: jsonResponses(z.null(), { 404: 'not a public item (HTTP 404)', 429: 'too many reports (HTTP 429)' }),
});

const codes = { 404: 'no console session (HTTP 404)', 403: 'TOTP required (HTTP 403)' };

export const reportQueue = createRoute({
  security: access.console,
  method: 'get',
  path: '/admin/reports',
  tags,
  summary: 'Reported items with their open reports (state=open), or taken-down items (state=hidden)',
  request: { query: z.object({ state: z.enum(['open', 'hidden']).default('open') }).extend(paging(50, 20).shape) },
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
  request: {
    body: jsonBody(
      z.object({
        kind: z.enum(REPORT_KINDS),
        id: itemId,
        action: z.enum(REPORT_ACTIONS),
        reason: text(500, 1),
        requestId: pattern(/^[A-Za-z0-9-]{8,64}$/, 64),
      }),
    ),
  },
  responses: jsonResponses(z.object({ applied: z.boolean() }), { ...codes, ...reachCodes }),
});
