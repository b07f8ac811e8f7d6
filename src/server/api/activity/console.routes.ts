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
import { idParam } from '../../../shared/contract/common';
import { consoleCsv, consoleRoute } from '../admin/console-kit';
import { jsonBody } from '../route-kit';

// Console codes and notices (docs/console.md): code routes are admin-only.

export const generateCodes = consoleRoute('post', '/admin/codes/batches', CodeBatchMade, {
  summary: 'Generates a batch of experience codes (admin only)',
  request: { body: jsonBody(codeBatchBody) },
});

export const listBatches = consoleRoute('get', '/admin/codes/batches', CodeBatchPage, {
  summary: 'Code batches, newest first, with redeemed and disabled counts (admin only)',
  request: { query: batchPageQuery },
});

export const listCodes = consoleRoute('get', '/admin/codes', ExperienceCodePage, {
  summary: 'Experience codes with who redeemed them and when, filtered (admin only)',
  request: { query: codeQuery },
});

export const batchCsv = consoleCsv('/admin/codes/batches/{id}/codes.csv', {
  summary: "A batch's codes as CSV (admin only; the export is audited)",
  request: { params: idParam },
});

export const disableBatch = consoleRoute('post', '/admin/codes/batches/{id}/disable', CodeBatchDisabled, {
  summary: "Disables a batch's unredeemed codes, with a reason (admin only)",
  request: { params: idParam, body: jsonBody(disableBatchBody) },
});

export const listNotices = consoleRoute('get', '/admin/notices', NoticeList, {
  summary: 'Every notice with its texts, schedule and audience; the values its placeholders take',
});

export const createNotice = consoleRoute('post', '/admin/notices', NoticeSaved, {
  summary: 'Creates a notice',
  request: { body: jsonBody(noticeBody) },
});

export const updateNotice = consoleRoute('post', '/admin/notices/{id}', NoticeSaved, {
  summary: 'Replaces a notice’s texts, schedule, audience and switch (a changed text shows again)',
  request: { params: idParam, body: jsonBody(noticeBody) },
});
