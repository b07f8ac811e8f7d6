import { afterAll, describe, expect, it } from 'vitest';
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
      expect(health.body.data).toMatchObject({ sandbox: ['payment', 'wechat'], providers: { payment: 'sandbox' } });
    },
    START_MS,
  );

  it(
    'a loopback origin needs no permission; health still tells which providers are the sandbox',
    async () => {
      const srv = await startTestServer({ PUBLIC_ORIGIN: 'http://localhost:4321' });
      started.push(srv);
      expect((await srv.call('GET', '/api/health')).body.data.sandbox).toEqual(['payment', 'wechat']);
    },
    START_MS,
  );
});
