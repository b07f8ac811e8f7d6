// A rolling restart: SIGTERM to one of two processes on one PostgreSQL. The process first
// answers not-ready, then stops, giving back the drawing it held; the other finishes it
// long before the lease would have run out.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { loadEnv } from '../../../src/server/config/env';
import { drawings } from '../../../src/server/db/schema';
import { createLogger } from '../../../src/server/log';
import { type RunningServer, startServer } from '../../../src/server/server';
import { quickUsers } from '../activity/activity-fixtures';
import { createTestDatabase } from '../helpers';
import { spawnServerProcess } from '../socket-helpers';

const postgres = inject('postgresUrl');

describe.skipIf(!postgres)('rolling restart', () => {
  const cleanup: Array<() => Promise<void> | void> = [];
  afterAll(async () => {
    for (const step of cleanup.reverse()) await step();
  });

  it('SIGTERM: /api/ready answers 503 first, and the held drawing finishes on the other process', async () => {
    const database = await createTestDatabase();
    cleanup.push(database.drop);
    const shared = { NODE_ENV: 'test', DATABASE_URL: database.databaseUrl ?? '', DRAW_FREE_DAILY: '50' };
    // B: in this process, its drawing worker held back until A has claimed the task.
    const b: RunningServer = await startServer(
      loadEnv({ ...shared, DATA_DIR: database.dataDir, DRAW_OFFLINE_STEP_MS: '20', HOST: '127.0.0.1', PORT: '0' }),
      createLogger('silent'),
    );
    cleanup.push(() => b.stop(1000));
    await b.runtime.jobs.drawing.stop();
    // A: a real process with slow drawings and a lease far longer than the test.
    const dirA = mkdtempSync(path.join(tmpdir(), 'miaobi-rolling-'));
    cleanup.push(() => rmSync(dirA, { recursive: true, force: true }));
    const a = await spawnServerProcess({
      ...shared,
      DATA_DIR: dirA,
      DRAW_OFFLINE_STEP_MS: '2000',
      JOB_LEASE_MS: '600000',
      DRAIN_DELAY_MS: '1500',
    });
    cleanup.push(() => a.stop());

    const [user] = await quickUsers(b, 'rolling-', 1);
    if (!user) throw new Error('no user');
    const headers = { ...user.headers, 'content-type': 'application/json' };
    const submitted = await fetch(`${a.url}/api/sd/submit/imagine`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ prompt: 'a lighthouse at dusk', drawRate: '1:1' }),
    }).then((r) => r.json());
    const taskId: string = submitted.mjChatMessage.id;
    const row = async () => (await b.runtime.database.db.select().from(drawings).where(eq(drawings.taskId, taskId)))[0];
    // A's worker holds it: leased far into the future.
    await expect.poll(async () => (await row())?.leaseUntil?.getTime() ?? 0).toBeGreaterThan(Date.now() + 60_000);
    b.runtime.jobs.drawing.start();

    expect((await fetch(`${a.url}/api/ready`)).status).toBe(200);
    const exited = new Promise<number | null>((resolve) => a.proc.once('exit', resolve));
    a.proc.kill('SIGTERM');
    // Still answering, but no longer ready: the balancer sends new requests to B.
    await expect.poll(async () => (await fetch(`${a.url}/api/ready`)).status).toBe(503);
    expect(await exited).toBe(0);

    await expect.poll(async () => (await row())?.status, { timeout: 30_000 }).toBe(10);
    const done = await fetch(`${b.url}/api/sd/task`, { method: 'POST', headers, body: JSON.stringify({ id: taskId }) });
    expect((await done.json()).data.status).toBe(10);
  }, 90_000);
});
