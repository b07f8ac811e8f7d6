import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clearOfWindowEdge, startTestServer, type TestServer } from '../helpers';
import { confirmQr, openQrLogin } from '../sandbox-helpers';

// Pages are checked by tests/e2e/security-headers.spec.ts against the build;
// here: what depends on configuration (proxy trust, https) and cookies.
let behindProxy: TestServer;
let direct: TestServer;
beforeAll(async () => {
  [behindProxy, direct] = await Promise.all([startTestServer({ TRUST_PROXY: 'true' }), startTestServer()]);
});
afterAll(async () => {
  await Promise.all([behindProxy?.dispose(), direct?.dispose()]);
});

const https = { 'x-forwarded-proto': 'https' };

describe('transport security', () => {
  it('sends HSTS only for https requests relayed by a trusted proxy', async () => {
    const viaProxy = await behindProxy.call('GET', '/api/health', undefined, https);
    expect(viaProxy.headers.get('strict-transport-security')).toMatch(/^max-age=\d{7,}/);
    const plain = await behindProxy.call('GET', '/api/health');
    expect(plain.headers.get('strict-transport-security')).toBeNull();
    // Anyone can send the header: without TRUST_PROXY it is ignored.
    const spoofed = await direct.call('GET', '/api/health', undefined, https);
    expect(spoofed.headers.get('strict-transport-security')).toBeNull();
  });

  it('answers every reply kind with CSP, nosniff, referrer policy and no framing', async () => {
    const replies = await Promise.all([
      direct.call('GET', '/api/health'),
      direct.call('GET', '/api/nope'),
      direct.call('POST', '/api/client-log', '{not json'),
      direct.call('GET', '/files/nothing.png'),
      direct.call('GET', '/websocket/callback'),
      direct.call('GET', '/'),
    ]);
    for (const res of replies) {
      expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      // The chat's voice input may use the page's own microphone; camera and location stay off.
      expect(res.headers.get('permissions-policy')).toBe('camera=(), microphone=(self), geolocation=()');
    }
  });

  it('keys per-IP limits on X-Forwarded-For only when the proxy is trusted', async () => {
    // 31 wrong logins, each claiming another address: one client to a direct server (limit 30 per IP).
    const statuses = async (srv: TestServer, net: string) => {
      const out: number[] = [];
      await clearOfWindowEdge(10 * 60_000, 30_000);
      for (let i = 0; i < 31; i++) {
        const body = { username: 'nobody@example.com', password: 'wrong-password' };
        out.push((await srv.call('POST', '/api/user/login/email', body, { 'x-forwarded-for': `${net}.${i}` })).status);
      }
      return out;
    };
    const forged = await statuses(direct, '10.0.0');
    expect(forged.slice(0, 30).every((s) => s === 400)).toBe(true);
    expect(forged[30]).toBe(429);
    const relayed = await statuses(behindProxy, '10.0.1');
    expect(relayed.every((s) => s === 400)).toBe(true);
    // Up to 30 s waiting out a window's edge, then 62 password checks: more than the default 30 s.
  }, 90_000);
});

describe('cookies', () => {
  it('API replies set no cookie: the WeChat sandbox keeps its user on the phone, not in a cookie', async () => {
    const { qrcode, socket } = await openQrLogin(direct);
    const res = await confirmQr(direct, qrcode);
    socket.ws.close();
    expect(res.body.code).toBe(1000000);
    expect(res.headers.get('set-cookie')).toBeNull();
    const login = await direct.call('POST', '/api/user/login/email', {
      username: 'a@example.com',
      password: 'x1234567',
    });
    expect(login.headers.get('set-cookie')).toBeNull();
  });
});
