// `npm run bench -- --only=scale`: the list and action budgets of a site with
// a million chat messages, measured on an empty database and then on the full
// seed (bench/scale/seed.ts), with the growth curve of the square and the order
// list at 1×, 10× and 100× data, all in one throwaway PostgreSQL database.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../src/server/db/client';
import { createSession, hashToken, SESSION_TTL_MS } from '../../src/server/db/queries/sessions';
import { hashPassword } from '../../src/server/services/account/passwords';
import { BARE_HASH_ENV, BARE_LOGIN, startBare } from '../bare';
import { judgeSignIn, MAX_LOGIN_P99_RATIO, MAX_P99_MS, MIN_LOGIN_RPS_RATIO, median } from '../floor';
import { type BenchServer, startBuiltServer } from '../server';
import type { Row } from '../table';
import { CONNECTIONS, hammer, type Measured, PAYING, payments, type Sessions, type Target } from './load';
import { HEAVY, seedScale } from './seed';

const SECONDS = 5;
const MAX_P99 = 50;
/**
 * Signed-in accounts per database state; the last PAYERS pay (the payment row's warm-up second and
 * window, at up to ~600 payments/s, then the reopened dialog's), apart from the rows before. The rest are enough that
 * every order of the order row (its warm-up second and its window, at up to ~4,000 orders/s) is its
 * account's first: a second one is answered "you already have an unpaid order", which is cheaper and
 * would flatter the row.
 */
const USERS = 32_000;
const PAYERS = 6_000;
/** Of the payers: the warm-up second's (every row has one), then the payment row's window's; the rest reopen. */
const WARM_PAYERS = 1_000;
const ROW_PAYERS = 3_000;
/** Measured beside the payment row, without a budget of its own: what asking for the link again adds. */
const REOPENED = 'sandbox payment, pay dialog reopened (link asked again)';

/**
 * Accounts with HEAVY's password, signed in one after another as real traffic does (the login
 * body's field is `username`; the old row sent `email`, so its "errors" were 400s, not the limiter).
 */
function logins(emails: string[]) {
  return emails.map((username) => ({ username, password: HEAVY.password }));
}

/** The median of each figure over rounds; errors and refusals summed. */
function medianOf(runs: Measured[]): Measured {
  const mid = (f: (m: Measured) => number) => median(runs.map(f));
  const sum = (f: (m: Measured) => number) => runs.reduce((n, m) => n + f(m), 0);
  return {
    rps: mid((m) => m.rps),
    p50: mid((m) => m.p50),
    p99: mid((m) => m.p99),
    bad: sum((m) => m.bad),
    refused: sum((m) => m.refused),
  };
}

/**
 * The login rows, after every other (a password hash per request leaves work queued after its
 * window): 50 at once, and one at a time. Each is measured right after the bare project's /login
 * (the same hash and nothing else), which judges it (bench/floor.ts: judgeSignIn).
 */
const LOGIN = 'login (a different account each time)';
const LOGIN_ROUNDS = 3;
const LOGIN_ALONE = 'login, one at a time';
function signIns(emails: string[]): Target[] {
  const bodies = logins(emails);
  // `body` sets the JSON content type; `bodies` rotates the accounts.
  const login = { method: 'POST', path: '/api/user/login/email', body: bodies[0], bodies, success: 200 } as const;
  return [
    { name: LOGIN, ...login },
    { name: LOGIN_ALONE, ...login, connections: 1 },
  ];
}

function targets(product: { id: number; code: string }): Target[] {
  const page = (pageNum: number) => ({ pageNum, pageSize: 30 });
  return [
    { name: 'square page 1', method: 'POST', path: '/api/sd/list/picture', body: page(1) },
    { name: 'square page 200', method: 'POST', path: '/api/sd/list/picture', body: page(200) },
    { name: "a user's drawings", method: 'POST', path: '/api/sd/list/user/picture', body: page(1) },
    { name: "a user's orders", method: 'POST', path: '/api/order/list', body: page(1) },
    { name: 'order search', method: 'POST', path: '/api/order/list', body: { ...page(1), orderNo: '00500' } },
    { name: 'app store search', method: 'POST', path: '/api/prompt/list/all', body: { ...page(1), content: '写作' } },
    { name: 'conversation list (200)', method: 'GET', path: '/api/chat/conversations' },
    { name: 'conversation fetch', method: 'GET', path: '/api/chat/conversations/100100' },
    {
      name: 'order creation',
      method: 'POST',
      path: '/api/order/create',
      body: { productId: product.id, productCode: product.code },
      rotate: true,
    },
    { name: 'coupon claim', method: 'GET', path: '/api/coupon/draw/48', rotate: true },
  ];
}

/** `count` users with sessions; they share HEAVY's password (one hash), so the login row can sign them in. */
async function rows(db: Awaited<ReturnType<typeof openDatabase>>['db'], count: number, tag: string) {
  const hash = await hashPassword(HEAVY.password);
  const res = (await db.execute(sql`insert into users (email, password_hash, email_verified_at)
    select ${tag} || '-s' || g || '@example.com', ${hash}, now()
    from generate_series(1, ${count}::int) g returning id, email`)) as unknown as {
    rows: Array<{ id: number; email: string }>;
  };
  // Sessions as createSession makes them (a random token, its hash stored), many per statement.
  const tokens = res.rows.map(() => randomBytes(32).toString('base64url'));
  for (let i = 0; i < tokens.length; i += 5_000) {
    const ids = res.rows.slice(i, i + 5_000).map((r) => r.id);
    const hashes = tokens.slice(i, i + 5_000).map(hashToken);
    await db.execute(sql`insert into sessions (user_id, token_hash, created_at, expires_at)
      select u, h, now(), now() + ${`${SESSION_TTL_MS} milliseconds`}::interval
      from unnest(${`{${ids.join(',')}}`}::int[], ${`{${hashes.join(',')}}`}::text[]) as s(u, h)`);
  }
  return { tokens, emails: res.rows.map((r) => r.email) };
}

/**
 * Waits (at most 15 s) until the server is idle: a row must not leave work behind for the next.
 * Answering at once is not enough: the login row leaves password hashes queued on libuv's
 * threads, which a health check never waits for but the next row's requests share the CPU with.
 */
async function settle(server: BenchServer) {
  const end = Date.now() + 15_000;
  while (Date.now() < end) {
    const t0 = performance.now();
    const cpu0 = server.cpuMs();
    await fetch(`${server.url}/api/health`).catch(() => undefined);
    const answered = performance.now() - t0 < 50;
    await new Promise((r) => setTimeout(r, 250));
    // Under 10 % of one core over the last quarter second (the clock ticks in 10 ms).
    if (answered && server.cpuMs() - cpu0 <= 30) return;
  }
}

const fmt = (m: Measured) => `p50 ${m.p50} ms, p99 ${m.p99} ms, ${m.rps.toFixed(0)} req/s`;

export async function measureScale(
  root: string,
  bareRoot: string,
  port: number,
  barePort: number,
  adminUrl: string,
): Promise<Row[]> {
  const name = `scale_${Date.now()}`;
  const admin = await openDatabase({ databaseUrl: adminUrl, dataDir: '/nonexistent' });
  await admin.db.execute(sql.raw(`create database ${name}`));
  await admin.close();
  const url = adminUrl.replace(/\/[^/]*$/, `/${name}`);
  const database = await openDatabase({ databaseUrl: url, dataDir: '/nonexistent' });
  const server = await startBuiltServer(root, port, { DATABASE_URL: url, MAX_CONNECTIONS_PER_IP: '0' });
  const bare = await startBare(bareRoot, barePort, {}, { [BARE_HASH_ENV]: await hashPassword(HEAVY.password) });
  const out: Row[] = [];
  try {
    const { db } = database;
    const note = (s: string) => process.stderr.write(`bench: scale: ${s}\n`);
    const productRow = (await db.execute(
      sql`select id, product_code as code from products where enabled order by id limit 1`,
    )) as unknown as { rows: Array<{ id: number; code: string }> };
    const product = productRow.rows[0];
    if (!product) throw new Error('no product to order');
    const sessions = async (heavyId: number): Promise<Sessions & { payers: string[]; emails: string[] }> => {
      // Enough that every order in the row is a first one: at ~1,000 orders/s, 3,000 accounts made
      // half the row's answers "you already have an unpaid order", which are cheaper.
      const made = await rows(db, USERS, `t${Date.now().toString(36)}`);
      // As the seed is (seed.ts): autovacuum's first visit to these rows must not share the cores
      // with the rows measured next.
      await db.execute(sql.raw('vacuum (analyze) users, sessions'));
      return {
        heavy: await createSession(db, { userId: heavyId }),
        many: made.tokens.slice(0, USERS - PAYERS),
        payers: made.tokens.slice(USERS - PAYERS),
        emails: made.emails,
      };
    };
    const drop = () => db.execute(sql`select pg_notify('miaobi_square', 'scale')`);
    // The server measured is the one left with work to finish (queued hashes) before the next row.
    const measure = async (on: BenchServer, t: Target, s: Sessions, warm = true) => {
      if (warm) await hammer(on.url, t, s, 1);
      const m = await hammer(on.url, t, s, SECONDS);
      await settle(on);
      return m;
    };
    /** The rows of one database state (ours), and the bare /login measured beside each login row. */
    const run = async (ts: Target[], s: Sessions & { payers: string[]; emails: string[] }) => {
      const got = new Map<string, Measured>();
      const floor = new Map<string, Measured>();
      for (const t of ts) got.set(t.name, await measure(server, t, s));
      const tokens = s.payers;
      // Its first mail loads nodemailer (~0.4 s) and its steps' code compiles: not what a payment costs.
      const windowEnd = WARM_PAYERS + ROW_PAYERS;
      await payments(server.url, tokens.slice(0, WARM_PAYERS), product, 1);
      got.set(
        'sandbox payment end to end',
        await payments(server.url, tokens.slice(WARM_PAYERS, windowEnd), product, SECONDS),
      );
      got.set(REOPENED, await payments(server.url, tokens.slice(windowEnd), product, SECONDS, { reopen: true }));
      await settle(server);
      // Interleaved rounds, the bare /login right before ours each time; medians of the rounds.
      const runs = new Map<string, { ours: Measured[]; bare: Measured[] }>();
      for (let round = 0; round < LOGIN_ROUNDS; round++) {
        for (const t of signIns(s.emails)) {
          const r = runs.get(t.name) ?? { ours: [], bare: [] };
          runs.set(t.name, r);
          r.bare.push(await measure(bare, { ...t, path: BARE_LOGIN }, s, round === 0));
          r.ours.push(await measure(server, t, s, round === 0));
        }
      }
      for (const [name, r] of runs) {
        floor.set(name, medianOf(r.bare));
        got.set(name, medianOf(r.ours));
      }
      return { got, floor };
    };

    // Empty: only the heavy user (no conversations, drawings or orders).
    note('empty database …');
    const empty = await seedScale(db, 0);
    const emptyS = await sessions(empty.heavyId);
    const before = (await run(targets(product), emptyS)).got;

    // Growth: 1×, 10×, 100× (the full seed) of the square and the order list.
    const growth: Array<{ scale: string; square: Measured; keyset: Measured; orders: Measured }> = [];
    let seeded = 0;
    let last = empty;
    for (const [scale, factor] of [
      ['1×', 0.01],
      ['10×', 0.1],
      ['100×', 1],
    ] as const) {
      const t0 = Date.now();
      last = await seedScale(db, factor - seeded);
      seeded = factor;
      await drop();
      note(`${scale} seeded in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
      const s: Sessions = { heavy: await createSession(db, { userId: last.heavyId }), many: [] };
      const list = targets(product);
      // A search is never cached: the square's query itself, at a deep page. Once as an offset
      // (page 100 asked cold: its cost grows with the rows before it) and once as the client asks
      // for it while scrolling, after the last picture it shows (keyset: flat).
      const square = { ...(list[0] as Target), body: { pageNum: 100, pageSize: 30, content: '山水' } };
      // The 2,970th match, newest first (the last one shown before page 100), or the oldest when fewer.
      const deep = (await db.execute(sql`select task_id as id from (select task_id, id from drawings
        where status = 10 and public_flag = 1 and review = 'published' and prompt like '%山水%'
        order by id desc limit 2970) d order by id limit 1`)) as unknown as { rows: Array<{ id: string }> };
      const cursor = deep.rows[0]?.id;
      growth.push({
        scale,
        square: await hammer(server.url, square, s, SECONDS),
        keyset: await hammer(server.url, { ...square, body: { ...square.body, cursor } }, s, SECONDS),
        orders: await hammer(server.url, list[3] as Target, s, SECONDS),
      });
    }

    note('full seed …');
    const fullS = await sessions(last.heavyId);
    const { got: after, floor } = await run(targets(product), fullS);

    for (const [label, m] of after) {
      const e = before.get(label) as Measured;
      const ratio = m.p99 / Math.max(1, e.p99);
      const hash = floor.get(label);
      if (hash) {
        const alone = label === LOGIN_ALONE;
        const v = judgeSignIn({ rps: m.rps, p99Ms: m.p99 }, { rps: hash.rps, p99Ms: hash.p99 }, alone);
        out.push({
          name: `scale ${label}`,
          value: `${fmt(m)} (${v.rpsRatio.toFixed(2)}× bare req/s, ${v.p99Ratio.toFixed(2)}× bare p99)`,
          budget: alone
            ? `≥ ${MIN_LOGIN_RPS_RATIO}× bare req/s, p99 < ${MAX_P99_MS} ms, ≤ 2× empty`
            : `≥ ${MIN_LOGIN_RPS_RATIO}× bare req/s, p99 ≤ ${MAX_LOGIN_P99_RATIO}× bare, ≤ 2× empty`,
          ok: v.ok && m.bad === 0 && m.refused === 0 && ratio <= 2,
          note: `medians of ${LOGIN_ROUNDS} rounds, each after the bare /login (the same hash, nothing else): ${fmt(hash)}, ${hash.bad + hash.refused} errors; empty: ${fmt(e)}; ${ratio.toFixed(2)}× p99; ${m.bad} errors, ${m.refused} refused (${alone ? 1 : CONNECTIONS} at once)`,
        });
        continue;
      }
      if (label === REOPENED) {
        out.push({
          name: `scale ${label}`,
          value: fmt(m),
          budget: '',
          ok: null,
          note: `empty: ${fmt(e)}; ${m.bad} errors`,
        });
        continue;
      }
      out.push({
        name: `scale ${label}`,
        value: fmt(m),
        budget: `p99 < ${MAX_P99} ms, ≤ 2× empty`,
        // A row none of whose requests finished in its window measured nothing: not a pass.
        ok: m.bad === 0 && m.rps > 0 && m.p99 < MAX_P99 && ratio <= 2,
        note: `empty: ${fmt(e)}; ${ratio.toFixed(2)}× p99; ${m.bad} errors, ${m.refused} refused (${label.startsWith('sandbox payment') ? `${PAYING} payments` : `${CONNECTIONS} conns`} at once)`,
      });
    }
    for (const g of growth) {
      out.push({
        name: `growth ${g.scale}`,
        value: `square search page 100: p99 ${g.square.p99} ms by offset, ${g.keyset.p99} ms by cursor; orders p99 ${g.orders.p99} ms`,
        budget: '',
        ok: null,
        note: `square by offset ${fmt(g.square)}; by cursor ${fmt(g.keyset)}; orders ${fmt(g.orders)}`,
      });
    }
  } finally {
    await bare.stop();
    await server.stop();
    await database.close();
  }
  return out;
}
