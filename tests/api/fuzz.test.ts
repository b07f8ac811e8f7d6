// Property-based fuzzing of every route in /api/openapi.json: random and
// malformed bodies, wrong types, huge strings, unicode, bad parameters.
// Always an answer below 500 with a clear message; a rejected input changes nothing.
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { type FuzzRequest, type Operation, operationsOf, requestFor } from './fuzz-arbitraries';
import { createUserWithToken, startTestServer } from './helpers';

const RUNS = Number(process.env.FUZZ_RUNS ?? 30);
// Counters that a refused request may rightly bump (rate limits count attempts).
const MUTABLE_TABLES = new Set(['rate_limits']);

// Background workers finish what a valid fuzz input started; quick ones keep the waits short.
const srv = await startTestServer({
  IP_LIMIT_SCALE: '1000',
  BODY_LIMIT: '1048576',
  MUSIC_POLL_MS: '50',
  DRAW_OFFLINE_STEP_MS: '1',
});
afterAll(() => srv.dispose());
const doc = await (await fetch(`${srv.url}/api/openapi.json`)).json();
const operations: Operation[] = operationsOf(doc);

const tablesResult = await srv.runtime.database.db.execute(
  sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
);
const tables = (tablesResult as unknown as { rows: Array<{ table_name: string }> }).rows
  .map((r) => r.table_name)
  .filter((t) => !MUTABLE_TABLES.has(t));

// Rows a background worker is still changing: the comparison waits until there are none.
const RUNNING: Record<string, string> = { songs: 'status < 10', drawings: 'status in (1, 2, 13)' };

async function settle() {
  const checks = Object.entries(RUNNING).filter(([t]) => tables.includes(t));
  if (!checks.length) return;
  const query = checks.map(([t, where]) => `select count(*)::int as n from "${t}" where ${where}`).join(' union all ');
  for (let i = 0; i < 400; i++) {
    const res = (await srv.runtime.database.db.execute(sql.raw(query))) as unknown as { rows: Array<{ n: number }> };
    if (res.rows.every((r) => r.n === 0)) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('background tasks did not finish in 10 s');
}

/** One digest of every row of every table. */
async function fingerprint(): Promise<string> {
  const parts = tables.map(
    (t) =>
      `select '${t}' as t, count(*)::int as n, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h from "${t}" x`,
  );
  const res = await srv.runtime.database.db.execute(sql.raw(parts.join(' union all ')));
  return JSON.stringify((res as unknown as { rows: unknown[] }).rows);
}

function changedTables(before: string, after: string): string[] {
  const digest = (json: string) =>
    new Map((JSON.parse(json) as Array<{ t: string; h: string }>).map((r) => [r.t, r.h]));
  const a = digest(before);
  return [...digest(after)].filter(([t, h]) => a.get(t) !== h).map(([t]) => t);
}

// Signs of an internal error leaking into a reply.
const LEAK = /(\bat \/|node_modules|TypeError|ReferenceError|SyntaxError: |\[object Object\]|\bundefined\b|\bNaN\b)/;

interface Answer {
  status: number;
  text: string;
  json: { code?: unknown; result?: unknown; data?: { fields?: unknown } } | null;
}

async function send(req: FuzzRequest): Promise<Answer> {
  const res = await fetch(srv.url + req.url, {
    method: req.method,
    headers: req.headers,
    body: req.body,
    redirect: 'manual',
    signal: AbortSignal.timeout(15_000),
  });
  const text = await res.text();
  let json: Answer['json'] = null;
  try {
    json = JSON.parse(text);
  } catch {
    // provider-shaped replies (WeChat XML, Alipay's "fail") are text
  }
  return { status: res.status, text, json };
}

function describeRequest(req: FuzzRequest): string {
  const body = req.body && req.body.length > 300 ? `${req.body.slice(0, 300)}… (${req.body.length} chars)` : req.body;
  return `${req.method} ${req.url.slice(0, 300)} ${JSON.stringify(req.headers)} ${body ?? ''}`;
}

describe('fuzzing every /api route', () => {
  it('finds the routes in the OpenAPI document', () => {
    expect(operations.length).toBeGreaterThan(40);
    expect(operations.some((o) => o.body)).toBe(true);
  });

  operations.forEach((op, index) => {
    it(`${op.method} ${op.path} answers bad input with a clear 4xx and changes nothing`, async () => {
      const user = await createUserWithToken(srv, `fuzz-${index}@example.com`);
      await fc.assert(
        fc.asyncProperty(requestFor(op, user.headers), async (req) => {
          await settle();
          const before = await fingerprint();
          const answer = await send(req);
          const where = `${describeRequest(req)} → ${answer.status} ${answer.text.slice(0, 300)}`;
          expect(answer.status, where).toBeLessThan(500);
          if (answer.status < 400) return;
          expect(answer.text.length, where).toBeGreaterThan(0);
          expect(answer.text, where).not.toMatch(LEAK);
          if (answer.json) {
            expect(typeof answer.json.result, where).toBe('string');
            expect(String(answer.json.result).trim().length, where).toBeGreaterThan(0);
          }
          // Refused before any rule ran (validation, size, type, routing): nothing may have changed.
          const refused = answer.json?.data?.fields !== undefined || [404, 405, 413, 415].includes(answer.status);
          if (refused) expect(changedTables(before, await fingerprint()), `${where}: the database changed`).toEqual([]);
        }),
        { numRuns: RUNS, endOnFailure: true },
      );
    }, 120_000);
  });
});
