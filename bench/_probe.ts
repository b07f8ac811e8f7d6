import autocannon from 'autocannon';
import { startBuiltServer } from './server';
import { seedSquare, SEED_ENV } from './seed';
import { startPgCluster } from '../scripts/pg-cluster';
const cluster = await startPgCluster();
const s = await startBuiltServer('/work/main', 4811, { DATABASE_URL: cluster.url, ...SEED_ENV, MAX_CONNECTIONS_PER_IP: '0' });
console.log(await seedSquare(s.url, cluster.url));
for (const p of (process.argv[2] ?? '/draw').split(',')) {
  for (let i = 0; i < 2; i++) {
    const r = await autocannon({ url: s.url + p, headers: { 'accept-encoding': 'gzip, deflate, br, zstd', accept: 'text/html,*/*' }, connections: 50, duration: 4 });
    console.log(p, r.requests.average, r.latency.p50, r.latency.p99, r.non2xx, r.errors);
  }
}
await s.stop(); cluster.destroy(); process.exit(0);
