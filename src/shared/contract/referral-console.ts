import { z } from '@hono/zod-openapi';
import { WITHDRAWAL_STATUSES } from '../referral';
import { reasonBody, reasonWithCode } from './admin';
import { pageOf } from './common';
import { intParam, paging, text } from './input';
import { Withdrawal } from './referral';

/** The console's invites, commission overview and withdrawal review (docs/console.md#referral). Money is fen. */

export const inviteQuery = z.object({ user: text(200).optional().describe('e-mail (contains) or user id') });
export const invitePageQuery = inviteQuery.extend(paging(100, 20).shape);

export const ConsoleInvite = z.object({
  inviterId: z.number().int(),
  inviterEmail: z.string().nullable(),
  inviteeId: z.number().int(),
  inviteeEmail: z.string().nullable(),
  ip: z.string(),
  uaHash: z.string(),
  /** Invites registered from the same address / the same user agent, this one included. */
  sameIp: z.number().int(),
  sameDevice: z.number().int(),
  createdAt: z.string(),
  convertedAt: z.string().nullable(),
  reward: z.enum(['rewarded', 'capped', 'off']).nullable(),
  inviterDays: z.number().int(),
  inviteeDays: z.number().int(),
});
export const ConsoleInvitePage = pageOf(ConsoleInvite).openapi('ConsoleInvitePage');
export type ConsoleInvite = z.infer<typeof ConsoleInvite>;

const fen = z.number().int();
export const CommissionOverview = z
  .object({
    held: fen,
    available: fen,
    withdrawing: fen,
    debt: fen,
    accrued: fen,
    released: fen,
    paid: fen,
    reversed: fen,
    invites: z.number().int(),
    converted: z.number().int(),
    /** Every movement sums to zero and every balance to its entries. */
    ledgerOk: z.boolean(),
  })
  .openapi('CommissionOverview');
export type CommissionOverview = z.infer<typeof CommissionOverview>;

export const withdrawalQuery = z.object({ status: z.enum(WITHDRAWAL_STATUSES).optional() });
export const withdrawalConsoleQuery = withdrawalQuery.extend(paging(100, 20).shape);
export const ConsoleWithdrawal = Withdrawal.extend({
  userId: z.number().int(),
  email: z.string().nullable(),
  reviewerEmail: z.string().nullable(),
}).openapi('ConsoleWithdrawal');
export const ConsoleWithdrawalPage = pageOf(ConsoleWithdrawal).openapi('ConsoleWithdrawalPage');
export type ConsoleWithdrawal = z.infer<typeof ConsoleWithdrawal>;

/** Approve: the money was sent by hand (the reason notes how, for the audit); a fresh TOTP code. */
export const payWithdrawalBody = reasonWithCode;
/** Reject: the reason the user sees. */
export const rejectWithdrawalBody = reasonBody;

/** What a refund of `amount` would reverse of the order's commission, and how much of it was withdrawn (debt). */
export const reversalQuery = z.object({ amount: intParam(1, 100_000_000).describe('fen') });
export const ReversalPreview = z.object({ reversed: fen, debt: fen }).openapi('ReversalPreview');
