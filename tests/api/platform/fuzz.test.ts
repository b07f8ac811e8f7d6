// Property-based fuzzing of every route in /api/openapi.json: random and
// malformed bodies, wrong types, huge strings, unicode, NUL and lone
// surrogates, integers past int4 and the safe range, bad parameters.
// Always an answer below 500 with a clear, translated message; a rejected
// input changes nothing. Then every string and integer field, one by one, at its edges.
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { makeStaff } from '../admin/admin-helpers';
import { createUserWithToken, startTestServer } from '../helpers';
import { type FuzzRequest, type Operation, operationsOf, requestFor } from './fuzz-arbitraries';
import { edgesOf, inject, targetsOf, validRequest } from './fuzz-edges';

const RUNS = Number(process.env.FUZZ_RUNS ?? 30);
// Counters that a refused request may rightly bump (rate limits count attempts).
// Bookkeeping any authenticated request may write (docs/console.md: activity is recorded when a token is
// checked), whatever its input: counted tries, activity hours, usage counters, sign-ins.
const MUTABLE_TABLES = new Set(['rate_limits', 'user_activity', 'usage_hours', 'sign_ins']);
const MUTABLE_COLUMNS = ['last_seen_at', 'last_used_at'];

// Background workers finish what a valid fuzz input started; quick ones keep the waits short.
const srv = await startTestServer({
  IP_LIMIT_SCALE: '1000',
  BODY_LIMIT: '1048576',
  MUSIC_POLL_MS: '50',
  DRAW_OFFLINE_STEP_MS: '1',
  // A valid video request starts a real encode: a second at 144p ends well inside settle()'s wait.
  VIDEO_POLL_MS: '50',
  VIDEO_OFFLINE_SHORT_SIDE: '144',
  VIDEO_OFFLINE_FPS: '12',
  VIDEO_OFFLINE_MAX_SECONDS: '1',
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
const RUNNING: Record<string, string> = {
  songs: 'status < 10',
  drawings: 'status in (1, 2, 13)',
  videos: 'status in (1, 2)',
};

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

/**
 * Every real change to a watched table leaves a row in fuzz_changes (a trigger per table), so
 * "nothing changed" is one indexed read per request instead of a digest of every table. An update
 * counts only when the row differs beyond the bookkeeping columns, as a digest of the rows would see.
 */
async function watchChanges() {
  const ignored = `array[${MUTABLE_COLUMNS.map((c) => `'${c}'`).join(', ')}]`;
  const statements = [
    'create table fuzz_changes (id serial primary key, t text not null)',
    `create function fuzz_changed() returns trigger language plpgsql as $$
begin
  if tg_op = 'UPDATE' and (to_jsonb(old) - ${ignored}) = (to_jsonb(new) - ${ignored}) then return null; end if;
  insert into fuzz_changes (t) values (tg_table_name);
  return null;
end $$`,
    ...tables.flatMap((t) => [
      `create trigger fuzz_changed after insert or update or delete on "${t}" for each row execute function fuzz_changed()`,
      `create trigger fuzz_truncated after truncate on "${t}" for each statement execute function fuzz_changed()`,
    ]),
  ];
  for (const statement of statements) await srv.runtime.database.db.execute(sql.raw(statement));
}
await watchChanges();

/** Where the change log stands: the "before" of a request. */
async function changeMark(): Promise<number> {
  const res = await srv.runtime.database.db.execute(sql`select coalesce(max(id), 0)::int as n from fuzz_changes`);
  return (res as unknown as { rows: Array<{ n: number }> }).rows[0]?.n ?? 0;
}

/** Tables changed since a mark. */
async function changedSince(mark: number): Promise<string[]> {
  const res = await srv.runtime.database.db.execute(
    sql`select distinct t from fuzz_changes where id > ${mark} order by t`,
  );
  return (res as unknown as { rows: Array<{ t: string }> }).rows.map((r) => r.t);
}

// Signs of an internal error leaking into a reply.
const LEAK = /(\bat \/|node_modules|TypeError|ReferenceError|SyntaxError: |\[object Object\]|\bundefined\b|\bNaN\b)/;
// An i18n key where a translated text belongs ('validation.tooLong', 'account:validation.emailFormat').
const KEY_LIKE = /^[a-z]+(?::[A-Za-z]+)?(?:\.[A-Za-z0-9]+)+$/;

/** A refused input names what is wrong in words: result and every field message translated. */
function expectTranslated(answer: Answer, where: string) {
  const messages = [answer.json?.result, ...Object.values((answer.json?.data?.fields ?? {}) as object)];
  for (const m of messages) {
    expect(typeof m, where).toBe('string');
    expect(String(m).trim().length, where).toBeGreaterThan(0);
    expect(String(m), where).not.toMatch(KEY_LIKE);
  }
}

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
  const text =
    typeof req.body === 'string' || !req.body ? req.body : `bytes:${Buffer.from(req.body).toString('latin1')}`;
  const body = text && text.length > 300 ? `${text.slice(0, 300)}… (${text.length} chars)` : text;
  return `${req.method} ${req.url.slice(0, 300)} ${JSON.stringify(req.headers)} ${body ?? ''}`;
}

/** Who calls: console routes answer only an admin whose console session passed TOTP (others get a 404). */
async function caller(op: Operation, name: string): Promise<{ headers: Record<string, string> }> {
  if (!op.path.startsWith('/api/admin/')) return createUserWithToken(srv, `${name}@example.com`);
  const staff = await makeStaff(srv, `${name}-admin@example.com`, 'admin');
  return { headers: { ...staff.headers, cookie: staff.cookie } };
}

describe('fuzzing every /api route', () => {
  it('sees a change to a watched table, and not a bookkeeping-only update', async () => {
    const db = srv.runtime.database.db;
    await createUserWithToken(srv, 'watch@example.com');
    const mark = await changeMark();
    await db.execute(sql`update users set last_seen_at = now() where id = (select min(id) from users)`);
    expect(await changedSince(mark)).toEqual([]);
    await db.execute(sql`update users set nickname = nickname where id = (select min(id) from users)`);
    expect(await changedSince(mark)).toEqual([]);
    await db.execute(
      sql`update users set nickname = coalesce(nickname, '') || 'x' where id = (select min(id) from users)`,
    );
    expect(await changedSince(mark)).toEqual(['users']);
  });

  it('finds the routes in the OpenAPI document', () => {
    expect(operations.length).toBeGreaterThan(40);
    expect(operations.some((o) => o.body)).toBe(true);
  });

  operations.forEach((op, index) => {
    it(`${op.method} ${op.path} answers bad input with a clear 4xx and changes nothing`, async () => {
      const user = await caller(op, `fuzz-${index}`);
      // After a refused request the database is settled and as it was: its mark is the next run's "before".
      let unchanged: number | null = null;
      await fc.assert(
        fc.asyncProperty(requestFor(op, user.headers), async (req) => {
          if (!unchanged) await settle();
          const before = unchanged ?? (await changeMark());
          unchanged = null;
          const answer = await send(req);
          const where = `${describeRequest(req)} → ${answer.status} ${answer.text.slice(0, 300)}`;
          expect(answer.status, where).toBeLessThan(500);
          if (answer.status < 400) return;
          expect(answer.text.length, where).toBeGreaterThan(0);
          expect(answer.text, where).not.toMatch(LEAK);
          if (answer.json) expectTranslated(answer, where);
          // A validation refusal is a 400, whatever was wrong.
          if (answer.json?.data?.fields !== undefined) expect(answer.status, where).toBe(400);
          // Refused before any rule ran (validation, size, type, routing): nothing may have changed.
          const refused = answer.json?.data?.fields !== undefined || [404, 405, 413, 415].includes(answer.status);
          if (!refused) return;
          expect(await changedSince(before), `${where}: the database changed`).toEqual([]);
          unchanged = before;
        }),
        { numRuns: RUNS, endOnFailure: true },
      );
    }, 120_000);
  });
});

// Routes that answer like an unknown path unless their provider is configured (and read their body raw).
const HIDDEN = /^\/api\/(wx\/callback|pay\/(wechat|alipay)\/notify)$/;
const en = JSON.parse(readFileSync('locales/en-US/common.json', 'utf8')) as Record<string, string>;
const INVALID_CHARS = new RegExp(
  `^.+${(en['validation.invalidCharacters'] ?? '?').replace('{{field}}', '').replace(/[()]/g, '\\$&')}$`,
);

describe('every string and integer field at its edges', () => {
  const cases = operations.flatMap((op) => targetsOf(op).map((t) => [op, t] as const));
  it('finds the fields', () => expect(cases.length).toBeGreaterThan(100));

  it.each(operations.map((op, i) => [`${op.method} ${op.path}`, op, i] as const))('%s', async (_name, op, i) => {
    const user = await caller(op, `edge-${i}`);
    const valid = validRequest(op);
    for (const target of targetsOf(op)) {
      const key = target.path.join('.');
      const { refused, tolerated } = edgesOf(target);
      for (const [value, mustRefuse] of [...refused.map((v) => [v, true]), ...tolerated.map((v) => [v, false])]) {
        const req = inject(valid, target, value, user.headers);
        const answer = await send(req);
        const where = `${target.in} ${key}: ${describeRequest(req)} → ${answer.status} ${answer.text.slice(0, 300)}`;
        expect(answer.status, where).toBeLessThan(500);
        if (answer.status >= 400 && answer.json) expectTranslated(answer, where);
        if (!mustRefuse || (HIDDEN.test(op.path) && answer.status === 404)) continue;
        expect(answer.status, where).toBe(400);
        const fields = (answer.json?.data?.fields ?? {}) as Record<string, string>;
        expect(fields[key], where).toBeDefined();
        if (target.kind === 'string' && !target.union) expect(fields[key], where).toMatch(INVALID_CHARS);
      }
    }
  });
});
