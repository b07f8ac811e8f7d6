import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { LlmProvider } from '../../../src/server/providers/llm';
import type { ProviderRegistry } from '../../../src/server/providers/registry';
import { makeStaff, requestId, type Staff } from '../admin/admin-helpers';
import { addKey, channelBody, createChannel, model } from '../admin/channel-helpers';
import { createTestDatabase, startTestServerOn, type TestServer } from '../helpers';
import { type FakeUpstream, startUpstream } from './fake-upstream';
import { answer } from './routing-helpers';

/**
 * The registry on the runtime (docs/channel-routing.md#adapters): answers over one channel key
 * share one adapter; the console's edits (the real routes and services) give a new one; a deleted
 * channel is served no more. On PostgreSQL a second process drops its adapters too (NOTIFY).
 */
/** Every adapter the registry hands out for a channel key, in order. */
function watch(registry: ProviderRegistry): LlmProvider[] {
  const handed: LlmProvider[] = [];
  const llm = registry.llm.bind(registry);
  registry.llm = (target) => {
    const adapter = llm(target);
    handed.push(adapter);
    return adapter;
  };
  return handed;
}

describe('the provider registry', () => {
  const everyone = ['visitor', 'user', 'member'];
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let srv: TestServer;
  let a: FakeUpstream;
  let b: FakeUpstream;
  let admin: Staff;
  let handed: LlmProvider[];
  const lastAdapter = () => handed.at(-1);
  const edit = (path: string, body: object) =>
    srv.call('POST', `/api/admin/channels${path}`, body, { cookie: admin.cookie });
  let channelId = 0;

  beforeAll(async () => {
    [a, b] = await Promise.all([startUpstream('a'), startUpstream('b')]);
    db = await createTestDatabase();
    srv = await startTestServerOn(db, { CHAT_FREE_VISITOR_DAILY: '1000' });
    admin = await makeStaff(srv, 'registry-admin@example.com', 'admin');
    handed = watch(srv.runtime.registry);
  });
  afterAll(async () => {
    await srv?.dispose();
    await db?.drop();
    await Promise.all([a?.close(), b?.close()]);
  });

  it('hands every answer over one channel key the same adapter', async () => {
    expect(await srv.runtime.registry.chat()).toBe(srv.runtime.registry.bootstrapLlm);
    channelId = await createChannel(srv, admin, { baseUrl: a.url, models: [model('m-reg', everyone)] });
    expect((await addKey(srv, channelId, 'sk-reg-first-0001')).body.code).toBe(200);
    expect((await answer(srv, 'm-reg')).text).toBe('from a');
    const first = lastAdapter();
    expect((await answer(srv, 'm-reg')).text).toBe('from a');
    expect(handed).toHaveLength(2);
    expect(lastAdapter()).toBe(first);
    expect(a.auths).toEqual(['Bearer sk-reg-first-0001', 'Bearer sk-reg-first-0001']);
  });

  it("builds a new adapter when the console changes the channel's address", async () => {
    const before = lastAdapter();
    const changed = await edit(`/${channelId}`, channelBody({ baseUrl: b.url, models: [model('m-reg', everyone)] }));
    expect(changed.body.data).toEqual({ applied: true });
    expect((await answer(srv, 'm-reg')).text).toBe('from b');
    expect(lastAdapter()).not.toBe(before);
  });

  it('builds a new adapter for a new key, and the old key is sent no more', async () => {
    const before = lastAdapter();
    const [old] = (await srv.call('GET', '/api/admin/channels', undefined, { cookie: admin.cookie })).body.data.find(
      (c: { id: number }) => c.id === channelId,
    ).keys;
    expect((await addKey(srv, channelId, 'sk-reg-second-0002')).body.code).toBe(200);
    expect((await edit(`/${channelId}/keys/${old.id}/delete`, { requestId: requestId() })).body.data).toEqual({
      applied: true,
    });
    expect((await answer(srv, 'm-reg')).text).toBe('from b');
    expect(b.auths.at(-1)).toBe('Bearer sk-reg-second-0002');
    expect(lastAdapter()).not.toBe(before);
  });

  it('serves a deleted channel no more; the same channel made again gets a fresh adapter', async () => {
    const before = lastAdapter();
    const calls = handed.length;
    expect((await edit(`/${channelId}/delete`, { requestId: requestId() })).body.data).toEqual({ applied: true });
    const offline = await answer(srv, 'm-reg');
    expect(offline.names.at(-1)).toBe('done');
    expect(offline.text).not.toContain('from');
    expect(handed).toHaveLength(calls);
    expect(await srv.runtime.registry.chat()).toBe(srv.runtime.registry.bootstrapLlm);

    // The very same address and key: only a registry that dropped the old adapter builds a new one.
    channelId = await createChannel(srv, admin, { baseUrl: b.url, models: [model('m-reg', everyone)] });
    expect((await addKey(srv, channelId, 'sk-reg-second-0002')).body.code).toBe(200);
    expect((await answer(srv, 'm-reg')).text).toBe('from b');
    expect(lastAdapter()).not.toBe(before);
  });

  it.runIf(Boolean(inject('postgresUrl')))('drops the adapters of another process on the same database', async () => {
    const other = await startTestServerOn(db, { CHAT_FREE_VISITOR_DAILY: '1000' });
    try {
      const theirs = watch(other.runtime.registry);
      expect((await answer(other, 'm-reg')).text).toBe('from b');
      const before = theirs.at(-1);
      expect(before).toBeDefined();
      // Deleted and made again, identical, through this process: the other one must build anew.
      expect((await edit(`/${channelId}/delete`, { requestId: requestId() })).body.data).toEqual({ applied: true });
      channelId = await createChannel(srv, admin, { baseUrl: b.url, models: [model('m-reg', everyone)] });
      expect((await addKey(srv, channelId, 'sk-reg-second-0002')).body.code).toBe(200);
      await expect
        .poll(async () => {
          const { text } = await answer(other, 'm-reg');
          return text === 'from b' && theirs.at(-1) !== before;
        })
        .toBe(true);
    } finally {
      await other.dispose();
    }
  });
});
