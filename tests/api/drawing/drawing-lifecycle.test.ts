import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../src/server/db/client';
import { drawingReferences, drawings, users } from '../../../src/server/db/schema';
import { createLogger } from '../../../src/server/log';
import { type RunningServer, startServer } from '../../../src/server/server';
import { sweepTimedOut } from '../../../src/server/services/drawing/worker';
import { createTestDatabase, createUserWithToken, type TestServer, testEnv } from '../helpers';
import { DRAW_TEST_ENV, startDrawServer, submit, waitForStatus } from './draw-helpers';

async function call(server: RunningServer, path: string, body: unknown, headers: Record<string, string>) {
  const res = await fetch(server.url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

describe('a restart resumes unfinished tasks', () => {
  it('a task drawing when its process stops is finished by the next one', async () => {
    const database = await createTestDatabase();
    const drawEnv = { ...DRAW_TEST_ENV, DRAW_OFFLINE_STEP_MS: '150' };
    const env = testEnv(database, drawEnv);
    const first = await startServer(env, createLogger('silent'));
    let second: RunningServer | undefined;
    try {
      const u = await createUserWithToken(first, 'restart@example.com');
      const submitted = await call(
        first,
        '/api/sd/submit/imagine',
        { prompt: '星空下的小镇', drawSteps: 30 },
        u.headers,
      );
      const id: string = submitted.body.mjChatMessage.id;
      for (let i = 0; i < 100; i++) {
        const t = await call(first, '/api/sd/task', { id }, u.headers);
        if (t.body.data.status === 2 && t.body.data.progress > 20) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      await first.stop(1000);

      // A crashed process cannot give its lease back: let it run out, before the next process starts its worker.
      const between = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
      await between.db
        .update(drawings)
        .set({ leaseUntil: new Date(Date.now() - 1000) })
        .where(eq(drawings.taskId, id));
      await between.close();
      second = await startServer(env, createLogger('silent'));
      let done: { status: number; imageUrl: string } | undefined;
      for (let i = 0; i < 200 && done?.status !== 10; i++) {
        done = (await call(second, '/api/sd/task', { id }, u.headers)).body.data;
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(done?.status).toBe(10);
      const [row] = await second.runtime.database.db.select().from(drawings).where(eq(drawings.taskId, id));
      expect(row?.attempts).toBe(2);
      expect((await fetch(second.url + (done?.imageUrl ?? ''))).status).toBe(200);
    } finally {
      await second?.stop(1000);
      await first.stop(1000);
      await database.drop();
    }
  });
});

describe('deadlines, quotas and reference images', () => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startDrawServer({ DRAW_FREE_DAILY: '2', DRAW_MEMBER_DAILY: '0' });
  });
  afterAll(() => srv?.dispose());

  it('the sweeper fails a task past its deadline that a dead process still holds', async () => {
    const u = await createUserWithToken(srv, 'sweep@example.com');
    const task = await submit(srv, u.headers, { prompt: 'slow valley' });
    await waitForStatus(srv, u.headers, task.id);
    // A second task, held by a "dead" worker (lease in the future) and already overdue.
    // This process's worker sweeps too: paused, so the sweep under test is the one that finds it.
    srv.runtime.jobs.drawing.stop();
    const [row] = await srv.runtime.database.db.select().from(drawings).where(eq(drawings.taskId, task.id));
    if (!row) throw new Error('no row');
    const { id: _id, ...copy } = row;
    await srv.runtime.database.db.insert(drawings).values({
      ...copy,
      taskId: 'dstuckstuckstuck0001',
      status: 2,
      leaseUntil: new Date(Date.now() + 60_000),
      deadlineAt: new Date(Date.now() - 1000),
    });
    expect(await sweepTimedOut(srv.runtime)).toBe(1);
    srv.runtime.jobs.drawing.start();
    const stuck = await srv.call('POST', '/api/sd/task', { id: 'dstuckstuckstuck0001' }, u.headers);
    expect(stuck.body.data.status).toBe(11);
  });

  it('non-members draw DRAW_FREE_DAILY a day; members with DRAW_MEMBER_DAILY=0 are unlimited', async () => {
    const u = await createUserWithToken(srv, 'quota@example.com');
    for (const prompt of ['one', 'two'])
      await waitForStatus(srv, u.headers, (await submit(srv, u.headers, { prompt })).id);
    const quota = await srv.call('GET', '/api/sd/quota', undefined, u.headers);
    expect(quota.body.data).toMatchObject({ limit: 2, used: 2, remaining: 0, member: false });
    const third = await srv.call('POST', '/api/sd/submit/imagine', { prompt: 'three' }, u.headers);
    expect(third.body.code).toBe(429);
    expect(third.body.result).toContain('2');
    expect(third.body.data.link).toBe('/product');

    await srv.runtime.database.db
      .update(users)
      .set({ vipType: 1, endDate: new Date(Date.now() + 86_400_000) })
      .where(eq(users.id, u.id));
    const member = await srv.call('GET', '/api/sd/quota', undefined, u.headers);
    expect(member.body.data).toMatchObject({ limit: null, remaining: null, member: true });
    expect(member.body.data.endDate).toBeTruthy();
    await waitForStatus(srv, u.headers, (await submit(srv, u.headers, { prompt: 'three' })).id);
  });

  it('reference images are decoded and re-encoded; anything else is refused', async () => {
    const u = await createUserWithToken(srv, 'refs@example.com');
    const jpeg = await sharp({ create: { width: 2000, height: 1000, channels: 3, background: '#f90' } })
      .jpeg()
      .withExif({ IFD0: { Artist: 'secret person' } })
      .toBuffer();
    const task = await submit(srv, u.headers, {
      prompt: 'orange field',
      base64Array: [`data:image/jpeg;base64,${jpeg.toString('base64')}`],
    });
    const [row] = await srv.runtime.database.db.select().from(drawings).where(eq(drawings.taskId, task.id));
    const refs = await srv.runtime.database.db
      .select()
      .from(drawingReferences)
      .where(eq(drawingReferences.drawingId, row?.id ?? 0));
    const stored = await sharp(Buffer.from(refs[0]?.data ?? '', 'base64')).metadata();
    expect(stored).toMatchObject({ format: 'png', width: 1024, height: 512 });
    expect(stored.exif).toBeUndefined();
    await waitForStatus(srv, u.headers, task.id);

    const member = await createUserWithToken(srv, 'refs2@example.com');
    const text = await srv.call(
      'POST',
      '/api/sd/submit/imagine',
      { prompt: 'x', base64Array: [Buffer.from('hello, not a picture').toString('base64')] },
      member.headers,
    );
    expect(text.body).toMatchObject({ code: 400, result: '参考图无法识别，请上传 JPG、PNG、WebP 或 GIF 图片' });
    const tooMany = await srv.call(
      'POST',
      '/api/sd/submit/imagine',
      { prompt: 'x', base64Array: ['a', 'b', 'c', 'd', 'e'] },
      member.headers,
    );
    expect(tooMany.status).toBe(400);
    const quota = await srv.call('GET', '/api/sd/quota', undefined, member.headers);
    expect(quota.body.data.used).toBe(0);
  });
});
