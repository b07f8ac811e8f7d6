// Video (docs/video.md#figures): the offline engine's render time for a 5-second 720p clip, the
// delay from a video's submit to its first pushed progress on the built server, and the square's
// first page of each kind with 100,000 public items (pictures, songs and videos a third each).
import { sql } from 'drizzle-orm';
import WebSocket from 'ws';
import { openDatabase } from '../src/server/db/client';
import { users } from '../src/server/db/schema';
import { createOfflineVideoMaker } from '../src/server/providers/video/offline';
import { benchUsers } from './seed';
import { startBuiltServer } from './server';
import type { Row } from './table';

const RENDER_BUDGET_S = 30;
const PUSH_BUDGET_MS = 500;
const SQUARE_P99_BUDGET_MS = 150;
const ITEMS = 100_000;

const quantile = (xs: number[], q: number) =>
  [...xs].sort((a, b) => a - b)[Math.max(0, Math.ceil(xs.length * q) - 1)] ?? 0;

/** A 5-second 16:9 clip at 720p and 24 frames a second, on its thread, as a task makes it. */
async function measureRender(): Promise<Row> {
  const maker = createOfflineVideoMaker({ shortSide: 720, fps: 24, maxSeconds: 10 });
  const started = performance.now();
  const made = await maker.generate(
    {
      prompt: '雪夜里的小镇，灯笼缓缓升起，远处的山在月光下',
      duration: 5,
      aspect: '16:9',
      image: null,
      imageUrl: null,
    },
    { signal: new AbortController().signal, ref: null, saveRef: async () => {}, progress: async () => {} },
  );
  const seconds = (performance.now() - started) / 1000;
  return {
    name: 'offline video render (5 s, 1280×720, 24 fps)',
    value: `${seconds.toFixed(1)} s`,
    budget: `≤ ${RENDER_BUDGET_S} s`,
    ok: seconds <= RENDER_BUDGET_S,
    note: `${(made.video.length / 1024).toFixed(0)} KB MP4, 120 frames`,
  };
}

/** Submit → first progress message on the task's socket, `rounds` videos one after another (each to its end). */
async function measurePush(url: string, headers: Record<string, string>, rounds: number): Promise<Row> {
  const ms: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const started = performance.now();
    const res = await fetch(`${url}/api/video/submit`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ prompt: `bench ${i}` }),
    });
    const id = ((await res.json()) as { data: { id: string } }).data.id;
    const token = headers.authorization?.replace('Bearer ', '') ?? '';
    const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/websocket/callback?taskId=${id}&token=${token}`);
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('video not done in 60 s')), 60_000);
      ws.on('message', (data) => {
        const m = JSON.parse(data.toString()) as { data?: { id?: string; progress?: number } };
        if (m.data?.id !== id) return;
        if ((m.data.progress ?? 0) > 1 && ms.length === i) ms.push(performance.now() - started);
        // The next video waits until this one is done: one clip at a time per process would queue it.
        if ((m.data as { status?: number }).status === 10) {
          clearTimeout(timer);
          resolve();
        }
      });
    });
    ws.close();
  }
  const worst = quantile(ms, 0.99);
  return {
    name: 'video progress push (submit → first progress)',
    value: `${quantile(ms, 0.5).toFixed(0)} ms`,
    budget: `≤ ${PUSH_BUDGET_MS} ms`,
    ok: quantile(ms, 0.5) <= PUSH_BUDGET_MS,
    note: `${rounds} videos; worst ${worst.toFixed(0)} ms`,
  };
}

/** 100,000 public items straight into the database: pictures, songs and videos, a third each. */
async function seedMixed(databaseUrl: string) {
  const database = await openDatabase({ databaseUrl, dataDir: '/nonexistent' });
  const each = Math.ceil(ITEMS / 3);
  try {
    const [user] = await database.db
      .insert(users)
      .values({ email: `bench-square-${Date.now()}@example.com` })
      .returning({ id: users.id });
    const uid = user?.id ?? 0;
    await database.db.execute(sql`insert into drawings (task_id, user_id, prompt, draw_rate, draw_quality, draw_steps, seed, public_flag, status, provider, hook_token, deadline_at, image_url, thumbnails_url, finished_at)
      select 'bench' || g, ${uid}, 'bench picture ' || g, '1:1', 1, 20, g, 1, 10, 'offline', 'h' || g, now(), '/files/x.webp', '/files/x.webp', now() - g * interval '1 second' from generate_series(1, ${each}) g`);
    await database.db.execute(sql`insert into songs (task_id, user_id, mode, prompt, title, is_public, status, progress, provider, charge, deadline, audio_url, finished_at)
      select 'song_bench' || g, ${uid}, 'inspiration', 'bench', 'bench song ' || g, true, 10, 100, 'offline', 'free', now(), '/files/x.mp3', now() - g * interval '1 second' from generate_series(1, ${each}) g`);
    await database.db.execute(sql`insert into videos (task_id, user_id, mode, prompt, duration, aspect, is_public, status, progress, provider, charge, deadline, video_url, finished_at)
      select 'video_bench' || g, ${uid}, 'text', 'bench video ' || g, 5, '16:9', true, 10, 100, 'offline', 'free', now(), '/files/x.mp4', now() - g * interval '1 second' from generate_series(1, ${each}) g`);
    await database.db.execute(sql`analyze`);
  } finally {
    await database.close();
  }
}

/** Each kind's first square page rendered `rounds` times, past the page cache (a cookie other than lang). */
async function measureSquare(url: string, rounds: number): Promise<Row[]> {
  const rows: Row[] = [];
  for (const path of ['/square', '/square?kind=songs', '/square?kind=videos']) {
    const ms: number[] = [];
    for (let i = 0; i < rounds + 3; i++) {
      const started = performance.now();
      const res = await fetch(url + path, { headers: { cookie: 'bench=1' } });
      await res.text();
      if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
      // The first three plan the statements and warm the caches.
      if (i >= 3) ms.push(performance.now() - started);
    }
    const worst = quantile(ms, 0.99);
    rows.push({
      name: `square first page ${path} (${ITEMS.toLocaleString('en')} items)`,
      value: `${worst.toFixed(1)} ms`,
      budget: `p99 ≤ ${SQUARE_P99_BUDGET_MS} ms`,
      ok: worst <= SQUARE_P99_BUDGET_MS,
      note: `${rounds} renders past the page cache; p50 ${quantile(ms, 0.5).toFixed(1)} ms`,
    });
  }
  return rows;
}

export async function measureVideo(root: string, port: number, databaseUrl: string): Promise<Row[]> {
  const rows: Row[] = [await measureRender()];
  await seedMixed(databaseUrl);
  const env = {
    DATABASE_URL: databaseUrl,
    VIDEO_FREE_DAILY: '1000',
    VIDEO_OFFLINE_SHORT_SIDE: '144',
    VIDEO_OFFLINE_MAX_SECONDS: '1',
  };
  const server = await startBuiltServer(root, port, env);
  try {
    const [headers] = await benchUsers({ databaseUrl }, 1);
    rows.push(await measurePush(server.url, headers ?? {}, 10));
    rows.push(...(await measureSquare(server.url, 20)));
  } finally {
    await server.stop();
  }
  return rows;
}
