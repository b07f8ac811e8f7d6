import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { createApiApp } from './api';
import { closeRuntime, createRuntime, startBackground, stopBackground } from './bootstrap';
import type { Env } from './config/env';
import { watchSessions } from './db/queries/session-cache';
import { createHttpServer, type NodeHandler } from './http';
import type { Logger } from './log';
import { publishRuntime, type Runtime } from './runtime';

export interface RunningServer {
  server: Server;
  runtime: Runtime;
  url: string;
  /**
   * Graceful (a rolling restart's SIGTERM): report not-ready for DRAIN_DELAY_MS, stop accepting,
   * give held tasks back, close sockets with 1001, let in-flight requests finish within `graceMs`
   * (SHUTDOWN_GRACE_MS), close the database.
   */
  stop(graceMs?: number): Promise<void>;
}

const noPages: NodeHandler = (_req, res) => {
  res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found');
};

export async function startServer(env: Env, log: Logger, pages: NodeHandler = noPages): Promise<RunningServer> {
  const runtime = await createRuntime(env, log);
  await watchSessions(runtime.database);
  publishRuntime(runtime);
  startBackground(runtime);
  const server = createHttpServer(runtime, createApiApp(runtime), pages);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(env.PORT, env.HOST, () => resolve());
  }).catch(async (err: Error) => {
    // Port taken: give the database (and a PGlite data-dir lock) back before failing.
    await closeRuntime(runtime).catch(() => {});
    throw err;
  });
  const { port } = server.address() as AddressInfo;
  const host = env.HOST.includes(':') ? `[${env.HOST}]` : env.HOST;
  let stopping: Promise<void> | null = null;

  async function stop(graceMs = env.SHUTDOWN_GRACE_MS) {
    runtime.lifecycle.draining = true;
    if (env.DRAIN_DELAY_MS > 0) await sleep(env.DRAIN_DELAY_MS);
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    await stopBackground(runtime);
    await runtime.hub.close();
    server.closeIdleConnections();
    const timer = setTimeout(() => server.closeAllConnections(), graceMs);
    await closed;
    clearTimeout(timer);
    await closeRuntime(runtime);
  }

  return {
    server,
    runtime,
    url: `http://${host}:${port}`,
    stop: (graceMs) => {
      stopping ??= stop(graceMs);
      return stopping;
    },
  };
}
