import { createRoute } from '@hono/zod-openapi';
import { MyUsage } from '../../../shared/contract/ledger';
import { myUsage } from '../../services/ledger/mine';
import { access, userIdOf } from '../access';
import type { ApiApp } from '../context';
import { reply } from '../errors';
import { jsonResponses } from '../route-kit';

export { registerLedgerConsole } from './console';

export const mine = createRoute({
  security: access.login,
  method: 'get',
  path: '/usage/mine',
  tags: ['usage'],
  summary: "The caller's own usage: today and the last 30 days (answers, tokens, drawings, songs), chat by model",
  responses: jsonResponses(MyUsage, { 1000001: 'not logged in' }),
});

/** A signed-in user's usage ledger (docs/ledger.md); only the caller's own rows are read. */
export function registerUsage(app: ApiApp) {
  app.openapi(mine, async (c) => {
    const rt = c.get('runtime');
    const userId = await userIdOf(c);
    return reply(c, await myUsage(rt, userId, c.get('ip')));
  });
}
