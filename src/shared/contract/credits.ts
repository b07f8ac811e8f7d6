import { z } from '@hono/zod-openapi';
import { reason, requestId, totpCode } from './admin';
import { pageOf } from './common';
import { int, intParam, paging, pattern } from './input';

/**
 * Credits (积分) replies and requests (docs/credits.md): a user's balance, history and daily
 * check-in; the console's prices, adjustments and figures. Credits are whole numbers.
 */

const count = z.number().int();

export const CreditBalance = z
  .object({
    balance: count,
    /** Reserved by calls still running; balance - held is what may be spent now. */
    held: count,
    streak: count,
    /** Checked in today (site day). */
    checkedInToday: z.boolean(),
    /** Today's reward if not checked in yet, else tomorrow's if the streak goes on. */
    nextReward: count,
  })
  .openapi('CreditBalance');
export type CreditBalance = z.infer<typeof CreditBalance>;

export const CreditMovement = z.object({
  id: count,
  /** purchase, refund, checkin, adjust, spend. */
  reason: z.string(),
  /** What a spend paid for: chat, drawing, song, embedding, search. */
  kind: z.string().nullable(),
  amount: count,
  note: z.string().nullable(),
  createdAt: z.string(),
});
export type CreditMovement = z.infer<typeof CreditMovement>;

export const CreditHistory = pageOf(CreditMovement).openapi('CreditHistory');
export type CreditHistory = z.infer<typeof CreditHistory>;

/** GET /api/credits/history. */
export const creditHistoryQuery = paging(50, 20);

export const CheckInResult = z
  .object({
    /** False when the user had already checked in today: nothing was granted. */
    checkedIn: z.boolean(),
    streak: count,
    reward: count,
    balance: count,
  })
  .openapi('CheckInResult');
export type CheckInResult = z.infer<typeof CheckInResult>;

const credits = int(0, 1_000_000);
const model = pattern(/^[A-Za-z0-9._:/-]{1,100}$/, 100);

/** The console's prices (credits): 0 is free, or no reward. */
export const CreditPrices = z
  .object({
    /** Per 1,000 input and per 1,000 output tokens (reasoning counts as output). */
    chat: z.array(z.object({ model, input: credits, output: credits })).max(200),
    /** Per picture by engine (image provider) and quality. */
    drawing: z.array(z.object({ engine: model, quality: model, price: credits })).max(200),
    song: credits,
    /** Per video past the day's free ones. */
    video: credits.default(0),
    /** Per 1,000 tokens embedded. */
    embedding: credits,
    /** Per web search. */
    search: credits,
    /** Check-in rewards of a streak's day 1 to 7; later days get day 7's. */
    checkIn: z.array(credits).min(7).max(7),
  })
  .openapi('CreditPrices');
export type CreditPrices = z.infer<typeof CreditPrices>;

/** What the console's price form offers: the known chat models and drawing engines beside the prices. */
export const CreditPriceSheet = z
  .object({ prices: CreditPrices, models: z.array(z.string()), engines: z.array(z.string()) })
  .openapi('CreditPriceSheet');
export type CreditPriceSheet = z.infer<typeof CreditPriceSheet>;

export const creditPricesBody = CreditPrices.extend({ requestId });

/** POST /api/admin/users/{id}/credits: signed amount (never 0), reason, fresh TOTP code. */
export const creditAdjustBody = z.object({
  amount: int(-10_000_000, 10_000_000).refine((n) => n !== 0, 'credits:error.zero'),
  reason,
  requestId,
  code: totpCode,
});

export const CreditSummary = z
  .object({
    /** Credits granted (positive movements) by reason, and spent by kind, in the period. */
    issued: z.array(z.object({ reason: z.string(), credits: count })),
    spent: z.array(z.object({ kind: z.string(), credits: count })),
    checkInsToday: count,
    /** All users' balances now, and what running calls hold. */
    outstanding: count,
    held: count,
  })
  .openapi('CreditSummary');
export type CreditSummary = z.infer<typeof CreditSummary>;

export const creditRefundQuery = z.object({ amount: intParam(1, 100_000_000).describe('fen') });

/** What a refund of an order would take back of its credit pack, before the admin confirms. */
export const CreditRefundPreview = z
  .object({
    /** The credits the refund's share covers. */
    credits: count,
    /** Of those, what the user has free and the refund takes back. */
    back: count,
    /** Of those, what is already spent and stays spent. */
    spent: count,
  })
  .openapi('CreditRefundPreview');
