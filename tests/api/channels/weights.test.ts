import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers';
import { type FakeUpstream, startUpstream } from './fake-upstream';
import { addChannel, answer } from './routing-helpers';

/** How answers spread over healthy channels (docs/channel-routing.md); the exact split is in tests/unit/channel-order.test.ts. */
describe('chat channels: priority and weight', () => {
  let srv: TestServer;
  let heavy: FakeUpstream;
  let light: FakeUpstream;
  let spare: FakeUpstream;

  beforeAll(async () => {
    [heavy, light, spare] = await Promise.all([startUpstream('heavy'), startUpstream('light'), startUpstream('spare')]);
    srv = await startTestServer({ CHAT_FREE_VISITOR_DAILY: '1000' });
    const chat = { kind: 'chat', flavour: 'openai', models: [{ id: 'm-spread' }] } as const;
    await addChannel(srv, {
      ...chat,
      name: 'heavy',
      baseUrl: heavy.url,
      priority: 5,
      weight: 4,
      keys: ['sk-h1', 'sk-h2'],
    });
    await addChannel(srv, { ...chat, name: 'light', baseUrl: light.url, priority: 5, weight: 1, keys: ['sk-l1'] });
    await addChannel(srv, { ...chat, name: 'spare', baseUrl: spare.url, priority: 1, weight: 100, keys: ['sk-s1'] });
  });
  afterAll(async () => {
    await srv?.dispose();
    await Promise.all([heavy, light, spare].map((u) => u?.close()));
  });

  it('many answers split by weight within the top priority; the lower priority is never used while it answers', async () => {
    const n = 60;
    for (let i = 0; i < n; i++) expect((await answer(srv, 'm-spread')).error).toBeUndefined();
    expect(spare.auths).toHaveLength(0);
    expect(heavy.auths.length + light.auths.length).toBe(n);
    // Expected 48 : 12. Each bound fails less than once in 30 000 runs.
    expect(heavy.auths.length).toBeGreaterThan(35);
    expect(light.auths.length).toBeGreaterThan(0);
    // Both keys of the heavy channel carry answers (shuffled per request).
    expect(new Set(heavy.auths)).toEqual(new Set(['Bearer sk-h1', 'Bearer sk-h2']));
  });

  it('the lower priority answers when the top priority fails', async () => {
    heavy.mode = 500;
    light.mode = 429;
    expect((await answer(srv, 'm-spread')).text).toBe('from spare');
  });
});
