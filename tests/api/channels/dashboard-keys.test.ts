import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { channelKeys } from '../../../src/server/db/schema';
import { makeStaff, type Staff } from '../admin/admin-helpers';
import { startTestServer, type TestServer } from '../helpers';
import { addChannel } from './routing-helpers';

let srv: TestServer;
let op: Staff;
beforeAll(async () => {
  srv = await startTestServer();
  op = await makeStaff(srv, 'keys-op@example.com', 'operator');
}, 60_000);
afterAll(() => srv?.dispose());

it('the dashboard lists keys cooling down or failing, with channel, last four, failures, until when and the error', async () => {
  const ch = await addChannel(srv, {
    kind: 'chat',
    flavour: 'openai',
    name: 'DeepSeek 主线',
    baseUrl: 'http://127.0.0.1:9/v1',
    models: [{ id: 'deepseek-chat' }],
    keys: ['sk-cooling-key-aaaa', 'sk-failed-key-bbbb', 'sk-healthy-key-cccc'],
  });
  const [cooling, failed] = ch.keyIds as [number, number];
  const db = srv.runtime.database.db;
  await db
    .update(channelKeys)
    .set({
      failures: 3,
      cooldownUntil: sql`now() + interval '2 minutes'`,
      lastError: 'rateLimit: 429 Rate limit reached',
      lastFailAt: sql`now()`,
    })
    .where(eq(channelKeys.id, cooling));
  await db
    .update(channelKeys)
    .set({
      failures: 1,
      cooldownUntil: sql`now() - interval '1 minute'`,
      lastError: 'timeout: ',
      lastFailAt: sql`now() - interval '2 minutes'`,
    })
    .where(eq(channelKeys.id, failed));
  const res = await srv.call('GET', '/api/admin/dashboard?days=7', undefined, { cookie: op.cookie });
  expect(res.status).toBe(200);
  const keys = res.body.data.failingKeys;
  expect(keys).toHaveLength(2);
  expect(keys[0]).toMatchObject({
    channel: 'DeepSeek 主线',
    kind: 'chat',
    last4: 'aaaa',
    failures: 3,
    lastError: 'rateLimit: 429 Rate limit reached',
  });
  expect(Date.parse(keys[0].cooldownUntil)).toBeGreaterThan(Date.now());
  expect(keys[1]).toMatchObject({ last4: 'bbbb', failures: 1, cooldownUntil: null });
  expect(JSON.stringify(res.body)).not.toContain('sk-cooling-key');
});
