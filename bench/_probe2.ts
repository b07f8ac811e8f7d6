import autocannon from 'autocannon';
import { startBuiltServer } from './server';
import { startPgCluster } from '../scripts/pg-cluster';
import { openDatabase } from '../src/server/db/client';
import { createSession } from '../src/server/db/queries/sessions';
import { users } from '../src/server/db/schema';
const cluster = await startPgCluster();
const prof = process.argv[3] === 'prof';
const s = await startBuiltServer('/work/main', 4812, { DATABASE_URL: cluster.url, MAX_CONNECTIONS_PER_IP: '0', ...(prof ? { NODE_OPTIONS: '--cpu-prof --cpu-prof-dir=/tmp/prof' } : {}) });
const database = await openDatabase({ databaseUrl: cluster.url, dataDir: '/nonexistent' });
const [user] = await database.db.insert(users).values({ email: `p-${Date.now()}@example.com` }).returning();
const token = await createSession(database.db, { userId: user!.id });
const targets: Record<string, { method: 'GET' | 'POST'; path: string; body?: string }> = {
  health: { method: 'GET', path: '/api/health' },
  orders: { method: 'POST', path: '/api/order/list', body: JSON.stringify({ pageNum: 1, pageSize: 30 }) },
  drawings: { method: 'POST', path: '/api/sd/list/user/picture', body: JSON.stringify({ pageNum: 1, pageSize: 30 }) },
  convs: { method: 'GET', path: '/api/chat/conversations' },
  apps: { method: 'POST', path: '/api/prompt/list/all', body: JSON.stringify({ pageNum: 1, pageSize: 30, content: '写作' }) },
  square: { method: 'POST', path: '/api/sd/list/picture', body: JSON.stringify({ pageNum: 1, pageSize: 30 }) },
};
for (const name of (process.argv[2] ?? 'health,orders').split(',')) {
  const t = targets[name]!;
  const r1 = await fetch(s.url + t.path, { method: t.method, body: t.body, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' } });
  console.log(name, r1.status, (await r1.text()).slice(0, 100));
  for (let i = 0; i < 2; i++) {
    const r = await autocannon({ url: s.url + t.path, method: t.method, body: t.body, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'accept-encoding': 'gzip, deflate, br, zstd' }, connections: 50, duration: 4 });
    console.log(name, Math.round(r.requests.average), r.latency.p50, r.latency.p99, r.non2xx, r.errors);
  }
}
await database.close();
await s.stop(); cluster.destroy(); process.exit(0);
