import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { getRequestListener } from '@hono/node-server';
import { createApiApp } from './api';
import { closeRuntime, createRuntime, startBackground } from './bootstrap';
import { loadEnv } from './config/env';
import { createLogger } from './log';
import { readBody } from './request-body';
import { publishRuntime } from './runtime';

/** The runtime for `astro dev`: same API, socket and database as production. */
export async function startDevRuntime() {
  const env = loadEnv({ NODE_ENV: 'development', ...process.env });
  const runtime = await createRuntime(env, createLogger(env.LOG_LEVEL));
  publishRuntime(runtime);
  startBackground(runtime);
  const api = getRequestListener(createApiApp(runtime).fetch);
  return {
    handleApi: (req: IncomingMessage, res: ServerResponse) => readBody(runtime, req, res, () => void api(req, res)),
    handleUpgrade: (req: IncomingMessage, socket: Duplex, head: Buffer) => runtime.hub.handleUpgrade(req, socket, head),
    close: () => closeRuntime(runtime),
  };
}
