import { createRoute } from '@hono/zod-openapi';
import { sql } from 'drizzle-orm';
import { Code } from '../../shared/codes';
import { type Readiness, readiness as readyData } from '../../shared/contract/platform';
import type { Runtime } from '../runtime';
import { access } from './access';
import type { ApiApp } from './context';
import { replySchema } from './reply-schema';

/** A load balancer waits about this long; a check that takes longer counts as failed. */
const CHECK_TIMEOUT_MS = 2000;

type Check = 'database' | 'storage' | 'providers';

function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

const checks: Record<Check, (rt: Runtime) => Promise<void>> = {
  // A real table, not `select 1`: a database that answers but cannot read our data is not ready.
  async database(rt) {
    await rt.database.db.execute(sql`select 1 from users limit 1`);
  },
  async storage(rt) {
    const url = await rt.storage.put(`ready/probe-${process.pid}.txt`, Buffer.from(new Date().toISOString()));
    await rt.storage.remove(url);
  },
  async providers(rt) {
    const missing = Object.entries(rt.providers).filter(([, mode]) => !mode);
    if (missing.length > 0) throw new Error(`no mode for ${missing.map(([k]) => k).join(', ')}`);
  },
};

/** Runs every check at once; each answers 'ok' or why it failed. */
export async function readiness(rt: Runtime): Promise<Readiness> {
  if (rt.lifecycle.draining) {
    const detail = 'failed: shutting down';
    return { ready: false, checks: { database: detail, storage: detail, providers: detail } };
  }
  const names = Object.keys(checks) as Check[];
  const results = await Promise.all(
    names.map((name) =>
      within(checks[name](rt), CHECK_TIMEOUT_MS).then(
        () => 'ok',
        (err: Error) => `failed: ${err.message.slice(0, 200)}`,
      ),
    ),
  );
  const detail = Object.fromEntries(names.map((n, i) => [n, results[i] ?? 'failed'])) as Record<Check, string>;
  return { ready: results.every((r) => r === 'ok'), checks: detail };
}

export const route = createRoute({
  security: access.public,
  method: 'get',
  path: '/ready',
  tags: ['system'],
  summary: 'Readiness for a load balancer: the database answers, storage is writable, providers are configured',
  responses: {
    200: {
      description: 'code 200: ready',
      content: { 'application/json': { schema: replySchema(readyData, 'ReadyReply') } },
    },
    503: {
      description: 'code 503: not ready; data.checks says which check failed',
      content: { 'application/json': { schema: replySchema(readyData, 'NotReadyReply') } },
    },
  },
});

export function registerReady(app: ApiApp) {
  app.openapi(route, async (c) => {
    const state = await readiness(c.get('runtime'));
    c.header('cache-control', 'no-store');
    if (state.ready) return c.json({ code: Code.OK, result: 'success', data: state }, 200);
    return c.json({ code: 503, result: c.get('t')('error.unavailable'), data: state }, 503);
  });
}
