import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAudit, apps } from '../../../src/server/db/schema';
import { makeStaff, requestId, type Staff } from '../admin/admin-helpers';
import { ask, startChatServer } from '../chat/chat-helpers';
import { readEvents, type SseEvent } from '../chat/fake-openai';
import { createUserWithToken, type TestServer } from '../helpers';
import { addAndSettle, createBase, en, type Member } from '../knowledge/knowledge-helpers';

// An app carrying its author's knowledge base (docs/knowledge.md#an-apps-base): the author picks
// one of their own bases; whoever chats with the app gets its passages cited, never its files.

const HANDBOOK =
  '## 报销\n\n差旅费用须在出差结束后三十天内提交报销单。\n\n## 年假\n\n员工入职满一年后每年享有十天带薪年假。';
const QUESTION = '差旅报销要在多少天内提交？';

const citationsOf = (events: SseEvent[]) => events.find((e) => e.event === 'citations')?.data.items ?? [];

let srv: TestServer;
let alice: Member;
let bob: Member;
let admin: Staff;
let base: number;

const appBody = (over: object = {}) => ({
  promptTitle: '报销助手',
  promptContent: '你是公司的报销助手。',
  promptDescription: '回答报销制度',
  iconUrl: 'emoji:📚',
  published: true,
  ...over,
});

async function createApp(who: Member, body: object) {
  return srv.call('POST', '/api/app/create', body, en(who));
}

beforeAll(async () => {
  srv = await startChatServer({ CHAT_FREE_DAILY: '100' });
  alice = await createUserWithToken(srv, 'app-kb-alice@example.com');
  bob = await createUserWithToken(srv, 'app-kb-bob@example.com');
  admin = await makeStaff(srv, 'app-kb-admin@example.com', 'admin');
  base = (await createBase(srv, alice, '员工手册')).id;
  expect((await addAndSettle(srv, alice, base, { name: '制度.md', bytes: HANDBOOK })).status).toBe('ready');
}, 120_000);
afterAll(() => srv?.dispose());

describe("an app's knowledge base", () => {
  it("is searched for anyone chatting with the app, cited without the base's ids; its files stay the author's", async () => {
    const made = await createApp(alice, appBody({ knowledgeBaseId: base }));
    expect(made.status).toBe(200);
    expect(made.body.data.knowledgeBaseId).toBe(base);
    const appId = made.body.data.id as number;
    for (const headers of [bob.headers, {}]) {
      const events = await readEvents(await ask(srv, { prompt: QUESTION, appId }, headers));
      const [first] = citationsOf(events);
      expect(first).toMatchObject({ n: 1, kind: 'knowledge', title: '制度.md' });
      expect(first.text).toContain('三十天内提交报销单');
      expect(first.baseId).toBeUndefined();
      expect(first.fileId).toBeUndefined();
      expect(events.at(-1)?.event).toBe('done');
    }
    // Read-only to others: the base's files, search and the base itself answer 404.
    expect((await srv.call('GET', `/api/knowledge/bases/${base}/files`, undefined, bob.headers)).status).toBe(404);
    // Without the app, the same question finds nothing.
    const plain = await readEvents(await ask(srv, { prompt: QUESTION }, bob.headers));
    expect(citationsOf(plain)).toEqual([]);
  });

  it("refuses another person's base (404, nothing saved); null detaches, leaving it out keeps", async () => {
    const refused = await createApp(bob, appBody({ knowledgeBaseId: base }));
    expect(refused.status).toBe(404);
    expect(refused.body.result).toMatch(/knowledge base/i);
    expect((await srv.call('GET', '/api/app/mine', undefined, bob.headers)).body.data.records).toEqual([]);
    const own = (await createApp(bob, appBody())).body.data;
    expect(own.knowledgeBaseId).toBeNull();
    const update = await srv.call(
      'POST',
      '/api/app/update',
      { id: own.id, ...appBody({ knowledgeBaseId: base }) },
      en(bob),
    );
    expect(update.status).toBe(404);
    const [row] = await srv.runtime.database.db.select().from(apps).where(eq(apps.id, own.id));
    expect(row?.knowledgeBaseId).toBeNull();

    const mine = (await createApp(alice, appBody({ knowledgeBaseId: base }))).body.data;
    const kept = await srv.call(
      'POST',
      '/api/app/update',
      { id: mine.id, ...appBody({ promptTitle: '新名' }) },
      alice.headers,
    );
    expect(kept.body.data.knowledgeBaseId).toBe(base);
    const off = await srv.call(
      'POST',
      '/api/app/update',
      { id: mine.id, ...appBody({ knowledgeBaseId: null }) },
      alice.headers,
    );
    expect(off.body.data.knowledgeBaseId).toBeNull();
    expect(citationsOf(await readEvents(await ask(srv, { prompt: QUESTION, appId: mine.id }, bob.headers)))).toEqual(
      [],
    );
  });

  it("a draft's base serves only its author; deleting the base detaches it from the app", async () => {
    const other = (await createBase(srv, alice, '临时')).id;
    await addAndSettle(srv, alice, other, { name: '临时.md', bytes: HANDBOOK });
    const draft = (await createApp(alice, appBody({ published: false, knowledgeBaseId: other }))).body.data;
    expect(citationsOf(await readEvents(await ask(srv, { prompt: QUESTION, appId: draft.id }, bob.headers)))).toEqual(
      [],
    );
    const hers = citationsOf(await readEvents(await ask(srv, { prompt: QUESTION, appId: draft.id }, alice.headers)));
    // The author's own base keeps its ids in the citation.
    expect(hers[0]).toMatchObject({ title: '临时.md', baseId: other });
    expect((await srv.call('DELETE', `/api/knowledge/bases/${other}`, undefined, alice.headers)).status).toBe(200);
    const after = await srv.call('GET', `/api/app/detail?id=${draft.id}`, undefined, alice.headers);
    expect(after.body.data.knowledgeBaseId).toBeNull();
    expect(citationsOf(await readEvents(await ask(srv, { prompt: QUESTION, appId: draft.id }, alice.headers)))).toEqual(
      [],
    );
  });

  it("console: a built-in app carries an admin's base only; a repeated request acts once", async () => {
    const listed = await srv.call('GET', '/api/admin/knowledge/apps', undefined, { cookie: admin.cookie });
    expect(listed.status).toBe(200);
    const builtin = listed.body.data.apps[0] as { id: number; knowledgeBaseId: number | null };
    expect(builtin.knowledgeBaseId).toBeNull();
    const set = (baseId: number | null, id = requestId()) =>
      srv.call('POST', `/api/admin/knowledge/apps/${builtin.id}`, { baseId, requestId: id }, { cookie: admin.cookie });
    // Alice is no admin: her base is refused like one that does not exist.
    const refused = await set(base);
    expect(refused.status).toBe(404);
    expect(
      (await srv.call('GET', '/api/admin/knowledge/apps', undefined, { cookie: admin.cookie })).body.data.apps[0],
    ).toMatchObject({ knowledgeBaseId: null });
    const adminBase = (await createBase(srv, admin, '官方资料')).id;
    await addAndSettle(srv, admin, adminBase, { name: '官方.md', bytes: HANDBOOK });
    const again = await srv.call('GET', '/api/admin/knowledge/apps', undefined, { cookie: admin.cookie });
    expect(again.body.data.bases).toEqual([
      { id: adminBase, name: '官方资料', ownerEmail: 'app-kb-admin@example.com' },
    ]);
    const id = requestId();
    expect((await set(adminBase, id)).body.data).toEqual({ applied: true });
    expect((await set(null, id)).body.data).toEqual({ applied: false });
    const audit = await srv.runtime.database.db.select().from(adminAudit).where(eq(adminAudit.requestId, id));
    expect(audit).toHaveLength(1);
    const cited = citationsOf(await readEvents(await ask(srv, { prompt: QUESTION, appId: builtin.id }, bob.headers)));
    expect(cited[0]).toMatchObject({ title: '官方.md' });
    // A user's own app is not the console's to change.
    const users = (await createApp(alice, appBody())).body.data;
    const notBuiltin = await srv.call(
      'POST',
      `/api/admin/knowledge/apps/${users.id}`,
      { baseId: adminBase, requestId: requestId() },
      { cookie: admin.cookie },
    );
    expect(notBuiltin.status).toBe(404);
  });
});
