// kill -9 of a server process while it composes a song (and draws a
// picture, once the drawing API is wired): after a restart both finish, once,
// and the files on disk are exactly the ones the finished rows point at.
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Database, openDatabase } from '../../../src/server/db/client';
import { createSession } from '../../../src/server/db/queries/sessions';
import { drawings, songs, users } from '../../../src/server/db/schema';
import { createLocalStorage } from '../../../src/server/providers/storage';
import { sourceKeyOf } from '../../../src/server/services/drawing/store';
import { createTestDatabase, until } from '../helpers';
import { spawnServerProcess } from '../socket-helpers';

const onPostgres = inject('postgresUrl') !== null;
// A crashed worker cannot hand its task back: the next one takes it when the lease runs out
// (JOB_LEASE_MS, short here so the wait is seconds; renewed every third of it while the task runs).
const RESUME_WITHIN_MS = 75_000;

function filesUnder(dir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names.flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

describe.skipIf(!onPostgres)('kill -9 during tasks', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let db: Database;
  let env: Record<string, string>;
  let headers: Record<string, string>;
  let server: Awaited<ReturnType<typeof spawnServerProcess>> | undefined;

  beforeAll(async () => {
    database = await createTestDatabase();
    env = {
      NODE_ENV: 'test',
      DATABASE_URL: database.databaseUrl ?? '',
      DATA_DIR: database.dataDir,
      MUSIC_POLL_MS: '100',
      MUSIC_FREE_DAILY: '5',
      DRAW_OFFLINE_STEP_MS: '400',
      DRAW_FREE_DAILY: '5',
      JOB_LEASE_MS: '3000',
    };
    server = await spawnServerProcess(env);
    db = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: database.dataDir });
    const [user] = await db.db.insert(users).values({ email: 'kill-restart@example.com' }).returning();
    if (!user) throw new Error('no user');
    headers = { authorization: `Bearer ${await createSession(db.db, { userId: user.id })}` };
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    await db?.close();
    await database?.drop();
  });

  async function post(urlPath: string, body: unknown) {
    const res = await fetch(`${server?.url}${urlPath}`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    // biome-ignore lint/suspicious/noExplicitAny: replies are checked field by field
    return (await res.json()) as any;
  }

  it('both finish after a restart, and no file is left orphaned', async () => {
    const doc = (await (await fetch(`${server?.url}/api/openapi.json`)).json()) as { paths: Record<string, unknown> };
    const drawingWired = '/api/sd/submit/imagine' in doc.paths;

    const song = await post('/api/music/submit', { mode: 'inspiration', prompt: '一首关于雨夜的安静民谣' });
    expect(song.code, JSON.stringify(song)).toBe(1000000);
    const songId = song.data.id as string;
    const drawId = drawingWired
      ? ((await post('/api/sd/submit/imagine', { prompt: '雨夜的街灯', drawSteps: 30 })).mjChatMessage.id as string)
      : null;

    // Kill while both are under way: claimed by this process, not finished.
    const running = (status: number | undefined) => status !== undefined && status > 1 && status < 10;
    const songRow = async () => (await db.db.select().from(songs).where(eq(songs.taskId, songId)))[0];
    const drawRow = async () =>
      drawId ? (await db.db.select().from(drawings).where(eq(drawings.taskId, drawId)))[0] : undefined;
    await until(
      'both tasks to start',
      async () => {
        const s = await songRow();
        const d = await drawRow();
        return running(s?.status) && (!drawId || running(d?.status)) ? true : undefined;
      },
      20_000,
    );
    server?.proc.kill('SIGKILL');
    await new Promise((r) => server?.proc.once('exit', r));
    const killedAt = Date.now();
    expect(running((await songRow())?.status)).toBe(true);

    server = await spawnServerProcess(env);
    const finished = await until(
      'both tasks to finish after the restart',
      async () => {
        const s = await songRow();
        const d = await drawRow();
        return (s?.status ?? 0) >= 10 && (!drawId || (d?.status ?? 0) >= 10) ? { s, d } : undefined;
      },
      RESUME_WITHIN_MS,
    );
    expect(finished.s?.status, finished.s?.error ?? '').toBe(10);
    if (drawId) expect(finished.d?.status).toBe(10);
    expect(Date.now() - killedAt).toBeLessThan(RESUME_WITHIN_MS);

    // Every stored file belongs to a finished row, and every row's file is there.
    const rows = [finished.s, finished.d].filter(Boolean);
    const referenced = new Set(
      rows
        .flatMap((row) => JSON.stringify(row).match(/\/files\/[^"?]+/g) ?? [])
        .map((u) => u.replace(/^\/files\//, '')),
    );
    // A picture's unlabelled original is kept privately beside it, under a name its row implies.
    const source = sourceKeyOf(finished.d?.imageUrl ?? null);
    if (source) referenced.add(source);
    expect(referenced.size).toBeGreaterThan(0);
    const root = path.join(database.dataDir, 'files');
    const onDisk = filesUnder(root).map((f) => path.relative(root, f));
    expect(onDisk.sort()).toEqual([...referenced].sort());
    // The private song's file needs a signed URL; one made here works, as the secret lives in DATA_DIR.
    const storage = createLocalStorage(database.dataDir);
    for (const url of referenced)
      expect((await fetch(server.url + (await storage.signUrl(`/files/${url}`)))).status).toBe(200);
  }, 120_000);
});
