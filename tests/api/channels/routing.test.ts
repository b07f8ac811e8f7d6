import { inArray, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channelKeys } from '../../../src/server/db/schema';
import { startTestServer, type TestServer } from '../helpers';
import { type FakeUpstream, startUpstream } from './fake-upstream';
import { addChannel, answer, keyRow } from './routing-helpers';

/**
 * Chat over channels (docs/channel-routing.md). Every channel is added before the first
 * answer and never changed afterwards (the store may cache channels per process); each
 * scenario uses its own model, so it reaches only its own channels. Key state is per test.
 */
describe('chat routing over channels', () => {
  let srv: TestServer;
  let rate: FakeUpstream;
  let broken: FakeUpstream;
  let hang: FakeUpstream;
  let good: FakeUpstream;
  let keyed: FakeUpstream;
  const ids: Record<string, { id: number; keyIds: number[] }> = {};
  const keysOf = (name: string) => {
    const found = ids[name];
    if (!found) throw new Error(`no channel ${name}`);
    return found.keyIds;
  };
  const setKeys = (keyIds: number[], values: PgUpdateSetSource<typeof channelKeys>) =>
    srv.runtime.database.db.update(channelKeys).set(values).where(inArray(channelKeys.id, keyIds));

  beforeAll(async () => {
    [rate, broken, hang, good, keyed] = await Promise.all([
      startUpstream('rate', 429),
      startUpstream('broken', 500),
      startUpstream('hang', 'hang'),
      startUpstream('good'),
      startUpstream('keyed'),
    ]);
    srv = await startTestServer({ LLM_CONNECT_TIMEOUT_MS: '1000', CHAT_FREE_VISITOR_DAILY: '1000' });
    const chat = { kind: 'chat', flavour: 'openai' } as const;
    // m-fail: three failing upstreams ranked above the one that answers.
    ids.rate = await addChannel(srv, {
      ...chat,
      name: 'rate',
      baseUrl: rate.url,
      priority: 40,
      models: [{ id: 'm-fail' }],
      keys: ['sk-rate-0001'],
    });
    ids.broken = await addChannel(srv, {
      ...chat,
      name: 'broken',
      baseUrl: broken.url,
      priority: 30,
      models: [{ id: 'm-fail' }],
      keys: ['sk-broken-0002'],
    });
    ids.hang = await addChannel(srv, {
      ...chat,
      name: 'hang',
      baseUrl: hang.url,
      priority: 20,
      models: [{ id: 'm-fail' }],
      keys: ['sk-hang-0003'],
    });
    ids.good = await addChannel(srv, {
      ...chat,
      name: 'good',
      baseUrl: `${good.url}/`,
      priority: 10,
      models: [{ id: 'm-fail', price: { inputPer1k: 1000, outputPer1k: 2000 } }],
      keys: ['sk-good-0004'],
    });
    // m-keys: one channel, a rejected key and a working one.
    ids.keyed = await addChannel(srv, {
      ...chat,
      name: 'keyed',
      baseUrl: keyed.url,
      models: [{ id: 'm-keys' }],
      keys: ['sk-bad-0005', 'sk-fine-0006'],
    });
    keyed.byKey.set('sk-bad-0005', 401);
  });
  afterAll(async () => {
    await srv?.dispose();
    await Promise.all([rate, broken, hang, good, keyed].map((u) => u?.close()));
  });

  it('a 429, a 500 and a hanging upstream fail over to the next channel: the person sees only the answer', async () => {
    const a = await answer(srv, 'm-fail');
    expect(a.error).toBeUndefined();
    expect(a.names[0]).toBe('meta');
    expect(a.names.at(-1)).toBe('done');
    expect(a.text).toBe('from good');
    // Each failing upstream was tried once, in priority order, with its own key.
    expect(rate.auths).toEqual(['Bearer sk-rate-0001']);
    expect(broken.auths).toEqual(['Bearer sk-broken-0002']);
    expect(hang.auths).toEqual(['Bearer sk-hang-0003']);
    expect(good.auths).toEqual(['Bearer sk-good-0004']);
  });

  it('each failing key is cooled down with its error (without the key), the working one is marked ok', async () => {
    for (const name of ['rate', 'broken', 'hang']) {
      const row = await keyRow(srv, keysOf(name)[0] as number);
      expect(row.failures, name).toBe(1);
      expect(row.cooldownUntil?.getTime(), name).toBeGreaterThan(Date.now());
      expect(row.lastFailAt, name).not.toBeNull();
      expect(row.lastError, name).toMatch(name === 'rate' ? /rateLimit/ : name === 'broken' ? /upstream/ : /timeout/);
      expect(row.lastError, name).not.toContain('secretvalue');
    }
    // The first cool-down is the base back-off (30 s by default), computed by the database.
    const rated = await keyRow(srv, keysOf('rate')[0] as number);
    const ms = (rated.cooldownUntil?.getTime() ?? 0) - (rated.lastFailAt?.getTime() ?? 0);
    expect(ms).toBeGreaterThan(29_000);
    expect(ms).toBeLessThan(31_000);
    // The success is written beside the answer, not before it.
    await expect
      .poll(() => keyRow(srv, keysOf('good')[0] as number))
      .toMatchObject({ failures: 0, cooldownUntil: null, lastOkAt: expect.any(Date) });
  });

  it('cooling keys are skipped: the next answer goes straight to the working channel', async () => {
    const a = await answer(srv, 'm-fail');
    expect(a.text).toBe('from good');
    expect(rate.auths).toHaveLength(1);
    expect(broken.auths).toHaveLength(1);
    expect(hang.auths).toHaveLength(1);
  });

  it('a cooled key is tried again once its cool-down ends, and a success resets its failures', async () => {
    rate.mode = 'ok';
    await setKeys(keysOf('rate'), { cooldownUntil: sql`now() - interval '1 second'` });
    const a = await answer(srv, 'm-fail');
    expect(a.text).toBe('from rate');
    await expect
      .poll(() => keyRow(srv, keysOf('rate')[0] as number))
      .toMatchObject({ failures: 0, cooldownUntil: null, lastOkAt: expect.any(Date) });
  });

  it('failures in a row double the cool-down', async () => {
    rate.mode = 429;
    const key = keysOf('rate')[0] as number;
    await setKeys([key], { failures: 2, cooldownUntil: null });
    expect((await answer(srv, 'm-fail')).text).toBe('from good');
    const row = await keyRow(srv, key);
    expect(row.failures).toBe(3);
    const ms = (row.cooldownUntil?.getTime() ?? 0) - (row.lastFailAt?.getTime() ?? 0);
    expect(ms).toBeGreaterThan(119_000); // 30 s × 2²
    expect(ms).toBeLessThan(121_000);
  });

  it('when every key is cooling, the one whose cool-down ends first is still tried', async () => {
    const all = ['rate', 'broken', 'hang', 'good'].flatMap(keysOf);
    await setKeys(all, { cooldownUntil: sql`now() + interval '10 minutes'` });
    await setKeys(keysOf('good'), { cooldownUntil: sql`now() + interval '1 minute'`, failures: 1 });
    const before = rate.auths.length;
    const a = await answer(srv, 'm-fail');
    expect(a.error).toBeUndefined();
    expect(a.text).toBe('from good');
    expect(rate.auths).toHaveLength(before);
    await expect
      .poll(() => keyRow(srv, keysOf('good')[0] as number))
      .toMatchObject({ failures: 0, cooldownUntil: null });
  });

  it('a rejected key (401) moves on to the channel’s next key and is cooled down longer', async () => {
    // Keys are shuffled: ask until the bad one came first once (1 in 2 each time).
    for (let i = 0; i < 40 && !keyed.auths.includes('Bearer sk-bad-0005'); i++)
      expect((await answer(srv, 'm-keys')).text).toBe('from keyed');
    const [bad, fine] = keysOf('keyed');
    const row = await keyRow(srv, bad as number);
    expect(row.failures).toBe(1);
    expect(row.lastError).toMatch(/^auth/);
    const ms = (row.cooldownUntil?.getTime() ?? 0) - (row.lastFailAt?.getTime() ?? 0);
    expect(ms).toBeGreaterThan(299_000); // ten times the base back-off
    // While it cools, answers use the other key only.
    for (let i = 0; i < 3; i++) expect((await answer(srv, 'm-keys')).text).toBe('from keyed');
    expect(keyed.auths.filter((a) => a === 'Bearer sk-bad-0005')).toHaveLength(1);
    expect((await keyRow(srv, fine as number)).failures).toBe(0);
  });

  it('when every candidate fails, the person gets the last error, translated, as without channels', async () => {
    rate.mode = 429;
    good.mode = 500;
    const all = ['rate', 'broken', 'hang', 'good'].flatMap(keysOf);
    await setKeys(all, { cooldownUntil: null, failures: 0 });
    const a = await answer(srv, 'm-fail');
    expect(a.text).toBe('');
    expect(a.error).toMatchObject({ kind: 'upstream' });
    expect(a.error.message).toBeTruthy();
    good.mode = 'ok';
  });
});
