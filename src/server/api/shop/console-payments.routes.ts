import { AdminCode } from '../../../shared/admin';
import { applied } from '../../../shared/contract/admin';
import {
  creditBody,
  dismissBody,
  MissedOutcome,
  MissedPaymentList,
  missedParam,
  Reconciliation,
  ReconciliationList,
  reconcileBody,
  resolveBody,
} from '../../../shared/contract/shop-payments-console';
import { consoleRoute } from '../admin/console-kit';
import { jsonBody, reachCodes, targetsAccount } from '../route-kit';

// The console's missed payments and bill reconciliations (docs/console.md#missed-payments).

export const listMissed = consoleRoute('get', '/admin/payments/missed', MissedPaymentList, {
  summary: 'Payments a service reports that were not credited here, with their orders’ notifies and query answers',
});

export const creditMissed = consoleRoute('post', '/admin/payments/missed/{id}/credit', MissedOutcome, {
  ...targetsAccount,
  summary:
    'Credits a missed payment after review: its order is paid and its benefit granted once (admin; a fresh TOTP code)',
  request: { params: missedParam, body: jsonBody(creditBody) },
  more: {
    ...reachCodes,
    400: 'no order here to credit',
    [AdminCode.TOTP_AGAIN]: 'TOTP code needed again',
  },
});

export const dismissMissed = consoleRoute('post', '/admin/payments/missed/{id}/dismiss', MissedOutcome, {
  summary: 'Dismisses a missed payment with a reason: nothing is credited (admin)',
  request: { params: missedParam, body: jsonBody(dismissBody) },
});

export const listReconciliations = consoleRoute('get', '/admin/payments/reconciliations', ReconciliationList, {
  summary: 'The latest bill reconciliations, newest day first, with their differences',
});

export const runReconciliation = consoleRoute('post', '/admin/payments/reconciliations', Reconciliation, {
  summary: "Downloads the active service's trade bill of a day and compares it with the orders (admin)",
  request: { body: jsonBody(reconcileBody) },
  more: { 400: 'the active payment service keeps no bills (the sandbox)' },
});

export const resolveDiff = consoleRoute('post', '/admin/payments/reconciliations/diffs/{id}/resolve', applied, {
  summary:
    'Resolves a reconciliation difference with a reason (admin): it stays listed, marked, and its order’s payment records may be pruned',
  request: { params: missedParam, body: jsonBody(resolveBody) },
});
