import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { chatAttachments, chatShares } from '../../../src/server/db/schema';
import { shareView } from '../../../src/server/services/chat/share-view';
import { readShare, shownShare } from '../../../src/server/services/chat/shares';
import { invalidatePages, PAGES_CHANNEL } from '../../../src/server/services/pages/channel';
import { createUserWithToken, startTestServer, type TestServer } from '../helpers';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

describe('sharing a conversation', () => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startTestServer();
  });
  afterAll(async () => {
    await srv?.dispose();
  });

  async function attachment(userId: number, id: string, kind: 'image' | 'document' = 'image') {
    const key = `chat/${userId}/${id}.png`;
    await srv.runtime.storage.put(key, PNG);
    await srv.runtime.database.db
      .insert(chatAttachments)
      .values({ id, userId, kind, name: `${id}.png`, mime: 'image/png', size: PNG.length, storageKey: key });
    return { id, kind, name: `${id}.png`, mime: 'image/png', size: PNG.length };
  }

  const messages = (pic: object) => [
    { id: 'q1', dateTime: 1, inversion: true, text: 'What is <b>量子计算</b>?', attachments: [pic] },
    {
      id: 'a1',
      dateTime: 2,
      inversion: false,
      text: '**Quantum computing** uses qubits.\n\n<script>alert(1)</script><img src=x onerror=alert(2)>',
      reasoning: 'Think about *qubits* first.',
      thinkMs: 2400,
      model: 'demo',
      variants: [{ text: 'an older answer never shared' }],
      variant: 1,
    },
  ];

  it('renders a snapshot on the server: markdown, reasoning, no raw HTML, no variants; noindex until listed', async () => {
    const owner = await createUserWithToken(srv, 'share-owner@example.com');
    const pic = await attachment(owner.id, 'pic1');
    const made = await srv.call(
      'POST',
      '/api/chat/shares',
      { conversationUuid: 1002, title: 'Qubits', messages: messages(pic) },
      owner.headers,
    );
    expect(made.body.code).toBe(200);
    const { id, url, listed } = made.body.data;
    expect(id).toMatch(/^[A-Za-z0-9_-]{16,}$/);
    expect(url).toBe(`/share/${id}`);
    expect(listed).toBe(false);

    const state = await readShare(srv.runtime.database.db, id);
    if (state.kind !== 'live') throw new Error('share not live');
    expect(state.share.description).toMatch(/^Quantum computing uses qubits/);
    expect(JSON.stringify(state.share.messages)).not.toContain('older answer');
    const view = shareView(state.share, { copyCode: 'copy' });
    const [question, answer] = view.messages;
    expect(question?.html).toBe('What is &lt;b&gt;量子计算&lt;/b&gt;?');
    expect(question?.images).toEqual([{ url: `/api/chat/shares/${id}/files/pic1`, name: 'pic1.png', aigc: null }]);
    expect(answer?.html).toContain('<strong>Quantum computing</strong>');
    expect(answer?.html).not.toMatch(/<script|<img/);
    expect(answer?.html).toContain('&lt;script&gt;');
    expect(answer?.reasoningHtml).toContain('<em>qubits</em>');
    expect(answer?.thinkSeconds).toBe(2);
    expect(view.listed).toBe(false);

    const patched = await srv.call('PATCH', `/api/chat/shares/${id}`, { listed: true }, owner.headers);
    expect(patched.body.data.listed).toBe(true);
    const again = await readShare(srv.runtime.database.db, id);
    expect(again.kind === 'live' && shareView(again.share, { copyCode: 'c' }).listed).toBe(true);
  });

  it("serves only the snapshot's pictures, and after revoke the page is gone (410) and its files 404", async () => {
    const owner = await createUserWithToken(srv, 'share-files@example.com');
    const other = await createUserWithToken(srv, 'share-stranger@example.com');
    const pic = await attachment(owner.id, 'pic2');
    await attachment(owner.id, 'private2');
    const theirs = await attachment(other.id, 'theirs2');
    const body = { conversationUuid: 7, title: 'Files', messages: [...messages(pic), ...messages(theirs)] };
    const { id } = (await srv.call('POST', '/api/chat/shares', body, owner.headers)).body.data;

    const file = await fetch(`${srv.url}/api/chat/shares/${id}/files/pic2`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await file.arrayBuffer()).equals(PNG)).toBe(true);
    // The owner's other private picture is not in the snapshot; another user's is named but not the owner's.
    expect((await fetch(`${srv.url}/api/chat/shares/${id}/files/private2`)).status).toBe(404);
    expect((await fetch(`${srv.url}/api/chat/shares/${id}/files/theirs2`)).status).toBe(404);
    expect((await fetch(`${srv.url}/api/chat/shares/nosuchshare00000000/files/pic2`)).status).toBe(404);

    // A stranger can neither list, list publicly nor revoke it.
    expect((await srv.call('GET', '/api/chat/shares', undefined, other.headers)).body.data.records).toEqual([]);
    expect((await srv.call('PATCH', `/api/chat/shares/${id}`, { listed: true }, other.headers)).status).toBe(404);
    expect((await srv.call('DELETE', `/api/chat/shares/${id}`, undefined, other.headers)).status).toBe(404);
    expect((await srv.call('GET', '/api/chat/shares')).body.code).toBe(1000001);
    const listed = await srv.call('GET', '/api/chat/shares', undefined, owner.headers);
    expect(listed.body.data.records.map((s: { id: string }) => s.id)).toEqual([id]);

    expect((await srv.call('DELETE', `/api/chat/shares/${id}`, undefined, owner.headers)).body.code).toBe(200);
    expect((await readShare(srv.runtime.database.db, id)).kind).toBe('revoked');
    expect((await readShare(srv.runtime.database.db, 'unknownunknown0000')).kind).toBe('missing');
    expect((await fetch(`${srv.url}/api/chat/shares/${id}/files/pic2`)).status).toBe(404);
    expect((await srv.call('GET', '/api/chat/shares', undefined, owner.headers)).body.data.records).toEqual([]);
    expect((await srv.call('DELETE', `/api/chat/shares/${id}`, undefined, owner.headers)).status).toBe(404);
  });

  it('refuses visitors, empty and oversized snapshots, and caps live shares', async () => {
    const user = await createUserWithToken(srv, 'share-limits@example.com');
    const msg = { id: 'm', dateTime: 1, inversion: true, text: 'hi' };
    expect(
      (await srv.call('POST', '/api/chat/shares', { conversationUuid: 1, title: 't', messages: [msg] })).body.code,
    ).toBe(1000001);
    const empty = await srv.call(
      'POST',
      '/api/chat/shares',
      { conversationUuid: 1, title: 't', messages: [] },
      user.headers,
    );
    expect(empty.status).toBe(400);
    const big = { ...msg, text: 'x'.repeat(31_000) };
    const huge = await srv.call(
      'POST',
      '/api/chat/shares',
      { conversationUuid: 1, title: 't', messages: Array.from({ length: 20 }, (_, i) => ({ ...big, id: `m${i}` })) },
      user.headers,
    );
    expect(huge.status).toBe(413);
  });

  it("keeps the page's read of a share until a change is announced, and never an unknown id", async () => {
    const owner = await createUserWithToken(srv, 'share-kept@example.com');
    const pic = await attachment(owner.id, 'kept1');
    const made = await srv.call(
      'POST',
      '/api/chat/shares',
      { conversationUuid: 3, title: 'kept', messages: messages(pic) },
      owner.headers,
    );
    const id: string = made.body.data.id;
    const title = async () => {
      const state = await shownShare(srv.runtime, id);
      return state.kind === 'live' ? state.share.title : state.kind;
    };
    // The cache keeps nothing until it listens, which its first read starts; and making the share announced it,
    // a NOTIFY that comes back to this process too (on PostgreSQL a moment later) and drops the caches again.
    expect(await title()).toBe('kept');
    await pagesNotified(srv);
    expect(await title()).toBe('kept');
    // A write that announces nothing (no service writes so) is not read again: the page's read is kept...
    const db = srv.runtime.database.db;
    await db.update(chatShares).set({ title: 'changed unannounced' }).where(eq(chatShares.id, id));
    expect(await title()).toBe('kept');
    // ...until a change is announced on the pages channel, by this process or another (as moderation does).
    await invalidatePages(srv.runtime);
    await vi.waitFor(async () => expect(await title()).toBe('changed unannounced'));
    // The owner's own changes are seen at once.
    expect((await srv.call('DELETE', `/api/chat/shares/${id}`, undefined, owner.headers)).body.code).toBe(200);
    expect(await title()).toBe('revoked');

    // An unknown id is read each time: it may not fill the cache, and a share made later is found.
    const unknown = 'unknownunknown0001';
    expect((await shownShare(srv.runtime, unknown)).kind).toBe('missing');
    await db
      .insert(chatShares)
      .values({ id: unknown, userId: owner.id, conversationUuid: 4, title: 'late', description: '', messages: [] });
    expect((await shownShare(srv.runtime, unknown)).kind).toBe('live');
  });
});

/**
 * Resolves once this process listens on the pages channel for every cache that asked to so far and every
 * notification sent on it so far has reached them: a LISTEN and a NOTIFY of our own after theirs, which
 * come back in order.
 */
async function pagesNotified(srv: TestServer): Promise<void> {
  const { notifier } = srv.runtime.database;
  const marker = `marker-${Math.random()}`;
  const { promise: arrived, resolve } = Promise.withResolvers<void>();
  await notifier.listen(PAGES_CHANNEL, (payload) => payload === marker && resolve());
  await notifier.publish(PAGES_CHANNEL, marker);
  await arrived;
}

describe('share limits', () => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startTestServer({ CHAT_SHARES_MAX: '2', CHAT_SHARES_PER_HOUR: '4' });
  });
  afterAll(async () => {
    await srv?.dispose();
  });

  it('keeps at most CHAT_SHARES_MAX live shares and CHAT_SHARES_PER_HOUR creations', async () => {
    const user = await createUserWithToken(srv, 'share-cap@example.com');
    const body = { conversationUuid: 1, title: 't', messages: [{ id: 'm', dateTime: 1, inversion: true, text: 'hi' }] };
    const share = () => srv.call('POST', '/api/chat/shares', body, user.headers);
    const first = (await share()).body.data.id;
    expect((await share()).body.code).toBe(200);
    const third = await share();
    expect(third.status).toBe(403);
    expect(third.body.result).toContain('2');
    await srv.call('DELETE', `/api/chat/shares/${first}`, undefined, user.headers);
    expect((await share()).body.code).toBe(200);
    expect((await share()).status).toBe(429);
  });
});
