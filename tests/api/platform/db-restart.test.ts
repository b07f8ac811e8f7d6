// PostgreSQL restarted under a serving process: requests during the outage
// fail cleanly and quickly; afterwards everything recovers, pushes included,
// without restarting our process. Runs in the api-pg project, on a cluster
// of its own (the shared one must not be stopped).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { freePort, type PgCluster, startPgCluster } from '../../../scripts/pg-cluster';
import { loadEnv } from '../../../src/server/config/env';
import { createLogger } from '../../../src/server/log';
import { type RunningServer, startServer } from '../../../src/server/server';
import { quickUsers } from '../activity/activity-fixtures';
import { isConnected, openSocket, type TestSocket } from '../socket-helpers';

const onPostgres = inject('postgresUrl') !== null;

describe.skipIf(!onPostgres)('database restart', () => {
  let cluster: PgCluster;
  let srv: RunningServer;
  let headers: Record<string, string>;

  beforeAll(async () => {
    cluster = await startPgCluster({ maxConnections: 50 });
    const env = loadEnv({
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(await freePort()),
      DATA_DIR: `/tmp/miaobi-restart-${process.pid}`,
      DATABASE_URL: cluster.url,
      LOG_LEVEL: 'silent',
    });
    srv = await startServer(env, createLogger('silent'));
    const [user] = await quickUsers(srv, 'restart-', 1);
    if (!user) throw new Error('no user');
    headers = user.headers;
  }, 60_000);
  afterAll(async () => {
    // A pool that lost its server mid-transaction can keep pg's end() waiting; the cluster goes regardless.
    await Promise.race([srv?.stop(2000), new Promise((r) => setTimeout(r, 20_000).unref())]);
    cluster?.destroy();
  });

  const info = async () => {
    const started = performance.now();
    const res = await fetch(`${srv.url}/api/user/info`, { headers, signal: AbortSignal.timeout(20_000) });
    const text = await res.text();
    return { status: res.status, text, ms: performance.now() - started };
  };

  async function eventually<T>(fn: () => Promise<T>, ok: (v: T) => boolean, ms: number): Promise<T> {
    const deadline = Date.now() + ms;
    for (;;) {
      const v = await fn();
      if (ok(v) || Date.now() > deadline) return v;
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  it('a transaction cut between two statements fails; the process lives on', async () => {
    const db = srv.runtime.database.db;
    const cut = db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      cluster.stop();
      // The held connection learns of the loss while no query runs on it.
      await new Promise((r) => setTimeout(r, 300));
      await tx.execute(sql`select 2`);
    });
    await expect(cut).rejects.toThrow();
    cluster.start();
    expect((await eventually(info, (r) => r.status === 200, 20_000)).status).toBe(200);
  }, 60_000);

  it('fails cleanly while the database is down and recovers on its own, pushes included', async () => {
    expect((await info()).status).toBe(200);
    const socket: TestSocket = await openSocket(srv.url, { taskId: 'restart-probe' });
    await socket.next(isConnected);

    cluster.stop();
    for (let i = 0; i < 3; i++) {
      const down = await info();
      expect(down.status).toBeGreaterThanOrEqual(500);
      expect(down.ms).toBeLessThan(10_000);
      const body = JSON.parse(down.text) as { code: number; result: string };
      expect(body.result.length).toBeGreaterThan(0);
      expect(down.text).not.toMatch(/ECONNREFUSED|at \/|node_modules|terminat/i);
    }
    // Pages of the process keep answering that do not need the database.
    expect((await fetch(`${srv.url}/api/health`)).status).toBe(200);
    // Readiness tells a load balancer to send no traffic here.
    const ready = await fetch(`${srv.url}/api/ready`);
    expect(ready.status).toBe(503);
    expect(((await ready.json()) as { data: { checks: { database: string } } }).data.checks.database).toMatch(
      /^failed/,
    );

    cluster.start();
    const back = await eventually(info, (r) => r.status === 200, 20_000);
    expect(back.status).toBe(200);
    expect((await fetch(`${srv.url}/api/ready`)).status).toBe(200);

    // The NOTIFY listener reconnected too: a push published now reaches the socket opened before.
    const received = await eventually(
      async () => {
        await srv.runtime.hub.publish('restart-probe', { code: 200, data: 'after-restart' }).catch(() => {});
        return socket
          .next((m) => (m as { data?: string }).data === 'after-restart', 500)
          .then(
            () => true,
            () => false,
          );
      },
      (v) => v,
      20_000,
    );
    expect(received).toBe(true);
    socket.ws.close();
  }, 90_000);
});
