// A shared conversation in the reports flow (docs/chat.md#sharing): reported like any public
// item, taken down from the console's queue, restored. The other kinds: reports.test.ts.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentReports } from '../../../src/server/db/schema';
import { listedShares, readShare } from '../../../src/server/services/chat/shares';
import { makeStaff, type Staff } from '../admin/admin-helpers';
import { createUserWithToken, startTestServer, type TestServer } from '../helpers';
import { act, report } from './moderation-helpers';

let srv: TestServer;
let operator: Staff;
beforeAll(async () => {
  srv = await startTestServer({ TRUST_PROXY: 'true' });
  operator = await makeStaff(srv, 'moderator@example.com', 'operator');
}, 60_000);
afterAll(() => srv?.dispose());

const rows = (itemId: string) =>
  srv.runtime.database.db.select().from(contentReports).where(eq(contentReports.itemId, itemId));
const queue = async (state = 'open') =>
  (await srv.call('GET', `/api/admin/reports?state=${state}`, undefined, { cookie: operator.cookie })).body.data;

describe('reports of a shared conversation', { timeout: 90_000 }, () => {
  it('takes a shared conversation down: its page answers 410, the sitemap drops it, its owner is told', async () => {
    const owner = await createUserWithToken(srv, 'sharer@example.com');
    const made = await srv.call(
      'POST',
      '/api/chat/shares',
      {
        conversationUuid: 7,
        title: '违规分享',
        messages: [
          { id: 'q', dateTime: 1, inversion: true, text: '问' },
          { id: 'a', dateTime: 2, inversion: false, text: '答' },
        ],
      },
      owner.headers,
    );
    const id = made.body.data.id as string;
    await srv.call('PATCH', `/api/chat/shares/${id}`, { listed: true }, owner.headers);
    const listed = async () => (await listedShares(srv.runtime)).map((s) => s.id);
    expect(await listed()).toContain(id);

    // Visitors report it like any public item; a made-up share id is 404.
    expect((await report(srv, { kind: 'share', id, reason: 'illegal' }, { ip: '10.0.9.1' })).body.code).toBe(200);
    expect(
      (await report(srv, { kind: 'share', id: 'x'.repeat(24), reason: 'illegal' }, { ip: '10.0.9.1' })).status,
    ).toBe(404);
    expect((await queue()).records.find((r: { id: string }) => r.id === id)).toMatchObject({
      kind: 'share',
      title: '违规分享',
      // Moderators read what was shared in the queue, even once it is taken down.
      text: '违规分享\n问\n答',
      href: `/share/${id}`,
      author: { id: owner.id },
      openReports: 1,
    });

    expect((await act(srv, operator.cookie, 'share', id, 'hide')).body.data.applied).toBe(true);
    expect((await readShare(srv.runtime.database.db, id)).kind).toBe('takenDown');
    expect(await listed()).not.toContain(id);
    expect((await report(srv, { kind: 'share', id, reason: 'illegal' }, { ip: '10.0.9.2' })).status).toBe(404);
    expect((await queue('hidden')).records.find((r: { id: string }) => r.id === id)).toMatchObject({
      kind: 'share',
      review: 'hidden',
      text: '违规分享\n问\n答',
    });
    expect((await rows(id)).every((r) => r.outcome === 'hidden' && r.closedAt)).toBe(true);
    const notices = await srv.call('POST', '/api/notice/mine', undefined, owner.headers);
    expect(notices.body.data.map((n: { content: string }) => n.content)).toContain(
      '你分享的对话「违规分享」因违反社区规范已被下架，分享链接已失效。',
    );
    // The owner's share list says so.
    const mine = async () =>
      (await srv.call('GET', '/api/chat/shares', undefined, owner.headers)).body.data.records.find(
        (r: { id: string }) => r.id === id,
      );
    expect(await mine()).toMatchObject({ takenDown: true });

    expect((await act(srv, operator.cookie, 'share', id, 'restore')).body.data.applied).toBe(true);
    expect((await readShare(srv.runtime.database.db, id)).kind).toBe('live');
    expect(await listed()).toContain(id);
    expect(await mine()).toMatchObject({ takenDown: false });
  });
});
