import { z } from '@hono/zod-openapi';
import { COMPLAINT_CATEGORIES, COMPLAINT_LIMITS, COMPLAINT_STATUSES } from '../compliance';
import { REPORT_KINDS } from '../moderation-reports';
import { email } from './account';
import { reason, reasonBody, requestId } from './admin';
import { paging, pattern, text } from './input';

/**
 * Compliance's requests and replies (src/server/api/compliance/, docs/compliance.md): the operator
 * named in implicit AI labels and the complaint desk's published handling time.
 */

/** GET /api/compliance/info: what labels and the complaint desk show anyone. */
export const complianceInfo = z
  .object({
    serviceName: z.string(),
    filingCode: z.string(),
    handlingDays: z.number().int(),
  })
  .openapi('ComplianceInfo');
export type ComplianceInfo = z.infer<typeof complianceInfo>;

// The complaint desk (投诉举报): the public form and status lookup, and the console's queue.

const category = z.enum(COMPLAINT_CATEGORIES, { message: 'compliance:error.category' });
const status = z.enum(COMPLAINT_STATUSES);

/** POST /api/complaints: a complaint, with or without an account. */
export const complaintBody = z.object({
  category,
  address: text(COMPLAINT_LIMITS.address, 1),
  description: text(COMPLAINT_LIMITS.description, 1),
  email,
});
export type ComplaintBody = z.infer<typeof complaintBody>;

/** The filer's receipt: the ticket number and the promised handling time. */
export const complaintFiled = z
  .object({ ticket: z.string(), handlingDays: z.number().int(), dueAt: z.string() })
  .openapi('ComplaintFiled');
export type ComplaintFiled = z.infer<typeof complaintFiled>;

/** POST /api/complaints/status: a ticket's status, for its number and e-mail address together. */
export const complaintLookup = z.object({
  ticket: text(32, 1),
  email,
});
export type ComplaintLookup = z.infer<typeof complaintLookup>;

const replyView = z.object({ text: z.string(), createdAt: z.string() });

/** What the filer sees of a ticket: where it stands and the desk's replies. */
export const complaintStatusView = z
  .object({
    ticket: z.string(),
    category,
    status,
    createdAt: z.string(),
    dueAt: z.string(),
    replies: z.array(replyView),
  })
  .openapi('ComplaintStatus');
export type ComplaintStatusView = z.infer<typeof complaintStatusView>;

/** GET /api/admin/complaints: the queue, soonest due first; `active` is open and replied. */
export const complaintQueueQuery = z
  .object({ state: z.enum(['active', 'open', 'replied', 'closed']).default('active') })
  .extend(paging(50, 20).shape);

/** One ticket in the console's queue. */
export const complaintRow = z
  .object({
    id: z.number().int(),
    ticket: z.string(),
    category,
    address: z.string(),
    email: z.string(),
    status,
    createdAt: z.string(),
    dueAt: z.string(),
    overdue: z.boolean(),
    replies: z.number().int(),
  })
  .openapi('ComplaintRow');
export type ComplaintRow = z.infer<typeof complaintRow>;

export const complaintQueue = z.object({
  records: z.array(complaintRow),
  total: z.number().int(),
  current: z.number().int(),
  size: z.number().int(),
});
export type ComplaintQueue = z.infer<typeof complaintQueue>;

/** A public item a takedown may hide: what moderation's report queue acts on. */
const takedownTarget = z.object({ kind: z.enum(REPORT_KINDS), id: pattern(/^[A-Za-z0-9_-]{1,64}$/, 64) });

/** GET /api/admin/complaints/{id}: the whole ticket, its replies, and the item its address names, if any. */
export const complaintDetail = complaintRow
  .extend({
    description: z.string(),
    language: z.string(),
    closedAt: z.string().nullable(),
    replyList: z.array(replyView),
    target: takedownTarget.nullable(),
  })
  .openapi('ComplaintDetail');
export type ComplaintDetail = z.infer<typeof complaintDetail>;

/** POST /api/admin/complaints/{id}/reply: stored and e-mailed. */
export const complaintReplyBody = z.object({ text: text(COMPLAINT_LIMITS.reply, 1), requestId });
/** POST /api/admin/complaints/{id}/close. */
export const complaintCloseBody = reasonBody;
/**
 * POST /api/admin/complaints/{id}/takedown: hides the item (moderation's own takedown). The item's id is
 * `itemId`: `id` is the complaint's, in the path.
 */
export const complaintTakedownBody = z.object({
  kind: takedownTarget.shape.kind,
  itemId: takedownTarget.shape.id,
  reason,
  requestId,
});
export type ComplaintTakedownBody = z.infer<typeof complaintTakedownBody>;
