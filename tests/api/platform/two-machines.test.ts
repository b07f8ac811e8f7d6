// Two machines, simulated: two server processes with different DATA_DIRs, one PostgreSQL and
// one S3-compatible bucket (s3rver), behind Debian's nginx. Whatever one process made, the
// other serves; nothing lives on a machine's own disk; a process going away loses nothing.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type NginxProxy, startNginx } from '../../../scripts/nginx-proxy';
import { loadEnv } from '../../../src/server/config/env';
import { drawings } from '../../../src/server/db/schema';
import { createLogger } from '../../../src/server/log';
import { type RunningServer, startServer } from '../../../src/server/server';
import { quickUsers } from '../activity/activity-fixtures';
import { createTestDatabase } from '../helpers';
import { spawnServerProcess } from '../socket-helpers';
import { startS3 } from '../storage/s3-server';

const postgres = inject('postgresUrl');
const PNG_1PX =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
type Headers = Record<string, string>;

describe.skipIf(!postgres)('two machines: one PostgreSQL, one bucket, separate data directories', () => {
  let s3: Awaited<ReturnType<typeof startS3>>;
  let a: Awaited<ReturnType<typeof spawnServerProcess>>;
  let b: RunningServer;
  let proxy: NginxProxy;
  const cleanup: Array<() => Promise<unknown> | unknown> = [];

  beforeAll(async () => {
    s3 = await startS3('miaobi-two');
    cleanup.push(() => s3.close());
    const database = await createTestDatabase();
    cleanup.push(database.drop);
    const dirA = mkdtempSync(path.join(tmpdir(), 'miaobi-machine-a-'));
    cleanup.push(() => rmSync(dirA, { recursive: true, force: true }));
    const shared = {
      NODE_ENV: 'test',
      DATABASE_URL: database.databaseUrl ?? '',
      ...s3.env,
      TRUST_PROXY: 'true',
      DRAW_FREE_DAILY: '50',
      MUSIC_POLL_MS: '100',
      CHANNEL_KEY_SECRET: 'the same secret on every machine, 32+ chars',
    };
    // B in this process (its database is at hand); A a real process, slow to draw, long leases.
    b = await startServer(
      loadEnv({ ...shared, DATA_DIR: database.dataDir, DRAW_OFFLINE_STEP_MS: '20', HOST: '127.0.0.1', PORT: '0' }),
      createLogger('silent'),
    );
    cleanup.push(() => b.stop(1000));
    a = await spawnServerProcess({
      ...shared,
      DATA_DIR: dirA,
      DRAW_OFFLINE_STEP_MS: '150',
      JOB_LEASE_MS: '600000',
      DRAIN_DELAY_MS: '500',
    });
    cleanup.push(() => a.stop());
    proxy = await startNginx([a.url, b.url].map((u) => Number(new URL(u).port)));
    cleanup.push(() => proxy.stop());
  }, 120_000);
  afterAll(async () => {
    for (const step of cleanup.reverse()) await step();
  });

  async function call(base: string, method: string, urlPath: string, body?: unknown, headers: Headers = {}) {
    const res = await fetch(base + urlPath, {
      method,
      headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    // biome-ignore lint/suspicious/noExplicitAny: replies are checked field by field
    return { status: res.status, body: (await res.json()) as any };
  }
  const bytesOf = async (url: string, headers: Headers = {}) => {
    const res = await fetch(url, { headers });
    return { status: res.status, type: res.headers.get('content-type'), size: (await res.arrayBuffer()).byteLength };
  };
  async function drawn(base: string, headers: Headers, id: string) {
    let last: { status: number; imageUrl: string; thumbnailsUrl: string } | undefined;
    await expect
      .poll(
        async () => {
          last = (await call(base, 'POST', '/api/sd/task', { id }, headers)).body.data;
          return last?.status;
        },
        { timeout: 30_000 },
      )
      .toBe(10);
    return last as { status: number; imageUrl: string; thumbnailsUrl: string };
  }

  it('a picture drawn through A is served through B and the proxy; a private one only to its owner', async () => {
    const [owner, other] = await quickUsers(b, 'machines-draw-', 2);
    if (!owner || !other) throw new Error('no users');
    const submit = (publicFlag: number, prompt: string) =>
      call(
        a.url,
        'POST',
        '/api/sd/submit/imagine',
        { prompt, drawRate: '1:1', drawPublicFlag: publicFlag },
        owner.headers,
      );
    const open = (await submit(1, 'a lighthouse on a cliff')).body.mjChatMessage.id as string;
    const done = await drawn(a.url, owner.headers, open);
    expect(done.imageUrl).toMatch(/^\/files\/drawings\//);
    for (const base of [b.url, proxy.url, proxy.url]) {
      for (const url of [done.imageUrl, done.thumbnailsUrl]) {
        expect(await bytesOf(base + url)).toMatchObject({ status: 200, type: 'image/webp' });
      }
    }
    // Nothing on either machine's disk: the bucket holds it.
    expect(await b.runtime.storage.size(done.imageUrl.replace('/files/', ''))).toBeGreaterThan(0);

    const closed = (await submit(2, 'a private garden')).body.mjChatMessage.id as string;
    const mine = await drawn(b.url, owner.headers, closed);
    // The owner's links are presigned bucket URLs, good from any machine.
    expect(mine.imageUrl.startsWith(`${s3.endpoint}/`)).toBe(true);
    expect((await bytesOf(mine.imageUrl)).status).toBe(200);
    const bare = `/files/${new URL(mine.imageUrl).pathname.split('/miaobi-two/')[1]}`;
    for (const base of [a.url, b.url, proxy.url]) {
      expect((await bytesOf(base + bare, other.headers)).status).toBe(404);
      expect((await call(base, 'POST', '/api/sd/task', { id: closed }, other.headers)).status).toBe(404);
    }
  }, 90_000);

  it('an avatar uploaded through B shows through A', async () => {
    const [user] = await quickUsers(b, 'machines-avatar-', 1);
    if (!user) throw new Error('no user');
    expect((await call(b.url, 'POST', '/api/user/profile', { avatar: PNG_1PX }, user.headers)).body.code).toBe(200);
    const info = await call(a.url, 'GET', '/api/user/info', undefined, user.headers);
    const avatar = info.body.data.avatarUrl as string;
    expect(avatar).toMatch(/^\/files\/avatars\//);
    expect(await bytesOf(a.url + avatar)).toMatchObject({ status: 200, type: 'image/webp' });
  });

  it('a song made through A plays through B', async () => {
    const [user] = await quickUsers(b, 'machines-song-', 1);
    if (!user) throw new Error('no user');
    const made = await call(
      a.url,
      'POST',
      '/api/music/submit',
      { mode: 'inspiration', prompt: '一首关于秋天的民谣', isPublic: true },
      user.headers,
    );
    expect(made.body.code, JSON.stringify(made.body)).toBe(1000000);
    const id = made.body.data.id as string;
    let audio = '';
    await expect
      .poll(
        async () => {
          const d = (await call(b.url, 'GET', `/api/music/detail?id=${id}`)).body.data;
          audio = d?.audioUrl ?? '';
          return d?.status;
        },
        { timeout: 60_000 },
      )
      .toBe(10);
    expect(audio).toMatch(/^\/files\/songs\//);
    expect(await bytesOf(b.url + audio)).toMatchObject({ status: 200, type: 'audio/mpeg' });
    const part = await fetch(b.url + audio, { headers: { range: 'bytes=0-99' } });
    expect(part.status).toBe(206);
    expect((await part.arrayBuffer()).byteLength).toBe(100);
  }, 90_000);

  it('SIGTERM to A mid-drawing: A goes not-ready, B finishes the drawing into the same bucket', async () => {
    const [user] = await quickUsers(b, 'machines-term-', 1);
    if (!user) throw new Error('no user');
    await b.runtime.jobs.drawing.stop();
    const id = (
      await call(a.url, 'POST', '/api/sd/submit/imagine', { prompt: 'a night train', drawRate: '1:1' }, user.headers)
    ).body.mjChatMessage.id as string;
    const row = async () => (await b.runtime.database.db.select().from(drawings).where(eq(drawings.taskId, id)))[0];
    await expect.poll(async () => (await row())?.leaseUntil?.getTime() ?? 0).toBeGreaterThan(Date.now() + 60_000);
    b.runtime.jobs.drawing.start();
    const exited = new Promise((resolve) => a.proc.once('exit', resolve));
    a.proc.kill('SIGTERM');
    await expect.poll(async () => (await fetch(`${a.url}/api/ready`)).status).toBe(503);
    await exited;
    const done = await drawn(proxy.url, user.headers, id);
    expect(await bytesOf(proxy.url + done.imageUrl)).toMatchObject({ status: 200, type: 'image/webp' });
  }, 90_000);
});
