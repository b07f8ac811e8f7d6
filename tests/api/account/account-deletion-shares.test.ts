// Deleting an account takes its shared conversations down at once — the page,
// its picture route, the sitemap, and every process's page cache (the cache
// keeps a page a minute, so only the deletion's notice can make these polls
// pass) — and removes its chat attachments from the storage provider, local
// disk and S3 alike. The pages are the stand-ins of tests/fixtures/cached-pages.ts.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { chatAttachments } from '../../../src/server/db/schema';
import { listedShares } from '../../../src/server/services/chat/shares';
import { cachedPagesHandler } from '../../fixtures/cached-pages';
import { upload } from '../chat/attachment-helpers';
import { createUserWithToken, startTestServer, type TestServer } from '../helpers';
import { spawnServerProcess } from '../socket-helpers';
import { startS3 } from '../storage/s3-server';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const fast = { timeout: 1000, interval: 50 };

async function page(base: string, url: string) {
  const res = await fetch(base + url);
  const text = await res.text();
  return { status: res.status, render: Number(/data-render="(\d+)"/.exec(text)?.[1] ?? 0), text };
}

/** Asks until the page comes from the cache (the same render twice running); answers that page. */
async function cached(base: string, url: string) {
  let last = await page(base, url);
  await expect
    .poll(async () => {
      const next = await page(base, url);
      const same = next.render === last.render;
      last = next;
      return same;
    }, fast)
    .toBe(true);
  return last;
}

/** A user with one uploaded picture and a listed share naming it. */
async function sharer(srv: TestServer, email: string, title: string) {
  const user = await createUserWithToken(srv, email);
  const up = await upload(srv, { name: 'pic.png', bytes: PNG, type: 'image/png' }, user.token);
  expect(up.status, JSON.stringify(up.body)).toBe(200);
  const picture = up.body.data as { id: string };
  const [row] = await srv.runtime.database.db
    .select({ storageKey: chatAttachments.storageKey })
    .from(chatAttachments)
    .where(eq(chatAttachments.id, picture.id));
  if (!row) throw new Error('attachment not stored');
  const messages = [
    { id: 'q', dateTime: 1, inversion: true, text: `${title}?`, attachments: [picture] },
    { id: 'a', dateTime: 2, inversion: false, text: `${title}.` },
  ];
  const created = await srv.call('POST', '/api/chat/shares', { conversationUuid: 7, title, messages }, user.headers);
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const id = created.body.data.id as string;
  expect((await srv.call('PATCH', `/api/chat/shares/${id}`, { listed: true }, user.headers)).status).toBe(200);
  return { user, id, key: row.storageKey, file: `/api/chat/shares/${id}/files/${picture.id}` };
}

const deleteAccount = async (srv: TestServer, headers: Record<string, string>) => {
  const res = await srv.call('POST', '/api/user/delete', { confirm: true, password: 'secret123' }, headers);
  expect(res.body.code, JSON.stringify(res.body)).toBe(200);
};

describe('deleting an account with shared conversations', () => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startTestServer({}, undefined, cachedPagesHandler());
  });
  afterAll(() => srv?.dispose());

  it('answers 404 for its shares at once, cached page included; drops them from the sitemap; removes its files', async () => {
    const leaving = await sharer(srv, 'share-leaving@example.com', '离开的分享');
    const staying = await sharer(srv, 'share-staying@example.com', '留下的分享');
    const shown = await cached(srv.url, `/share/${leaving.id}`);
    expect(shown).toMatchObject({ status: 200, text: expect.stringContaining('离开的分享') });
    expect((await fetch(srv.url + leaving.file)).status).toBe(200);
    expect((await listedShares(srv.runtime)).map((s) => s.id)).toContain(leaving.id);
    const onDisk = path.join(srv.runtime.env.DATA_DIR, 'files', leaving.key);
    expect(existsSync(onDisk)).toBe(true);

    await deleteAccount(srv, leaving.user.headers);

    await expect.poll(async () => (await page(srv.url, `/share/${leaving.id}`)).status, fast).toBe(404);
    expect((await fetch(srv.url + leaving.file)).status).toBe(404);
    expect((await listedShares(srv.runtime)).map((s) => s.id)).not.toContain(leaving.id);
    expect(existsSync(onDisk)).toBe(false);
    expect(await srv.runtime.storage.size(leaving.key)).toBeNull();
    const rows = await srv.runtime.database.db
      .select()
      .from(chatAttachments)
      .where(eq(chatAttachments.userId, leaving.user.id));
    expect(rows).toEqual([]);
    // Someone else's share, picture and listing stay.
    expect((await page(srv.url, `/share/${staying.id}`)).status).toBe(200);
    expect((await fetch(srv.url + staying.file)).status).toBe(200);
    expect((await listedShares(srv.runtime)).map((s) => s.id)).toContain(staying.id);
  });
});

describe.skipIf(!inject('postgresUrl'))('deleting an account, seen by another process', () => {
  let one: TestServer;
  let two: Awaited<ReturnType<typeof spawnServerProcess>>;
  beforeAll(async () => {
    one = await startTestServer({}, undefined, cachedPagesHandler());
    const env = one.runtime.env;
    two = await spawnServerProcess(
      { NODE_ENV: 'test', DATABASE_URL: env.DATABASE_URL ?? '', DATA_DIR: env.DATA_DIR },
      'page-server',
    );
  }, 60_000);
  afterAll(async () => {
    await two?.stop();
    await one?.dispose();
  });

  it('drops the share from the other process’s page cache within a second', async () => {
    const leaving = await sharer(one, 'share-elsewhere@example.com', '别处缓存的分享');
    expect((await cached(two.url, `/share/${leaving.id}`)).status).toBe(200);

    await deleteAccount(one, leaving.user.headers);

    await expect.poll(async () => (await page(two.url, `/share/${leaving.id}`)).status, fast).toBe(404);
    expect((await fetch(two.url + leaving.file)).status).toBe(404);
  });
});

describe('deleting an account, files in S3', () => {
  let s3: Awaited<ReturnType<typeof startS3>>;
  let srv: TestServer;
  beforeAll(async () => {
    s3 = await startS3();
    srv = await startTestServer(s3.env);
  });
  afterAll(async () => {
    await srv?.dispose();
    await s3?.close();
  });

  it('removes its chat attachments from the bucket', async () => {
    const leaving = await sharer(srv, 'share-s3@example.com', '桶里的分享');
    expect(srv.runtime.storage.mode).toBe('s3');
    expect(await srv.runtime.storage.size(leaving.key)).toBe(PNG.length);
    await deleteAccount(srv, leaving.user.headers);
    expect(await srv.runtime.storage.size(leaving.key)).toBeNull();
    expect((await fetch(srv.url + leaving.file)).status).toBe(404);
  });
});
