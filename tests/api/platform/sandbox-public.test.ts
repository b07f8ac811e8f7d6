import { afterAll, describe, expect, it } from 'vitest';
import { webSource } from '../../../src/server/services/web-search/chat-source';
import { startTestServer, type TestServer } from '../helpers';

// A public site runs the sandbox only when told to (the refusal itself is in
// tests/unit/sandbox-env.test.ts and, for the built server, tests/e2e/sandbox-public.spec.ts).
const started: TestServer[] = [];
afterAll(() => Promise.all(started.map((s) => s.dispose())));

// Creating a fresh embedded database can take a while on a busy machine.
const START_MS = 90_000;

describe('sandbox providers on a public origin', () => {
  it(
    'start with ALLOW_SANDBOX=true, and health reports the sandbox',
    async () => {
      const srv = await startTestServer({ PUBLIC_ORIGIN: 'https://miaobi.example', ALLOW_SANDBOX: 'true' });
      started.push(srv);
      const health = await srv.call('GET', '/api/health');
      expect(health.body.data).toMatchObject({
        sandbox: ['payment', 'wechat', 'sms'],
        providers: { payment: 'sandbox' },
      });
    },
    START_MS,
  );

  it(
    'the sandbox web search too: health names it, and it answers made-up results marked as such',
    async () => {
      const srv = await startTestServer({
        PUBLIC_ORIGIN: 'https://miaobi.example',
        ALLOW_SANDBOX: 'true',
        WEB_SEARCH_PROVIDER: 'sandbox',
        WEB_SEARCH_VISITOR_DAILY: '1',
      });
      started.push(srv);
      expect((await srv.call('GET', '/api/health')).body.data.sandbox).toEqual([
        'payment',
        'wechat',
        'websearch',
        'sms',
      ]);
      const query = { caller: { userId: null, ip: '203.0.113.8' }, query: '妙笔', lang: 'zh-CN', limit: 5 };
      const passages = await webSource.gather(srv.runtime, { ...query, signal: AbortSignal.timeout(10_000) });
      expect(passages).toHaveLength(3);
      for (const p of passages) {
        expect(p.url).toMatch(/^https:\/\/sandbox\.invalid\//);
        expect(p.text).toMatch(/^Sandbox search result \d for "妙笔": no web search service is configured/);
      }
    },
    START_MS,
  );

  it(
    'a loopback origin needs no permission; health still tells which providers are the sandbox',
    async () => {
      const srv = await startTestServer({ PUBLIC_ORIGIN: 'http://localhost:4321' });
      started.push(srv);
      expect((await srv.call('GET', '/api/health')).body.data.sandbox).toEqual(['payment', 'wechat', 'sms']);
    },
    START_MS,
  );
});
