import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteSettings as settingsTable, users } from '../../../src/server/db/schema';
import { knowledgeSource } from '../../../src/server/services/knowledge/chat-source';
import { forgetSettings } from '../../../src/server/services/site-settings';
import { createUserWithToken, startTestServer, type TestServer } from '../helpers';
import { addAndSettle, createBase, en, type Member, uploadFile } from './knowledge-helpers';

// Quotas per membership level (console settings over the environment's defaults), and the
// knowledge source an answer gathers from (owner-checked).

let srv: TestServer;
let alice: Member;
let bob: Member;

beforeAll(async () => {
  srv = await startTestServer({
    KNOWLEDGE_BASES_USER: '1',
    KNOWLEDGE_BASES_MEMBER: '2',
    KNOWLEDGE_FILES_USER: '2',
    KNOWLEDGE_MB_USER: '1',
    KNOWLEDGE_CHUNKS_USER: '3',
  });
  alice = await createUserWithToken(srv, 'kb-quota-alice@example.com');
  bob = await createUserWithToken(srv, 'kb-quota-bob@example.com');
}, 120_000);
afterAll(() => srv?.dispose());

const setSetting = async (key: string, value: number) => {
  await srv.runtime.database.db
    .insert(settingsTable)
    .values({ key, value })
    .onConflictDoUpdate({ target: settingsTable.key, set: { value } });
  await forgetSettings(srv.runtime);
};

describe('knowledge quotas', () => {
  it('bases: a non-member gets KNOWLEDGE_BASES_USER, a member KNOWLEDGE_BASES_MEMBER; over it 403, nothing made', async () => {
    await createBase(srv, alice, '一');
    const over = await srv.call('POST', '/api/knowledge/bases', { name: '二' }, en(alice));
    expect(over.status).toBe(403);
    expect(over.body.result).toMatch(/as many knowledge bases as your level allows \(1\)/);
    await srv.runtime.database.db
      .update(users)
      .set({ vipType: 1, endDate: new Date(Date.now() + 86_400_000) })
      .where(eq(users.id, alice.id));
    await createBase(srv, alice, '二');
    const list = await srv.call('GET', '/api/knowledge/bases', undefined, alice.headers);
    expect(list.body.data.quota).toMatchObject({ member: true, bases: { used: 2, limit: 2 } });
    expect((await srv.call('POST', '/api/knowledge/bases', { name: '三' }, en(alice))).status).toBe(403);
  });

  it('files, bytes and passages: over each the file is refused (or fails with its reason); the console changes the limit', async () => {
    const base = await createBase(srv, bob, '配额');
    // Passages: 3 at most; a file cutting into more fails and holds none.
    const many = Array.from({ length: 6 }, (_, i) => `## 第${i}节\n\n这是第${i}节的内容。`).join('\n\n');
    const failed = await addAndSettle(srv, bob, base.id, { name: 'many.md', bytes: many });
    expect(failed.status).toBe('failed');
    expect(failed.failReason).toMatch(/as many passages as your level allows/);
    expect(failed.chunks).toBe(0);
    const ok = await addAndSettle(srv, bob, base.id, { name: 'one.txt', bytes: '只有一段。' });
    expect(ok.status).toBe('ready');
    // Files: 2 at most (the failed one counts until deleted).
    const third = await uploadFile(srv, bob, base.id, { name: 'three.txt', bytes: '第三个' });
    expect(third.status).toBe(403);
    expect(third.body.result).toMatch(/as many knowledge-base files as your level allows \(2\)/);
    await srv.call('DELETE', `/api/knowledge/bases/${base.id}/files/${failed.id}`, undefined, bob.headers);
    // Bytes: what is held plus the file must stay within the level's MB (the console sets it here).
    await setSetting('KNOWLEDGE_MB_USER', 0);
    const big = await uploadFile(srv, bob, base.id, { name: 'big.txt', bytes: '字' });
    expect(big.status).toBe(403);
    expect(big.body.result).toMatch(/storage is full \(0 MB\)/);
    await setSetting('KNOWLEDGE_MB_USER', 1);
    // The console's setting overrides the environment's at once.
    await setSetting('KNOWLEDGE_FILES_USER', 1);
    const list = await srv.call('GET', '/api/knowledge/bases', undefined, bob.headers);
    expect(list.body.data.quota.files).toEqual({ used: 1, limit: 1 });
    expect((await uploadFile(srv, bob, base.id, { name: 'x.txt', bytes: '再来一个' })).status).toBe(403);
    await setSetting('KNOWLEDGE_FILES_USER', 5);
    expect((await uploadFile(srv, bob, base.id, { name: 'x.txt', bytes: '再来一个' })).status).toBe(200);
  });
});

describe('knowledgeSource', () => {
  it('gathers passages from the caller’s bases as citations, and refuses another user’s base', async () => {
    await srv.runtime.database.db.delete(settingsTable);
    await forgetSettings(srv.runtime);
    const carol = await createUserWithToken(srv, 'kb-source-carol@example.com');
    const base = await createBase(srv, carol, '来源');
    const file = await addAndSettle(srv, carol, base.id, { name: '制度.txt', bytes: '年假为每年十天。病假需要证明。' });
    const query = (userId: number | null, knowledgeBaseIds: number[]) => ({
      caller: { userId, ip: '127.0.0.1' },
      query: '年假有几天',
      lang: 'zh-CN',
      signal: new AbortController().signal,
      knowledgeBaseIds,
      limit: 3,
    });
    expect(await knowledgeSource.available(srv.runtime)).toBe(true);
    const passages = await knowledgeSource.gather(srv.runtime, query(carol.id, [base.id]));
    expect(passages[0]).toEqual({
      kind: 'knowledge',
      title: '制度.txt',
      text: '年假为每年十天。病假需要证明。',
      baseId: base.id,
      fileId: file.id,
    });
    expect(await knowledgeSource.gather(srv.runtime, query(null, [base.id]))).toEqual([]);
    expect(await knowledgeSource.gather(srv.runtime, query(carol.id, []))).toEqual([]);
    await expect(knowledgeSource.gather(srv.runtime, query(alice.id, [base.id]))).rejects.toMatchObject({
      status: 404,
    });
  });
});
