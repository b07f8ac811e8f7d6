import type { AddressInfo } from 'node:net';
import { createApiApp } from '../../src/server/api';
import { registerCoupon } from '../../src/server/api/coupon';
import { registerNotice } from '../../src/server/api/notice';
import { loadEnv } from '../../src/server/env';
import { createHttpServer } from '../../src/server/http';
import { createLogger } from '../../src/server/log';
import { closeRuntime, createRuntime, publishRuntime, startBackground } from '../../src/server/runtime';
import { createTestDatabase, type TestServer } from './helpers';

/**
 * startTestServer for the activity suites: the same server, with the coupon
 * and notice routes added when src/server/api/index.ts does not register them
 * (yet). `env` also goes to process.env, where the activity settings are read
 * until env.ts declares them.
 */
export async function startActivityServer(env: Record<string, string> = {}): Promise<TestServer> {
  Object.assign(process.env, env);
  const database = await createTestDatabase();
  const parsed = loadEnv({
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: database.dataDir,
    DATABASE_URL: database.databaseUrl,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    ...env,
  });
  const runtime = await createRuntime(parsed, createLogger(parsed.LOG_LEVEL));
  publishRuntime(runtime);
  startBackground(runtime);
  const api = createApiApp(runtime);
  if (!api.routes.some((route) => route.path === '/api/coupon/redeem')) {
    registerCoupon(api);
    registerNotice(api);
  }
  const server = createHttpServer(runtime, api, (_req, res) => res.writeHead(404).end());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const stop = async () => {
    await runtime.hub.close();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await closeRuntime(runtime);
  };
  return {
    server,
    runtime,
    url,
    stop,
    async call(method, urlPath, body, headers = {}) {
      const init: RequestInit = { method, headers: { ...headers } };
      if (body !== undefined) {
        init.body = JSON.stringify(body);
        (init.headers as Record<string, string>)['content-type'] = 'application/json';
      }
      const res = await fetch(url + urlPath, init);
      const text = await res.text();
      let parsedBody: unknown = text;
      try {
        parsedBody = JSON.parse(text);
      } catch {
        // not JSON: keep the text
      }
      return { status: res.status, headers: res.headers, body: parsedBody };
    },
    async dispose() {
      await stop();
      await database.drop();
    },
  };
}
