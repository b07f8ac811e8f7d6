import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { songs, users } from '../../../src/server/db/schema';
import { createUserWithToken, type TestServer } from '../helpers';
import { openSocket } from '../socket-helpers';
import { giveCompositions, inspiration, startMusicServer, waitForSong } from './music-helpers';

let srv: TestServer;
beforeAll(async () => {
  srv = await startMusicServer();
});
afterAll(() => srv?.dispose());

const give = (id: number, n: number) => giveCompositions(srv, id, n);
const balance = async (id: number) =>
  (await srv.runtime.database.db.select().from(users).where(eq(users.id, id)))[0]?.compositionsLeft;

// Owner checks first: the quota tests below queue songs the offline composer takes seconds each to finish.
describe('owner checks', () => {
  it('keeps private songs, their pushes and their controls to the owner', async () => {
    const owner = await createUserWithToken(srv, 'owner@example.com');
    const other = await createUserWithToken(srv, 'other@example.com');
    const id = (await srv.call('POST', '/api/music/submit', inspiration('安静的夜'), owner.headers)).body.data.id;
    const spy = await openSocket(srv.url, { taskId: id, token: other.token });
    expect((await spy.closed).code).toBe(4403);
    const song = await waitForSong(srv, id, owner.headers);
    for (const headers of [other.headers, {}]) {
      expect((await srv.call('GET', `/api/music/detail?id=${id}`, undefined, headers)).status).toBe(404);
    }
    expect((await srv.call('POST', '/api/music/delete', { id }, other.headers)).status).toBe(404);
    expect((await srv.call('POST', '/api/music/visibility', { id, isPublic: true }, other.headers)).status).toBe(404);
    const publicList = (await srv.call('POST', '/api/music/list/public', {})).body.data;
    expect(publicList.records.map((s: { id: string }) => s.id)).not.toContain(id);

    const made = await srv.call('POST', '/api/music/visibility', { id, isPublic: true }, owner.headers);
    expect(made.body.data.isPublic).toBe(true);
    const seen = await srv.call('GET', `/api/music/detail?id=${id}`);
    expect(seen.body.data).toMatchObject({ id, mine: false, title: song.title });
    const listed = (await srv.call('POST', '/api/music/list/public', { pageSize: 50 })).body.data;
    expect(listed.records.map((s: { id: string }) => s.id)).toContain(id);
    const mine = (await srv.call('POST', '/api/music/list/mine', {}, other.headers)).body.data;
    expect(mine.records.map((s: { id: string }) => s.id)).not.toContain(id);

    const deleted = await srv.call('POST', '/api/music/delete', { id }, owner.headers);
    expect(deleted.body.code).toBe(1000400);
    expect((await fetch(srv.url + song.audioUrl)).status).toBe(404);
    expect((await srv.call('GET', `/api/music/detail?id=${id}`, undefined, owner.headers)).status).toBe(404);
  });

  it('refuses to delete a song that is still composing', async () => {
    const u = await createUserWithToken(srv, 'hasty@example.com');
    const id = (await srv.call('POST', '/api/music/submit', inspiration('快节奏'), u.headers)).body.data.id;
    await srv.runtime.database.db.update(songs).set({ status: 2 }).where(eq(songs.taskId, id));
    const res = await srv.call('POST', '/api/music/delete', { id }, u.headers);
    expect(res.body.code).toBe(400);
  });
});

describe('composition quota', () => {
  it('uses today’s free composition first, then bought ones, then says where to buy more', async () => {
    const u = await createUserWithToken(srv, 'quota@example.com');
    await give(u.id, 1);
    const before = (await srv.call('GET', '/api/music/quota', undefined, u.headers)).body.data;
    expect(before).toMatchObject({ balance: 1, freeLimit: 1, freeLeft: 1, total: 2, cost: 1 });
    for (let i = 0; i < 2; i++) {
      const res = await srv.call('POST', '/api/music/submit', inspiration(`第 ${i} 首`), u.headers);
      expect(res.body.code).toBe(1000000);
    }
    expect(await balance(u.id)).toBe(0);
    const refused = await srv.call('POST', '/api/music/submit', inspiration('还想要一首'), u.headers);
    expect(refused.status).toBe(200);
    expect(refused.body).toMatchObject({ code: 429, data: { link: '/product?type=4', quota: { total: 0 } } });
    expect(refused.body.result).toContain('作曲包');
  });

  it('never overdraws under concurrent submits', async () => {
    const u = await createUserWithToken(srv, 'race@example.com');
    await give(u.id, 3);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => srv.call('POST', '/api/music/submit', inspiration(`并发 ${i}`), u.headers)),
    );
    const accepted = results.filter((r) => r.body.code === 1000000).length;
    expect(accepted).toBe(4);
    expect(results.filter((r) => r.body.code === 429)).toHaveLength(6);
    expect(await balance(u.id)).toBe(0);
    const quota = (await srv.call('GET', '/api/music/quota', undefined, u.headers)).body.data;
    expect(quota).toMatchObject({ balance: 0, freeUsed: 1, total: 0 });
  });

  it('needs a login', async () => {
    const res = await srv.call('POST', '/api/music/submit', inspiration('匿名'));
    expect(res.body.code).toBe(1000001);
  });

  it('rejects a submit without a description or lyrics, without charging', async () => {
    const u = await createUserWithToken(srv, 'empty@example.com');
    expect((await srv.call('POST', '/api/music/submit', inspiration('  '), u.headers)).body.code).toBe(400);
    const custom = await srv.call('POST', '/api/music/submit', { mode: 'custom', title: 'x' }, u.headers);
    expect(custom.body.code).toBe(400);
    expect((await srv.call('GET', '/api/music/quota', undefined, u.headers)).body.data.freeLeft).toBe(1);
  });
});
