import http from 'node:http';
import type { Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers';

// A keep-alive client (one socket, like a browser tab's) sends its next
// request as soon as a reply is complete; a reply must not leave the
// connection unusable, whether or not the route read the body.
let srv: TestServer;
let agent: http.Agent;
beforeAll(async () => {
  srv = await startTestServer({ BODY_LIMIT: '1048576' });
});
beforeEach(() => {
  agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
});
afterEach(() => agent.destroy());
afterAll(() => srv?.dispose());

function post(path: string, body: string): Promise<{ status: number; socket: Socket }> {
  const { port } = new URL(srv.url);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, path, method: 'POST', agent, headers: { 'content-type': 'application/json' } },
      (res) => {
        res.resume();
        res.once('end', () => resolve({ status: res.statusCode ?? 0, socket: req.socket as Socket }));
      },
    );
    req.once('error', reject);
    req.end(body);
  });
}

const big = JSON.stringify({ filler: 'x'.repeat(600_000) });

describe('keep-alive connections', () => {
  for (const path of ['/api/user/logout', '/api/no-such-route', '/api/client-log']) {
    it(`stay usable after a large body to ${path}`, async () => {
      const first = await post(path, big);
      expect(first.status).toBeLessThan(500);
      for (let i = 0; i < 3; i++) {
        const next = await post('/api/client-log', JSON.stringify({ level: 'warn', message: 'm', url: '/' }));
        expect(next.status).toBe(200);
        expect(next.socket).toBe(first.socket);
      }
    });
  }

  it('answer a body over the limit with 413, and the client can go on', async () => {
    const tooBig = JSON.stringify({ filler: 'x'.repeat(1_100_000) });
    const first = await post('/api/client-log', tooBig);
    expect(first.status).toBe(413);
    const next = await post('/api/client-log', JSON.stringify({ level: 'warn', message: 'm', url: '/' }));
    expect(next.status).toBe(200);
  });

  it('stay open KEEP_ALIVE_TIMEOUT_MS when idle (65 s by default, above a proxy’s 60 s), then close', async () => {
    const hint = await new Promise<string>((resolve, reject) =>
      http
        .get(`${srv.url}/api/health`, { agent }, (res) => {
          res.resume();
          resolve(String(res.headers['keep-alive']));
        })
        .once('error', reject),
    );
    expect(hint).toBe('timeout=65');

    // Two seconds: Node's agent gives up at once a socket whose server announces one second or less.
    const short = await startTestServer({ KEEP_ALIVE_TIMEOUT_MS: '2000' });
    try {
      const get = () =>
        new Promise<Socket>((resolve, reject) => {
          const req = http.get(`${short.url}/api/health`, { agent }, (res) => {
            res.resume();
            res.once('end', () => resolve(req.socket as Socket));
          });
          req.once('error', reject);
        });
      const first = await get();
      await new Promise((r) => setTimeout(r, 500));
      expect(await get()).toBe(first);
      const idleSince = Date.now();
      await new Promise((r) => first.once('close', r));
      expect(Date.now() - idleSince).toBeGreaterThanOrEqual(1900);
    } finally {
      await short.dispose();
    }
  });
});
