import { UsageReport, usageQuery } from '../../../shared/contract/ledger';
import { checkRange, lastDays } from '../../services/admin/dashboard';
import { usageReport } from '../../services/ledger/console-usage';
import { consoleRoute } from '../admin/console-kit';
import type { ApiApp } from '../context';
import { reply } from '../errors';

export const usage = consoleRoute('get', '/admin/usage', UsageReport, {
  summary: 'Usage ledger for the last 1, 7 or 30 site days, or from..to: by day, model, channel, top users; margin',
  request: { query: usageQuery },
  more: { 400: 'a reversed range, or longer than 366 days' },
});

/** The console's usage and margin page (docs/ledger.md): operators and admins. */
export function registerLedgerConsole(app: ApiApp) {
  app.openapi(usage, async (c) => {
    const rt = c.get('runtime');
    const q = c.req.valid('query');
    const zone = rt.env.SITE_TIME_ZONE;
    const range = q.from && q.to ? checkRange(q.from, q.to) : lastDays(Number(q.days), zone);
    return reply(c, await usageReport(rt.database.db, range, zone, Number(q.top)));
  });
}
