import { z } from '@hono/zod-openapi';
import { date, reasonBody, reasonWithCode } from './admin';
import { intParam } from './input';

/**
 * The console's payment records, missed payments and bill reconciliations
 * (src/server/services/shop/{missed-payments,reconcile}.ts, docs/console.md#missed-payments).
 * Money is fen.
 */

const count = z.number().int();
const money = z.number().int().openapi({ description: 'fen (1 yuan = 100 fen)' });

/** A notify, a query's answer or a bill line, as recorded against its order. */
export const PaymentRecordDto = z
  .object({
    id: count,
    orderNo: z.string(),
    provider: z.string(),
    source: z.enum(['notify', 'query', 'bill']),
    outcome: z.string(),
    amount: money.nullable(),
    tradeNo: z.string().nullable(),
    raw: z.string(),
    at: z.string(),
    review: z.enum(['open', 'credited', 'dismissed']).nullable(),
    reviewReason: z.string().nullable(),
  })
  .openapi('AdminPaymentRecord');

/** A missed payment: the service says paid, we credited nothing; with the order's state and its records. */
export const MissedPayment = PaymentRecordDto.extend({
  /** Null when we have no such order (a bill line or notify for an order unknown here). */
  orderStatus: count.nullable(),
  orderPrice: money.nullable(),
  userId: count.nullable(),
  records: z.array(PaymentRecordDto),
}).openapi('AdminMissedPayment');
export const MissedPaymentList = z.array(MissedPayment);

export const missedParam = z.object({ id: intParam(1, 2_147_483_647) });
/** Credit after review: a reason, the form's id and a fresh TOTP code. */
export const creditBody = reasonWithCode;
/** Dismiss: a reason and the form's id. */
export const dismissBody = reasonBody;

export const MissedOutcome = z
  .object({
    /** false: the record was already reviewed (a repeated click): nothing changed. */
    applied: z.boolean(),
    orderStatus: count.nullable(),
  })
  .openapi('AdminMissedOutcome');

const reconcileKind = z.enum(['unpaidHere', 'unpaidThere', 'amount', 'refund']);

export const Reconciliation = z
  .object({
    id: count,
    provider: z.string(),
    billDate: z.string(),
    status: z.enum(['running', 'done', 'failed']),
    lines: count,
    differences: count,
    detail: z.string().nullable(),
    startedAt: z.string(),
    finishedAt: z.string().nullable(),
    diffs: z.array(
      z.object({
        id: count,
        orderNo: z.string(),
        kind: reconcileKind,
        billAmount: money.nullable(),
        ourAmount: money.nullable(),
        billRefund: money.nullable(),
        ourRefund: money.nullable(),
        /** Set when an admin resolved it, with their reason. */
        resolvedAt: z.string().nullable(),
        resolution: z.string().nullable(),
      }),
    ),
  })
  .openapi('AdminReconciliation');
export const ReconciliationList = z.array(Reconciliation);

/** Runs (or runs again) the reconciliation of one bill day. */
export const reconcileBody = z.object({ date });
/** Resolve a difference: a reason and the form's id. */
export const resolveBody = reasonBody;

export type PaymentRecordDto = z.infer<typeof PaymentRecordDto>;
export type MissedPayment = z.infer<typeof MissedPayment>;
export type MissedOutcome = z.infer<typeof MissedOutcome>;
export type Reconciliation = z.infer<typeof Reconciliation>;
