import { get, post } from '../../lib/api';
import type { WithdrawBody } from '../../shared/contract/referral';

// Calls of the /invite page (docs/referral.md).

export type { MyReferral, Withdrawal } from '../../shared/contract/referral';

export const readReferral = () => get('/referral/mine', undefined, { silent: true });
export const listWithdrawals = (pageNum: number) =>
  get('/referral/withdrawals', { pageNum, pageSize: 10 }, { silent: true });
export const askWithdrawal = (body: WithdrawBody) => post('/referral/withdrawals', body, { silent: true });

/** Fen as yuan with two decimals. */
export const yuan = (fen: number) => (fen / 100).toFixed(2);
/** Basis points as a percentage without trailing zeros. */
export const percent = (bp: number) => String(bp / 100);
