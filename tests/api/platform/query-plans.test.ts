// Every list query of the scale bench uses its index on a seeded database
// (bench/scale/seed.ts at 1/20 of the full seed, ~28,000 rows, analysed):
// asserted on the plan's nodes, never on time.
import { and, desc, eq, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedScale } from '../../../bench/scale/seed';
import { type Database, openDatabase } from '../../../src/server/db/client';
import { containsText } from '../../../src/server/db/queries/text-search';
import { apps, drawings } from '../../../src/server/db/schema';
import { listPublic } from '../../../src/server/services/drawing/square';
import { createTestDatabase } from '../helpers';

let database: Database;
let drop: () => Promise<void>;
let heavy = 0;

beforeAll(async () => {
  const made = await createTestDatabase();
  drop = made.drop;
  database = await openDatabase(made);
  heavy = (await seedScale(database.db, 0.05)).heavyId;
}, 300_000);

afterAll(async () => {
  await database?.close();
  await drop?.();
});

async function plan(query: string | SQLWrapper): Promise<string> {
  const res = (await database.db.execute(
    typeof query === 'string' ? sql.raw(`explain ${query}`) : sql`explain ${query}`,
  )) as unknown as {
    rows: Array<Record<string, string>>;
  };
  return res.rows.map((r) => Object.values(r)[0]).join('\n');
}

const PUBLIC = `status = 10 and public_flag = 1 and review = 'published'`;

describe('list queries use their index on a seeded database', () => {
  it.each([
    ['square first page', `select * from drawings where ${PUBLIC} order by id desc limit 30`, 'drawings_public_idx'],
    [
      'square deep page by cursor',
      `select * from drawings where ${PUBLIC} and id < 5000 order by id desc limit 30`,
      'drawings_public_idx',
    ],
    [
      "a user's drawings",
      'select * from drawings where user_id = $U and status = 10 order by id desc limit 30',
      'drawings_user_done_idx',
    ],
    [
      "a user's orders",
      'select * from orders where user_id = $U order by created_at desc, id desc limit 30',
      'orders_user_idx',
    ],
    [
      'order search',
      `select * from orders where user_id = $U and order_no like '%005%' order by created_at desc, id desc limit 30`,
      'orders_user_idx',
    ],
    [
      'app store',
      `select * from apps where published and review = 'published' and deleted_at is null order by sort_order, id desc limit 30`,
      'apps_store_idx',
    ],
    [
      'conversation list',
      'select uuid, title, changed_at from chat_conversations where user_id = $U order by changed_at desc',
      'chat_conversations_user',
    ],
    [
      'conversation fetch',
      'select * from chat_conversations where user_id = $U and uuid = 100100',
      'chat_conversations_user_uuid_idx',
    ],
  ])('%s', async (_name, query, index) => {
    const text = await plan(query.replaceAll('$U', String(heavy)));
    expect(text).toContain(index);
    expect(text).not.toMatch(/Seq Scan on (drawings|orders|chat_conversations)/);
  });
});

// The searches as the services write them (containsText), on the seed's prompts "山水画 第 N 张"
// and apps "写作助手 N": a rare term goes through the trigram index, two characters included; a
// term every row matches walks the newest-first index and stops at the page.
describe('searches use the trigram index on a seeded database', () => {
  const square = (term: string) =>
    database.db
      .select()
      .from(drawings)
      .where(
        and(
          eq(drawings.status, 10),
          eq(drawings.publicFlag, 1),
          eq(drawings.review, 'published'),
          containsText(drawings.searchText, term),
        ),
      )
      .orderBy(desc(drawings.id))
      .limit(31);
  const store = (term: string): SQL =>
    sql`select * from apps where published and review = 'published' and deleted_at is null
      and ${containsText(apps.searchText, term)} order by sort_order, id desc limit 31`;

  it.each([
    ['square, a rare term', () => square('第 1234 张'), 'drawings_search_idx'],
    ['square, a rare two-character term', () => square('张山'), 'drawings_search_idx'],
    ['square, a term every prompt holds', () => square('山水'), 'drawings_public_idx'],
  ])('%s', async (_name, query, index) => {
    const text = await plan(query());
    expect(text).toContain(index);
    expect(text).not.toMatch(/Seq Scan on drawings/);
  });

  // What each of the database's sessions keeps prepared: PostgreSQL's pool connections (all of
  // them at once: idle ones are handed out first), or PGlite's one session.
  async function keptStatements(): Promise<string[]> {
    const read = 'select statement from pg_prepared_statements';
    const client = (database.db as unknown as { $client: unknown }).$client;
    if (database.kind !== 'postgres') {
      const res = (await database.db.execute(sql.raw(read))) as unknown as { rows: Array<{ statement: string }> };
      return res.rows.map((r) => r.statement);
    }
    const pool = client as import('pg').Pool;
    const held = await Promise.all(Array.from({ length: pool.totalCount }, () => pool.connect()));
    try {
      const all = await Promise.all(held.map((c) => c.query<{ statement: string }>(read)));
      return all.flatMap((r) => r.rows.map((row) => row.statement));
    } finally {
      for (const c of held) c.release();
    }
  }

  it("the square's search is planned for its term on every call: no plan made without it is kept", async () => {
    // After five executions PostgreSQL may keep a generic plan, which for a term every prompt
    // holds sorted every match; a rare term's best plan is the other index.
    for (let i = 0; i < 8; i++) {
      const common = await listPublic(database.db, { pageNum: 100, pageSize: 30, content: '山水' });
      expect(common.records).toHaveLength(30);
      const rare = await listPublic(database.db, { pageNum: 1, pageSize: 30, content: '第 1234 张' });
      expect(rare.records.length).toBeGreaterThan(0);
      // By cursor: the picture's id is looked up by a statement that is kept.
      const next = await listPublic(database.db, {
        pageNum: 101,
        pageSize: 30,
        content: '山水',
        cursor: common.records[29]?.id,
      });
      expect(next.records[0]?.id).not.toBe(common.records[29]?.id);
    }
    const kept = await keptStatements();
    // The view sees the pool's statements: PostgreSQL keeps the cursor's lookup (PGlite keeps none).
    if (database.kind === 'postgres') expect(kept.some((s) => s.includes('"task_id" = $'))).toBe(true);
    expect(kept.filter((s) => s.includes('search_text'))).toEqual([]);
  });

  it('the app store, a rare term (among 2,000 more apps: on a hundred a scan is cheaper)', async () => {
    await database.db.execute(sql`insert into apps (owner_id, prompt_title, prompt_content, prompt_description,
        icon_url, category, published, review, sort_order)
      select ${heavy}, '写作助手 ' || g, '你是一位写作助手 ' || g, '帮你写好文章 ' || g, 'emoji:✍️', 'writing',
        true, 'published', 100
      from generate_series(1, 2000) g`);
    await database.db.execute(sql`vacuum analyze apps`);
    expect(await plan(store('助手 1234'))).toContain('apps_search_idx');
    expect(await plan(store('手助'))).toContain('apps_search_idx');
    // Every app holds it: the store's order, stopping at the page.
    expect(await plan(store('写作'))).toContain('apps_store_idx');
  });

  it('a match found through the doubled index is the same as a plain ILIKE finds', async () => {
    // Case, LIKE's own characters and characters beyond the Basic Multilingual Plane.
    await database.db.execute(sql`insert into drawings (task_id, user_id, prompt, draw_rate, draw_quality,
        draw_steps, seed, public_flag, status, provider, hook_token, deadline_at)
      values ('cases-1', ${heavy}, ${'A Big_Cat 100% \\ Ünïcode 😀'}, '1:1', 1, 20, 1, 1, 10, 'offline', 'x', now())`);
    for (const term of [
      '山水',
      '第 1234 张',
      '张山',
      '1234',
      '%',
      '画 第 1',
      'big_cat',
      'b_g',
      '0%',
      '\\',
      'üNÏ',
      '😀',
    ]) {
      const plain = (await database.db.execute(
        sql`select count(*)::int as n from drawings where prompt ilike ${`%${term.replace(/[\\%_]/g, '\\$&')}%`}`,
      )) as unknown as { rows: Array<{ n: number }> };
      const both = (await database.db.execute(
        sql`select count(*)::int as n from drawings where ${containsText(drawings.searchText, term)}`,
      )) as unknown as { rows: Array<{ n: number }> };
      expect(both.rows[0]?.n, term).toBe(plain.rows[0]?.n);
      // The row above is found by case and escaped characters; `_` is no wildcard.
      if (['big_cat', '0%', '\\', '😀'].includes(term)) expect(both.rows[0]?.n, term).toBeGreaterThan(0);
      if (term === 'b_g') expect(both.rows[0]?.n).toBe(0);
    }
  });
});
