import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApiApp } from './api';
import { closeRuntime, createRuntime, startBackground } from './bootstrap';
import type { Env } from './config/env';
import { createHttpServer, type NodeHandler } from './http';
import type { Logger } from './log';
import { publishRuntime, type Runtime } from './runtime';

export interface RunningServer {
  server: Server;
  runtime: Runtime;
  url: string;
  /** Graceful: stop accepting, close sockets with 1001, finish in-flight requests, close the database. */
  stop(graceMs?: number): Promise<void>;
}

const noPages: NodeHandler = (_req, res) => {
  res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found');
};

export async function startServer(env: Env, log: Logger, pages: NodeHandler = noPages): Promise<RunningServer> {
  const runtime = await createRuntime(env, log);
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

  async function stop(graceMs = 10_000) {
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
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
