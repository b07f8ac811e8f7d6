import { z } from '@hono/zod-openapi';
import { BANNER_PAGES, CODE_BATCH_MAX, NOTICE_AUDIENCES, NOTICE_KINDS, NOTICE_MAX } from '../notices';
import { requestId } from './admin';
import { pageOf } from './common';
import { id, intParam, paging, pattern, safeString, text } from './input';

/**
 * The console's experience codes and notices (src/server/services/activity/console-{codes,notices}.ts,
 * docs/console.md): requests and replies.
 */

/** POST /api/admin/codes/batches: a new batch of experience codes. */
export const codeBatchBody = z.object({
  label: text(40, 1),
  count: intParam(1, CODE_BATCH_MAX),
  trialDays: intParam(1, 366),
  trialLevel: intParam(1, 9).nullable().default(null),
  validDays: intParam(1, 3650),
  requestId,
});
/** The batch as the service takes it (defaults applied). */
export type CodeBatchBody = z.infer<typeof codeBatchBody>;

export const batchPageQuery = paging(100, 20);

/** GET /api/admin/codes: the codes' filters and page. */
export const codeQuery = z
  .object({
    batchId: id().optional(),
    redeemed: z.enum(['yes', 'no', '']).optional(),
    q: text(200).optional(),
  })
  .extend(paging(200, 50).shape);

/** POST /api/admin/codes/batches/{id}/disable. */
export const disableBatchBody = z.object({ reason: text(500, 1), requestId });

/** A calendar day that exists (Date.parse would roll 02-31 over to March). */
function realDay(s: string) {
  const [y = 0, m = 0, d = 0] = s.slice(0, 10).split('-').map(Number);
  const day = new Date(Date.UTC(y, m - 1, d));
  return day.getUTCMonth() === m - 1 && day.getUTCDate() === d && !Number.isNaN(Date.parse(s));
}

/** An instant with its offset, as the browser's toISOString() sends it. */
const instant = pattern(/^\d{4}-\d{2}-\d{2}T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/, 40, {
  message: 'admin:notices.badTime',
})
  .refine(realDay, { message: 'admin:notices.badTime' })
  .nullable()
  .default(null);

/** A notice as the console's editor sends it (create and replace). */
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
    startsAt: instant,
    endsAt: instant,
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
export type NoticeBody = z.infer<typeof noticeBody>;

const count = z.number().int();
/** ISO time; null when never. */
const when = z.string().nullable();

export const CodeBatch = z
  .object({
    id: count,
    label: z.string(),
    count,
    trialDays: count,
    trialLevel: count.nullable(),
    expiresAt: z.string(),
    createdAt: z.string(),
    disabledAt: when,
    redeemed: count,
    disabled: count,
  })
  .openapi('AdminCodeBatch');
export const CodeBatchPage = pageOf(CodeBatch);

export const ExperienceCode = z
  .object({
    id: count,
    code: z.string(),
    batchId: count.nullable(),
    source: z.string(),
    trialDays: count,
    expiresAt: when,
    disabledAt: when,
    redeemedAt: when,
    redeemedBy: count.nullable(),
    redeemerEmail: z.string().nullable(),
    /** End of the membership the code gave, when redeemed. */
    validUntil: when,
  })
  .openapi('AdminExperienceCode');
export const ExperienceCodePage = pageOf(ExperienceCode);

export const NoticeView = z
  .object({
    id: count,
    kind: z.string(),
    page: z.string().nullable(),
    /** Text by language; a language left empty falls back to zh-CN. */
    content: z.partialRecord(z.string(), z.string()),
    audience: z.enum(NOTICE_AUDIENCES),
    startsAt: when,
    endsAt: when,
    enabled: z.boolean(),
    revision: count,
    updatedAt: z.string(),
  })
  .openapi('AdminNotice');

/** The notices, and the values their {{placeholders}} take now. */
export const NoticeList = z
  .object({ notices: z.array(NoticeView), vars: z.record(z.string(), z.string()) })
  .openapi('AdminNoticeList');

/** A console change answers applied false, and nothing else, when its request id already acted. */
const outcome = <T extends z.ZodRawShape>(shape: T) =>
  z.object({ applied: z.boolean() }).extend(z.object(shape).partial().shape);

/** A new batch: `codes` made (the rest as in the list), when applied. */
export const CodeBatchMade = outcome({
  ...CodeBatch.omit({ redeemed: true, disabled: true }).shape,
  codes: count,
}).openapi('AdminCodeBatchMade');
/** Codes disabled by the action, when applied. */
export const CodeBatchDisabled = outcome({ disabled: count }).openapi('AdminCodeBatchDisabled');
/** The notice as saved, when applied. */
export const NoticeSaved = outcome({ notice: NoticeView }).openapi('AdminNoticeSaved');

export type CodeBatch = z.infer<typeof CodeBatch>;
export type ExperienceCode = z.infer<typeof ExperienceCode>;
export type NoticeView = z.infer<typeof NoticeView>;
