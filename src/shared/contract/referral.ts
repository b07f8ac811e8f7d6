import { z } from '@hono/zod-openapi';
import { PAYOUT_METHODS, WITHDRAW_MAX_FEN, WITHDRAWAL_STATUSES } from '../referral';
import { pageOf } from './common';
import { intParam, paging, text } from './input';

/** Invites, commission and withdrawals of the signed-in user (docs/referral.md). Money is fen. */

const fen = z.number().int();

export const MyReferral = z
  .object({
    code: z.string(),
    invitees: z.number().int(),
    converted: z.number().int(),
    /** Membership days earned by invites. */
    rewardDays: z.number().int(),
    held: fen,
    available: fen,
    withdrawing: fen,
    /** Commission reversed after it was withdrawn; later commission pays it first. */
    debt: fen,
    rules: z.object({
      inviterDays: z.number().int(),
      inviteeDays: z.number().int(),
      inviterCredits: z.number().int(),
      inviteeCredits: z.number().int(),
      level1Bp: z.number().int(),
      level2Bp: z.number().int(),
      holdDays: z.number().int(),
      withdrawMin: fen,
    }),
  })
  .openapi('MyReferral');
export type MyReferral = z.infer<typeof MyReferral>;

export const Withdrawal = z
  .object({
    id: z.number().int(),
    amount: fen,
    method: z.enum(PAYOUT_METHODS),
    account: z.string(),
    realName: z.string(),
    status: z.enum(WITHDRAWAL_STATUSES),
    /** Why the console rejected it. */
    reason: z.string().nullable(),
    createdAt: z.string(),
    reviewedAt: z.string().nullable(),
  })
  .openapi('Withdrawal');
export type Withdrawal = z.infer<typeof Withdrawal>;
export const WithdrawalPage = pageOf(Withdrawal).openapi('WithdrawalPage');

export const withdrawalPageQuery = paging(50, 10);

/** POST /api/referral/withdrawals: an amount of the available balance and where to pay it. */
export const withdrawBody = z.object({
  amount: intParam(1, WITHDRAW_MAX_FEN).describe('fen'),
  method: z.enum(PAYOUT_METHODS),
  account: text(64, 3).regex(/^[\p{L}\p{N}@._+\- ]+$/u, 'referral:withdraw.accountFormat'),
  realName: text(32, 2).regex(/^[\p{L}·. '-]+$/u, 'referral:withdraw.nameFormat'),
});
export type WithdrawBody = z.infer<typeof withdrawBody>;
