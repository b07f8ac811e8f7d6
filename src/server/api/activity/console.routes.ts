import { createRoute, z } from '@hono/zod-openapi';
import {
  CodeBatchDisabled,
  CodeBatchMade,
  CodeBatchPage,
  ExperienceCodePage,
  NoticeList,
  NoticeSaved,
} from '../../../shared/contract/activity-console';
import { BANNER_PAGES, CODE_BATCH_MAX, NOTICE_AUDIENCES, NOTICE_KINDS, NOTICE_MAX } from '../../../shared/notices';
import { access } from '../access';
import { jsonBody, jsonResponses, paging } from '../route-kit';
import { id, intParam, pattern, safeString, text } from '../validation';

// Console codes and notices (docs/console.md). The guard in front answers 404
// without a console session and 403 before TOTP; code routes are admin-only.
const tags = ['admin'];
const codes = { 404: 'no console session (HTTP 404)', 403: 'role too low, or TOTP required (HTTP 403)' };
/** The browser's id for one action (one opened form): repeated requests act once. */
const requestId = pattern(/^[A-Za-z0-9-]{8,64}$/, 64);

export const generateCodes = createRoute({
  security: access.console,
  method: 'post',
  path: '/admin/codes/batches',
  tags,
  summary: 'Generates a batch of experience codes (admin only)',
  request: {
    body: jsonBody(
      z.object({
        label: text(40, 1),
        count: intParam(1, CODE_BATCH_MAX),
        trialDays: intParam(1, 366),
        trialLevel: intParam(1, 9).nullable().default(null),
        validDays: intParam(1, 3650),
        requestId,
      }),
    ),
  },
  responses: jsonResponses(CodeBatchMade, codes),
});

export const listBatches = createRoute({
  security: access.console,
  method: 'get',
  path: '/admin/codes/batches',
  tags,
  summary: 'Code batches, newest first, with redeemed and disabled counts (admin only)',
  request: { query: paging(100, 20) },
  responses: jsonResponses(CodeBatchPage, codes),
});

export const listCodes = createRoute({
  security: access.console,
  method: 'get',
  path: '/admin/codes',
  tags,
  summary: 'Experience codes with who redeemed them and when, filtered (admin only)',
  request: {
    query: z
      .object({
        batchId: id().optional(),
        redeemed: z.enum(['yes', 'no', '']).optional(),
        q: text(200).optional(),
      })
      .extend(paging(200, 50).shape),
  },
  responses: jsonResponses(ExperienceCodePage, codes),
});

const batchParam = z.object({ id: id() });
export const batchCsv = createRoute({
  security: access.console,
  method: 'get',
  path: '/admin/codes/batches/{id}/codes.csv',
  tags,
  summary: "A batch's codes as CSV (admin only; the export is audited)",
  request: { params: batchParam },
  responses: { 200: { description: 'CSV (UTF-8 with BOM)', content: { 'text/csv': { schema: z.string() } } } },
});

export const disableBatch = createRoute({
  security: access.console,
  method: 'post',
  path: '/admin/codes/batches/{id}/disable',
  tags,
  summary: "Disables a batch's unredeemed codes, with a reason (admin only)",
  request: { params: batchParam, body: jsonBody(z.object({ reason: text(500, 1), requestId })) },
  responses: jsonResponses(CodeBatchDisabled, codes),
});

/** A calendar day that exists (Date.parse would roll 02-31 over to March). */
function realDay(s: string) {
  const [y = 0, m = 0, d = 0] = s.slice(0, 10).split('-').map(Number);
  const day = new Date(Date.UTC(y, m - 1, d));
  return day.getUTCMonth() === m - 1 && day.getUTCDate() === d && !Number.isNaN(Date.parse(s));
}

/** An instant with its offset, as the browser's toISOString() sends it. */
const when = pattern(/^\d{4}-\d{2}-\d{2}T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/, 40, {
  message: 'admin:notices.badTime',
})
  .refine(realDay, { message: 'admin:notices.badTime' })
  .nullable()
  .default(null);

export const noticeBody = z
  .object({
    kind: z.enum(NOTICE_KINDS),
    page: z.enum(BANNER_PAGES).nullable().default(null),
    content: z.object({
      'zh-CN': safeString().trim().min(1, 'admin:notices.zhRequired').max(NOTICE_MAX),
      'en-US': text(NOTICE_MAX).default(''),
      'zh-TW': text(NOTICE_MAX).default(''),
    }),
    audience: z.enum(NOTICE_AUDIENCES).default('all'),
    startsAt: when,
    endsAt: when,
    enabled: z.boolean().default(true),
    requestId,
  })
  .superRefine((n, ctx) => {
    if (n.kind === 'banner' && !n.page)
      ctx.addIssue({ code: 'custom', path: ['page'], message: 'admin:notices.pageRequired' });
    if (n.kind === 'announcement' && n.page)
      ctx.addIssue({ code: 'custom', path: ['page'], message: 'admin:notices.pageAnnouncement' });
    // Pages render banners on the server, which does not know the caller.
    if (n.kind === 'banner' && n.audience !== 'all')
      ctx.addIssue({ code: 'custom', path: ['audience'], message: 'admin:notices.bannerAudience' });
    if (n.startsAt && n.endsAt && Date.parse(n.endsAt) <= Date.parse(n.startsAt))
      ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'admin:notices.endBeforeStart' });
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
  request: { params: z.object({ id: id() }), body: jsonBody(noticeBody) },
  responses: jsonResponses(NoticeSaved, codes),
});
