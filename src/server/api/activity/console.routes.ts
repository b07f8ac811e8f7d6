import { createRoute } from '@hono/zod-openapi';
import {
  batchPageQuery,
  CodeBatchDisabled,
  CodeBatchMade,
  CodeBatchPage,
  codeBatchBody,
  codeQuery,
  disableBatchBody,
  ExperienceCodePage,
  NoticeList,
  NoticeSaved,
  noticeBody,
} from '../../../shared/contract/activity-console';
import { fileBody, idParam } from '../../../shared/contract/common';
import { access } from '../access';
import { jsonBody, jsonResponses } from '../route-kit';

// Console codes and notices (docs/console.md). The guard in front answers 404
// without a console session and 403 before TOTP; code routes are admin-only.
const tags = ['admin'];
const codes = { 404: 'no console session (HTTP 404)', 403: 'role too low, or TOTP required (HTTP 403)' };

export const generateCodes = createRoute({
  security: access.console,
  method: 'post',
  path: '/admin/codes/batches',
  tags,
  summary: 'Generates a batch of experience codes (admin only)',
  request: { body: jsonBody(codeBatchBody) },
  responses: jsonResponses(CodeBatchMade, codes),
});

export const listBatches = createRoute({
  security: access.console,
  method: 'get',
  path: '/admin/codes/batches',
  tags,
  summary: 'Code batches, newest first, with redeemed and disabled counts (admin only)',
  request: { query: batchPageQuery },
  responses: jsonResponses(CodeBatchPage, codes),
});

export const listCodes = createRoute({
  security: access.console,
  method: 'get',
  path: '/admin/codes',
  tags,
  summary: 'Experience codes with who redeemed them and when, filtered (admin only)',
  request: { query: codeQuery },
  responses: jsonResponses(ExperienceCodePage, codes),
});

export const batchCsv = createRoute({
  security: access.console,
  method: 'get',
  path: '/admin/codes/batches/{id}/codes.csv',
  tags,
  summary: "A batch's codes as CSV (admin only; the export is audited)",
  request: { params: idParam },
  responses: { 200: { description: 'CSV (UTF-8 with BOM)', content: { 'text/csv': { schema: fileBody } } } },
});

export const disableBatch = createRoute({
  security: access.console,
  method: 'post',
  path: '/admin/codes/batches/{id}/disable',
  tags,
  summary: "Disables a batch's unredeemed codes, with a reason (admin only)",
  request: { params: idParam, body: jsonBody(disableBatchBody) },
  responses: jsonResponses(CodeBatchDisabled, codes),
});

export const listNotices = createRoute({
  security: access.console,
  method: 'get',
  path: '/admin/notices',
  tags,
  summary: 'Every notice with its texts, schedule and audience; the values its placeholders take',
  responses: jsonResponses(NoticeList, codes),
});

export const createNotice = createRoute({
  security: access.console,
  method: 'post',
  path: '/admin/notices',
  tags,
  summary: 'Creates a notice',
  request: { body: jsonBody(noticeBody) },
  responses: jsonResponses(NoticeSaved, codes),
});

export const updateNotice = createRoute({
  security: access.console,
  method: 'post',
  path: '/admin/notices/{id}',
  tags,
  summary: 'Replaces a notice’s texts, schedule, audience and switch (a changed text shows again)',
  request: { params: idParam, body: jsonBody(noticeBody) },
  responses: jsonResponses(NoticeSaved, codes),
});
