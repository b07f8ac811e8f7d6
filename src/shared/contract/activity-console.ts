import { z } from '@hono/zod-openapi';
import { NOTICE_AUDIENCES } from '../notices';
import { pageOf } from './common';

/** The console's experience codes and notices (src/server/services/activity/console-{codes,notices}.ts, docs/console.md). */

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
