import { existsSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatAttachments } from '../../../src/server/db/schema';
import { createI18n } from '../../../src/shared/i18n';
import { docxBomb, pdfBomb, pngDeclaring } from '../../fixtures/bombs';
import { upload } from '../chat/attachment-helpers';
import { createUserWithToken, startTestServer, type TestServer } from '../helpers';

// Files built to unpack to hundreds of MB or to declare huge pictures (docs/validation-and-limits.md):
// each is refused with a clear 4xx while the server keeps answering, its memory stays bounded, and
// nothing is stored. The server runs in this process, so this process's RSS includes its threads.

let srv: TestServer;
let users: Array<{ id: number; token: string; headers: Record<string, string> }>;
let docx: Buffer;
let pdf: Buffer;
const i18n = createI18n('en-US');
const t = (key: string, params?: Record<string, unknown>) => i18n.t(key, params ?? {});

beforeAll(async () => {
  srv = await startTestServer();
  users = await Promise.all(['a', 'b', 'c'].map((n) => createUserWithToken(srv, `bomb-${n}@example.com`)));
  docx = await docxBomb(250);
  pdf = await pdfBomb(330);
}, 120_000);
afterAll(async () => {
  await srv?.dispose();
});

/** Runs `work` while /api/health is asked every 100 ms and RSS is sampled every 20 ms. */
async function watched<T>(work: () => Promise<T>) {
  const rss = () => process.memoryUsage.rss();
  const before = rss();
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rss());
  }, 20);
  let running = true;
  let slowest = 0;
  let answered = 0;
  const health = (async () => {
    while (running) {
      const started = performance.now();
      const res = await fetch(`${srv.url}/api/health`);
      await res.arrayBuffer();
      if (res.ok) answered++;
      slowest = Math.max(slowest, performance.now() - started);
      await sleep(100);
    }
  })();
  const started = performance.now();
  try {
    const result = await work();
    return { result, ms: performance.now() - started, slowest, answered, growthMb: (peak - before) / 2 ** 20 };
  } finally {
    running = false;
    await health;
    clearInterval(sampler);
  }
}

const stored = async (userId: number) => ({
  rows: (
    await srv.runtime.database.db.select({ n: count() }).from(chatAttachments).where(eq(chatAttachments.userId, userId))
  )[0]?.n,
  files: existsSync(path.join(srv.runtime.env.DATA_DIR, 'files', 'chat-attachments', String(userId))),
});

function expectRefused(res: Awaited<ReturnType<typeof upload>>) {
  expect(res.status).toBe(413);
  expect(res.body.result).toBe(t('chat:attach.expands'));
}

function expectCalm(run: { ms: number; slowest: number; answered: number; growthMb: number }) {
  expect(run.ms).toBeLessThan(30_000);
  expect(run.answered).toBeGreaterThan(0);
  expect(run.slowest).toBeLessThan(1000);
  expect(run.growthMb).toBeLessThan(300);
}

describe('decompression bombs in chat attachments', () => {
  it('are small uploads that unpack to hundreds of MB', () => {
    expect(docx.length).toBeLessThan(1024 * 1024);
    expect(pdf.length).toBeLessThan(1024 * 1024);
  });

  it('refuses a DOCX unpacking to 250 MB with 413, answering health meanwhile, storing nothing', async () => {
    const [a] = users as [(typeof users)[0]];
    const run = await watched(() => upload(srv, { name: 'bomb.docx', bytes: docx }, a.token));
    expectRefused(run.result);
    expectCalm(run);
    expect(await stored(a.id)).toEqual({ rows: 0, files: false });
  }, 60_000);

  it('refuses a PDF whose content stream unpacks to 330 MB the same way', async () => {
    const [a] = users as [(typeof users)[0]];
    const run = await watched(() => upload(srv, { name: 'bomb.pdf', bytes: pdf }, a.token));
    expectRefused(run.result);
    expectCalm(run);
    expect(await stored(a.id)).toEqual({ rows: 0, files: false });
  }, 60_000);

  it('refuses two bombs at once, from two users and from one', async () => {
    const [a, b, c] = users as [(typeof users)[0], (typeof users)[0], (typeof users)[0]];
    const run = await watched(() =>
      Promise.all([
        upload(srv, { name: 'bomb.docx', bytes: docx }, b.token),
        upload(srv, { name: 'bomb.pdf', bytes: pdf }, c.token),
        upload(srv, { name: 'bomb.docx', bytes: docx }, a.token),
        upload(srv, { name: 'bomb.pdf', bytes: pdf }, a.token),
      ]),
    );
    for (const res of run.result) expectRefused(res);
    expectCalm(run);
    for (const u of [a, b, c]) expect(await stored(u.id)).toEqual({ rows: 0, files: false });
    // The process is alive and still reads an honest document.
    const ok = await upload(srv, { name: 'notes.txt', bytes: Buffer.from('still here') }, b.token);
    expect(ok.status).toBe(200);
  }, 90_000);
});

describe('pictures declaring 40000 × 40000 pixels', () => {
  const huge = pngDeclaring(40_000, 40_000);

  it('are refused as chat attachments from their header, storing nothing', async () => {
    const [, , c] = users as [(typeof users)[0], (typeof users)[0], (typeof users)[0]];
    const run = await watched(() => upload(srv, { name: 'huge.png', bytes: huge }, c.token));
    expect(run.result.status).toBe(400);
    expect(run.result.body.result).toBe(t('common:error.tooManyPixels', { max: 40 }));
    // Decoding it would take 1.6 GB.
    expect(run.growthMb).toBeLessThan(100);
    expect(await stored(c.id)).toEqual({ rows: 0, files: false });
  });

  it('are refused as an avatar, which stays unchanged', async () => {
    const [a] = users as [(typeof users)[0]];
    const res = await srv.call(
      'POST',
      '/api/user/profile',
      { avatar: `data:image/png;base64,${huge.toString('base64')}` },
      { ...a.headers, cookie: 'lang=en-US' },
    );
    expect(res.status).toBe(400);
    expect(res.body.result).toBe(t('common:error.tooManyPixels', { max: 16.7 }));
    const info = await srv.call('GET', '/api/user/info', undefined, a.headers);
    expect(info.body.data.avatarUrl ?? null).toBe(null);
  });
});
