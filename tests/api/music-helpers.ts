import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import { createApiApp } from '../../src/server/api';
import { registerMusic } from '../../src/server/api/music';
import { loadEnv } from '../../src/server/env';
import { createHttpServer } from '../../src/server/http';
import { createLogger } from '../../src/server/log';
import { closeRuntime, createRuntime, publishRuntime, startBackground } from '../../src/server/runtime';
import { type MusicEnv, musicEnvSchema } from '../../src/server/services/music-config';
import { startMusicWorker } from '../../src/server/services/music-worker';
import { type CallResult, createTestDatabase, type TestServer } from './helpers';

export type MusicSettings = Partial<Record<keyof MusicEnv, string>>;

/**
 * A test server with the music API and worker, whether or not the shared
 * wiring (api/index.ts domains, env.ts musicEnvShape, runtime.ts
 * startBackground) has landed yet: each piece is added only when missing.
 */
export async function startMusicServer(music: MusicSettings = {}): Promise<TestServer> {
  const database = await createTestDatabase();
  const env = loadEnv({
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: database.dataDir,
    DATABASE_URL: database.databaseUrl,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    MUSIC_POLL_MS: '100',
    ...music,
  });
  Object.assign(env, musicEnvSchema.parse({ MUSIC_POLL_MS: '100', ...music }));
  const runtime = await createRuntime(env, createLogger(env.LOG_LEVEL));
  publishRuntime(runtime);
  startBackground(runtime);
  const stopWorker = startMusicWorker(runtime);
  const app = createApiApp(runtime);
  if (!app.routes.some((r) => r.path === '/api/music/submit')) registerMusic(app);
  const server = createHttpServer(runtime, app, (_req, res) => res.writeHead(404).end());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let stopping: Promise<void> | null = null;
  const stop = async () => {
    stopWorker();
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    await runtime.hub.close();
    server.closeAllConnections();
    await closed;
    await closeRuntime(runtime);
  };
  return {
    server,
    runtime,
    url,
    stop: () => {
      stopping ??= stop();
      return stopping;
    },
    async call(method, urlPath, body, headers = {}): Promise<CallResult> {
      const init: RequestInit = { method, headers: { ...headers } };
      if (body !== undefined) {
        init.body = JSON.stringify(body);
        (init.headers as Record<string, string>)['content-type'] = 'application/json';
      }
      const res = await fetch(url + urlPath, init);
      const text = await res.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        // not JSON
      }
      return { status: res.status, headers: res.headers, body: parsed };
    },
    async dispose() {
      stopping ??= stop();
      await stopping.catch(() => {});
      await database.drop();
    },
  };
}

/** Polls the detail until the song reaches a final status (10 or 11). */
export async function waitForSong(srv: TestServer, id: string, headers: Record<string, string>, timeoutMs = 20_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await srv.call('GET', `/api/music/detail?id=${id}`, undefined, headers);
    expect(res.body.code, JSON.stringify(res.body)).toBe(200);
    if (res.body.data.status >= 10) return res.body.data;
    if (Date.now() > until) throw new Error(`song ${id} still at ${JSON.stringify(res.body.data)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export const inspiration = (prompt: string, extra: Record<string, unknown> = {}) => ({
  mode: 'inspiration',
  prompt,
  ...extra,
});
