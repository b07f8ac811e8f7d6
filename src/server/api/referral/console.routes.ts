import { AdminCode } from '../../../shared/admin';
import { applied } from '../../../shared/contract/admin';
import { idParam } from '../../../shared/contract/common';
import {
  CommissionOverview,
  ConsoleInvitePage,
  ConsoleWithdrawalPage,
  invitePageQuery,
  payWithdrawalBody,
  ReversalPreview,
  rejectWithdrawalBody,
  reversalQuery,
  withdrawalConsoleQuery,
} from '../../../shared/contract/referral-console';
import { orderNoField } from '../../../shared/contract/shop';
import { consoleRoute } from '../admin/console-kit';
import { jsonBody, reachCodes, targetsAccount } from '../route-kit';

// The console's invites, commission and withdrawal review (docs/console.md#referral).

export const invites = consoleRoute('get', '/admin/referral/invites', ConsoleInvitePage, {
  summary: 'Invites, newest first: both accounts, registration signals and how many share them, conversion, reward',
  request: { query: invitePageQuery },
});

export const overview = consoleRoute('get', '/admin/referral/overview', CommissionOverview, {
  summary: 'Commission held, released, paid, reversed and owed; invites converted; whether the ledger balances',
});

export const withdrawals = consoleRoute('get', '/admin/referral/withdrawals', ConsoleWithdrawalPage, {
  summary: 'Withdrawal requests (the pending queue oldest first, any other status newest first)',
  request: { query: withdrawalConsoleQuery },
});

export const pay = consoleRoute('post', '/admin/referral/withdrawals/{id}/pay', applied, {
  ...targetsAccount,
  summary: 'Records a pending withdrawal as paid by hand (admin; a fresh TOTP code; never one’s own)',
  request: { params: idParam, body: jsonBody(payWithdrawalBody) },
  more: { ...reachCodes, 400: 'already decided', [AdminCode.TOTP_AGAIN]: 'TOTP code needed again' },
});

export const reject = consoleRoute('post', '/admin/referral/withdrawals/{id}/reject', applied, {
  ...targetsAccount,
  summary: 'Rejects a pending withdrawal with a reason the user sees; the amount returns to available (admin)',
  request: { params: idParam, body: jsonBody(rejectWithdrawalBody) },
  more: { ...reachCodes, 400: 'already decided' },
});

export const reversal = consoleRoute('get', '/admin/referral/orders/{orderNo}/reversal', ReversalPreview, {
  summary: 'What refunding an amount of the order would reverse of its commission, and how much would become debt',
  request: { params: orderNoField, query: reversalQuery },
});
