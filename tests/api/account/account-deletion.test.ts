// Deleting an account takes its public content down with it: square pages,
// published apps, songs, and every file they used.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sitemapEntries, squarePage, squarePicture } from '../../../src/server/services/drawing/square';
import { DRAW_TEST_ENV, submit, waitForStatus } from '../drawing/draw-helpers';
import { createUserWithToken, startTestServer, type TestServer } from '../helpers';
import { inspiration, waitForSong } from '../music/music-helpers';
import { scanAndConfirm } from '../sandbox-helpers';

const PNG_1PX =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

let srv: TestServer;
let dataDir: string;
beforeAll(async () => {
  srv = await startTestServer({ ...DRAW_TEST_ENV, MUSIC_POLL_MS: '100' });
  dataDir = srv.runtime.env.DATA_DIR;
});
afterAll(() => srv?.dispose());

const status = async (url: string) => (await fetch(srv.url + url)).status;
const onDisk = (url: string) =>
  existsSync(path.join(dataDir, 'files', url.replace(/^\/files\//, '').split('?')[0] ?? ''));

describe('deleting an account', () => {
  it('removes its square pictures, published app, songs and files; caches forget them', async () => {
    const u = await createUserWithToken(srv, 'leaving@example.com');
    const stays = await createUserWithToken(srv, 'staying@example.com');
    const shown = await waitForStatus(srv, u.headers, (await submit(srv, u.headers, { prompt: '将被删除的海' })).id);
    const hidden = await waitForStatus(
      srv,
      u.headers,
      (await submit(srv, u.headers, { prompt: '私密的林', drawPublicFlag: 2 })).id,
    );
    const other = await waitForStatus(
      srv,
      stays.headers,
      (await submit(srv, stays.headers, { prompt: '留下的云' })).id,
    );
    const songId = (await srv.call('POST', '/api/music/submit', inspiration('告别的歌', { isPublic: true }), u.headers))
      .body.data.id;
    const song = await waitForSong(srv, songId, u.headers);
    const iconUrl = (await srv.call('POST', '/api/app/icon', { image: PNG_1PX }, u.headers)).body.data.iconUrl;
    const app = (
      await srv.call(
        'POST',
        '/api/app/create',
        { promptTitle: '告别助手', promptContent: 'c', iconUrl, published: true },
        u.headers,
      )
    ).body.data;
    await srv.call('POST', '/api/user/profile', { avatar: PNG_1PX }, u.headers);
    const avatarUrl = (await srv.call('GET', '/api/user/info', undefined, u.headers)).body.data.avatarUrl;

    // Before: all of it is out there (and cached in the square's pages).
    expect(await squarePicture(srv.runtime, shown.id)).not.toBeNull();
    expect((await squarePage(srv.runtime, 1)).records.map((r) => r.id)).toContain(shown.id);
    expect((await sitemapEntries(srv.runtime)).map((e) => e.id)).toContain(shown.id);
    expect((await srv.call('GET', `/api/app/detail?id=${app.id}`)).status).toBe(200);
    expect((await srv.call('GET', `/api/music/detail?id=${song.id}`)).status).toBe(200);
    for (const url of [shown.imageUrl, song.audioUrl, song.coverUrl, iconUrl, avatarUrl, hidden.imageUrl])
      expect(await status(url), url).toBe(200);

    const deleted = await srv.call('POST', '/api/user/delete', { confirm: true, password: 'secret123' }, u.headers);
    expect(deleted.body.code, JSON.stringify(deleted.body)).toBe(200);

    expect(await squarePicture(srv.runtime, shown.id)).toBeNull();
    expect((await squarePage(srv.runtime, 1)).records.map((r) => r.id)).not.toContain(shown.id);
    expect((await sitemapEntries(srv.runtime)).map((e) => e.id)).not.toContain(shown.id);
    const square = await srv.call('POST', '/api/sd/list/picture', { pageNum: 1, pageSize: 30 });
    expect(square.body.data.records.map((r: { id: string }) => r.id)).toEqual([other.id]);
    expect((await srv.call('GET', `/api/app/detail?id=${app.id}`)).status).toBe(404);
    const store = await srv.call('POST', '/api/prompt/list/all', { pageNum: 1, pageSize: 100 });
    expect(JSON.stringify(store.body.data)).not.toContain('告别助手');
    expect((await srv.call('GET', `/api/music/detail?id=${song.id}`)).status).toBe(404);
    const songs = await srv.call('POST', '/api/music/list/public', { pageSize: 50 });
    expect(JSON.stringify(songs.body.data)).not.toContain(song.id);

    const files = [
      shown.imageUrl,
      shown.thumbnailsUrl,
      hidden.imageUrl,
      song.audioUrl,
      song.coverUrl,
      iconUrl,
      avatarUrl,
    ];
    for (const url of files) {
      expect(await status(url), url).toBe(404);
      expect(onDisk(url), url).toBe(false);
    }
    // Someone else's content is untouched.
    expect(await status(other.imageUrl)).toBe(200);
    expect(await squarePicture(srv.runtime, other.id)).not.toBeNull();
    // The session is over.
    expect((await srv.call('GET', '/api/user/info', undefined, u.headers)).status).toBe(401);
    // Three drawings and a song made one after another: ~12 s on a quiet machine, more beside other suites.
  }, 60_000);
});

describe('deleting a WeChat-only account', () => {
  it('needs a fresh scan by the account’s own WeChat, used once', async () => {
    const phone = await scanAndConfirm(srv);
    const scan = (s: { qrcodeSocket: string; openId: string }) => ({ qrcodeSocket: s.qrcodeSocket, openId: s.openId });
    const login = await srv.call('POST', '/api/user/login/openid', scan(phone));
    const headers = { authorization: `Bearer ${login.body.data.token}` };
    const info = async () => srv.call('GET', '/api/user/info', undefined, headers);
    const before = (await info()).body.data;
    expect(before).toMatchObject({ hasPassword: false, wechatBound: true });

    // A session alone, the spent login QR, or someone else's WeChat: refused, nothing deleted.
    const bare = await srv.call('POST', '/api/user/delete', { confirm: true }, headers);
    expect(bare).toMatchObject({ status: 400, body: { result: '请用该账号绑定的微信扫码确认注销' } });
    const spent = await srv.call('POST', '/api/user/delete', { confirm: true, ...scan(phone) }, headers);
    expect(spent.status).toBe(400);
    const stranger = await scanAndConfirm(srv);
    const foreign = await srv.call(
      'POST',
      '/api/user/delete',
      { confirm: true, qrcodeSocket: stranger.qrcodeSocket, openId: stranger.openId },
      headers,
    );
    expect(foreign.body.result).toContain('不是该账号绑定的微信');
    const forged = await srv.call(
      'POST',
      '/api/user/delete',
      { confirm: true, qrcodeSocket: (await scanAndConfirm(srv)).qrcodeSocket, openId: phone.openId },
      headers,
    );
    expect(forged.status).toBe(400);
    expect((await info()).status).toBe(200);

    const fresh = await scanAndConfirm(srv, phone.identity);
    const deleted = await srv.call(
      'POST',
      '/api/user/delete',
      { confirm: true, qrcodeSocket: fresh.qrcodeSocket, openId: fresh.openId },
      headers,
    );
    expect(deleted.body.code, JSON.stringify(deleted.body)).toBe(200);
    expect((await info()).status).toBe(401);
    // The same WeChat later starts a new, empty account.
    const back = await scanAndConfirm(srv, phone.identity);
    const again = await srv.call('POST', '/api/user/login/openid', scan(back));
    const user = await srv.call('GET', '/api/user/info', undefined, {
      authorization: `Bearer ${again.body.data.token}`,
    });
    expect(user.body.data.baseUserId).not.toBe(before.baseUserId);
  });
});
