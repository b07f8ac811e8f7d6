// Every list query of the scale bench uses its index on a seeded database
// (bench/scale/seed.ts at 1/20 of the full seed, ~28,000 rows, analysed):
// asserted on the plan's nodes, never on time.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedScale } from '../../../bench/scale/seed';
import { type Database, openDatabase } from '../../../src/server/db/client';
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

async function plan(query: string): Promise<string> {
  const res = (await database.db.execute(sql.raw(`explain ${query}`))) as unknown as {
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
