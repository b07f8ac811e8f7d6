import { startBuiltServer } from './server';
import { startPgCluster } from '../scripts/pg-cluster';
import { openDatabase } from '../src/server/db/client';
import { createSession } from '../src/server/db/queries/sessions';
import { users } from '../src/server/db/schema';
const cluster = await startPgCluster();
const s = await startBuiltServer('/work/main', 4813, { DATABASE_URL: cluster.url, MAX_CONNECTIONS_PER_IP: '0' });
const database = await openDatabase({ databaseUrl: cluster.url, dataDir: '/nonexistent' });
const [user] = await database.db.insert(users).values({ email: `p-${Date.now()}@example.com` }).returning();
const token = await createSession(database.db, { userId: user!.id });
const h = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
const t = async (name: string, path: string, init: RequestInit) => {
  for (let i = 0; i < 50; i++) await (await fetch(s.url + path, init)).text();
  const ms: number[] = [];
  for (let i = 0; i < 300; i++) { const a = performance.now(); await (await fetch(s.url + path, init)).text(); ms.push(performance.now() - a); }
  ms.sort((a, b) => a - b);
  console.log(name, 'p50', ms[150]!.toFixed(2), 'p90', ms[270]!.toFixed(2));
};
await t('health', '/api/health', {});
await t('orders', '/api/order/list', { method: 'POST', headers: h, body: '{"pageNum":1,"pageSize":30}' });
await t('orders-anon', '/api/order/list', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"pageNum":1,"pageSize":30}' });
await t('convs', '/api/chat/conversations', { headers: h });
await t('products', '/api/order/product/list', {});
await database.close(); await s.stop(); cluster.destroy(); process.exit(0);
