import { get, request } from '../../lib/api';

// Calls of the /credits page and the profile's credit line (docs/credits.md).

export type { CreditBalance, CreditHistory, CreditMovement } from '../../shared/contract/credits';

export const readCredits = () => get('/credits', undefined, { silent: true });
export const readHistory = (pageNum: number, pageSize = 20) =>
  get('/credits/history', { pageNum, pageSize }, { silent: true });
export const checkIn = () => request('POST', '/credits/check-in', undefined);
