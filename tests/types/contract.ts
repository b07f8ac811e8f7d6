// Type tests, checked by `npm run typecheck` (astro check covers tests/): each
// `@ts-expect-error` line must stay an error, so the contract keeps biting.
// Nothing here runs.
import { consoleCall, get, post, request } from '../../src/lib/api';
import type { AppRouteHandler } from '../../src/server/api/context';
import { reply } from '../../src/server/api/errors';
import type { readQuota } from '../../src/server/api/music/music.routes';

// A handler must reply with its route's data.
export const right: AppRouteHandler<typeof readQuota> = (c) =>
  reply(c, {
    balance: 1,
    freeLimit: 1,
    freeUsed: 0,
    freeLeft: 1,
    total: 2,
    member: false,
    cost: 1,
    resetsAt: '2026-01-01T00:00:00Z',
  });
// @ts-expect-error a reply of another shape does not fit the route
export const wrong: AppRouteHandler<typeof readQuota> = (c) => reply(c, { balance: 'many' });

export async function browser() {
  // @ts-expect-error an address that is no route's
  await get('/music/nowhere');
  // @ts-expect-error a GET route called as POST
  await post('/music/quota');
  // @ts-expect-error a field the route's body does not accept
  await post('/music/delete', { id: 'song_1', force: true });
  // @ts-expect-error a body the route needs, left out
  await post('/music/delete');
  const quota = await get('/music/quota');
  // @ts-expect-error a reply field the route does not declare
  if (quota.kind === 'reply') quota.data.unlimited;
  // A templated route takes one segment of the caller's: typed as that route.
  const share = await request('PATCH', `/chat/shares/${'abc'}`, { listed: true });
  if (share.kind === 'reply') share.data.listed satisfies boolean;
  // @ts-expect-error two segments where the route has one
  await request('PATCH', `/chat/shares/${'abc'}/more`, { listed: true });
}

export async function consoleCalls() {
  // @ts-expect-error a query field the console route does not take
  await consoleCall('GET', '/admin/orders', { pageNum: 1, owner: 'x' });
  // @ts-expect-error a query string inside the address: GET parameters go in the data object
  await consoleCall('GET', '/admin/orders?pageNum=1');
  const orders = await consoleCall('GET', '/admin/orders', { pageNum: 1, provider: 'alipay' });
  if (orders.ok) orders.data.records[0]?.orderNo satisfies string | undefined;
  // @ts-expect-error a reply field the route does not declare
  if (orders.ok) orders.data.pages;
  // @ts-expect-error a refusal's data is unknown until the caller narrows it
  if (!orders.ok) orders.data.records;
}
