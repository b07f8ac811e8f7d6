// A takedown on one server process applies on a second process on the same
// PostgreSQL within a second: its cached square pages (the sitemap and the
// pages' HTML are derived from the same cache) and its file access forget the
// picture over NOTIFY (their safety-net expiry is five minutes, so only the
// notification can make the polls below pass).
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sitemapEntries } from '../../../src/server/services/drawing/square';
import { makeStaff, type Staff } from '../admin/admin-helpers';
import { DRAW_TEST_ENV } from '../drawing/draw-helpers';
import { createUserWithToken, startTestServer, type TestServer } from '../helpers';
import { spawnServerProcess } from '../socket-helpers';
import { act, publicPicture } from './moderation-helpers';

describe.skipIf(!inject('postgresUrl'))('a takedown across processes', () => {
  let one: TestServer;
  let two: Awaited<ReturnType<typeof spawnServerProcess>>;
  let operator: Staff;

  beforeAll(async () => {
    one = await startTestServer(DRAW_TEST_ENV);
    const env = one.runtime.env;
    two = await spawnServerProcess({
      NODE_ENV: 'test',
      DATABASE_URL: env.DATABASE_URL ?? '',
      DATA_DIR: env.DATA_DIR,
      ...DRAW_TEST_ENV,
    });
    operator = await makeStaff(one, 'scale-moderator@example.com', 'operator');
  }, 60_000);
  afterAll(async () => {
    await two?.stop();
    await one?.dispose();
  });

  const squareOnTwo = async () => {
    const res = await fetch(`${two.url}/api/sd/list/picture`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ pageNum: 1, pageSize: 30 }),
    });
    return ((await res.json()) as { data: { records: Array<{ id: string }> } }).data.records.map((r) => r.id);
  };
  const fileOnTwo = async (url: string) => (await fetch(two.url + url)).status;
  const sitemapOnOne = async () => (await sitemapEntries(one.runtime)).map((e) => e.id);
  const fast = { timeout: 1000, interval: 50 };

  it('drops the picture from the other process’s square and files, and brings it back on restore', async () => {
    const author = await createUserWithToken(one, 'scale-painter@example.com');
    const picture = await publicPicture(one, author.headers, '两台服务器上的山');
    // Both processes have read (and cached) it before the takedown.
    await expect.poll(squareOnTwo).toContain(picture.id);
    expect(await fileOnTwo(picture.imageUrl)).toBe(200);
    expect(await sitemapOnOne()).toContain(picture.id);

    const reported = await fetch(`${two.url}/api/report`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ kind: 'drawing', id: picture.id, reason: 'illegal' }),
    });
    expect(reported.status).toBe(200);
    expect((await act(one, operator.cookie, 'drawing', picture.id, 'hide')).body.data.applied).toBe(true);

    await expect.poll(squareOnTwo, fast).not.toContain(picture.id);
    await expect.poll(() => fileOnTwo(picture.imageUrl), fast).toBe(404);
    expect(await sitemapOnOne()).not.toContain(picture.id);

    expect((await act(one, operator.cookie, 'drawing', picture.id, 'restore')).body.data.applied).toBe(true);
    await expect.poll(squareOnTwo, fast).toContain(picture.id);
    await expect.poll(() => fileOnTwo(picture.imageUrl), fast).toBe(200);
  });
});
