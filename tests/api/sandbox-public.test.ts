import { afterAll, describe, expect, it } from 'vitest';
import { EnvError } from '../../src/server/env';
import { startTestServer, type TestServer } from './helpers';

// A public site must not run the sandbox by accident: start-up refuses it
// unless ALLOW_SANDBOX=true, and then the site says so.
const started: TestServer[] = [];
afterAll(() => Promise.all(started.map((s) => s.dispose())));

describe('sandbox providers on a public origin', () => {
  it('refuses to start on a non-loopback PUBLIC_ORIGIN without ALLOW_SANDBOX, naming the variables', async () => {
    const err = await startTestServer({ PUBLIC_ORIGIN: 'https://miaobi.example' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(EnvError);
    const message = (err as Error).message;
    for (const name of [
      'PUBLIC_ORIGIN=https://miaobi.example',
      'PAY_PROVIDER=sandbox',
      'WECHAT_MP_APPID',
      'ALLOW_SANDBOX=true',
    ])
      expect(message).toContain(name);
  });

  it('starts with ALLOW_SANDBOX=true, and health reports the sandbox', async () => {
    const srv = await startTestServer({ PUBLIC_ORIGIN: 'https://miaobi.example', ALLOW_SANDBOX: 'true' });
    started.push(srv);
    const health = await srv.call('GET', '/api/health');
    expect(health.body.data).toMatchObject({ sandbox: ['payment', 'wechat'], providers: { payment: 'sandbox' } });
  });

  it('a loopback origin needs no permission; health still tells which providers are the sandbox', async () => {
    const srv = await startTestServer({ PUBLIC_ORIGIN: 'http://localhost:4321' });
    started.push(srv);
    expect((await srv.call('GET', '/api/health')).body.data.sandbox).toEqual(['payment', 'wechat']);
  });
});
