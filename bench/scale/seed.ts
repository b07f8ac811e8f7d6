// Seeds a database at scale with server-side generate_series (one INSERT … SELECT
// per table, no round trip per row). `factor` 1 is the full seed of issue 20:
// 100,000 users, 100,000 conversations of 10 messages, 200,000 drawings (half
// public), 50,000 songs, 100,000 orders and 2,000 apps; one known user (HEAVY)
// with a password and 200 conversations. Rows are valid for the app.
import { sql } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client';
import { hashPassword } from '../../src/server/services/account/passwords';
import { seedProductsIfEmpty } from '../../src/server/services/shop/products';

export const HEAVY = { email: 'scale-heavy@example.com', password: 'scale-Passw0rd!' };

export interface Seeded {
  heavyId: number;
  firstUser: number;
  lastUser: number;
}

const n = (full: number, factor: number) => Math.round(full * factor);

async function one<T>(db: Db, query: ReturnType<typeof sql>): Promise<T> {
  const res = (await db.execute(query)) as unknown as { rows: T[] };
  return res.rows[0] as T;
}

/** Adds the scale data to a migrated database (may be called on top of earlier data). */
export async function seedScale(db: Db, factor: number): Promise<Seeded> {
  await seedProductsIfEmpty(db);
  const tag = `${Date.now().toString(36)}`;
  const U = n(100_000, factor);
  const hash = await hashPassword(HEAVY.password);
  const heavy = await one<{ id: number }>(
    db,
    sql`insert into users (email, password_hash, email_verified_at, nickname)
        values (${`${tag}-${HEAVY.email}`}, ${hash}, now(), 'heavy') returning id`,
  );
  const range = await one<{ lo: number; hi: number }>(
    db,
    sql`with ins as (
          insert into users (email, nickname, created_at)
          select ${tag} || '-user-' || g || '@example.com', 'user ' || g, now() - (g || ' seconds')::interval
          from generate_series(1, ${U}) g returning id)
        select min(id)::int as lo, max(id)::int as hi from ins`,
  );
  // factor 0: only HEAVY and its conversations (the empty database of the comparison).
  const lo = range.lo === null ? heavy.id : Number(range.lo);
  const users = range.lo === null ? 1 : Number(range.hi) - lo + 1;
  // Conversations: 10 messages each (question/answer pairs), one per user; HEAVY gets 200.
  const message = sql`jsonb_build_object('id', 'm' || g || '-' || k, 'dateTime', 1790000000000 + g * 1000 + k,
      'inversion', k % 2 = 0, 'text', case when k % 2 = 0 then '你好，第 ' || g || ' 个问题' else '这是第 ' || k || ' 条回答，内容较长一些以模拟真实的聊天记录。' end)`;
  const conversations = async (count: number, user: ReturnType<typeof sql>) =>
    db.execute(sql`insert into chat_conversations (user_id, uuid, title, messages, changed_at)
      select ${user}, 100000 + g, '对话 ' || g,
        (select jsonb_agg(${message} order by k) from generate_series(0, 9) k),
        1790000000000 + g * 1000
      from generate_series(1, ${count}) g`);
  await conversations(n(100_000, factor), sql`${lo} + (g % ${users})`);
  await conversations(200, sql`${heavy.id}`);
  // Drawings: every one done; even ones public and published. HEAVY owns every 500th.
  const owner = sql`case when g % 500 = 0 then ${heavy.id} else ${lo} + (g % ${users}) end`;
  await db.execute(sql`insert into drawings (task_id, user_id, prompt, draw_rate, draw_quality, draw_steps, seed,
      public_flag, review, status, progress, provider, hook_token, image_url, thumbnails_url, width, height,
      deadline_at, created_at, updated_at, finished_at)
    select ${tag} || 'd' || lpad(g::text, 9, '0'), ${owner}, '山水画 第 ' || g || ' 张', '1:1', 1, 20, g,
      case when g % 2 = 0 then 1 else 2 end, 'published', 10, 100, 'offline', md5(g::text),
      '/files/scale/' || g || '.png', '/files/scale/' || g || '-t.png', 512, 512, now(),
      now() - (g || ' seconds')::interval, now(), now()
    from generate_series(1, ${n(200_000, factor)}) g`);
  await db.execute(sql`insert into songs (task_id, user_id, mode, prompt, title, status, progress, provider, charge,
      audio_url, cover_url, duration, deadline)
    select 'song_' || ${tag} || g, ${owner}, 'inspiration', '夏日海风 ' || g, '歌 ' || g, 10, 100, 'offline', 'free',
      '/files/scale/' || g || '.mp3', '/files/scale/' || g || '.jpg', 120, now()
    from generate_series(1, ${n(50_000, factor)}) g`);
  // Orders: paid (no unpaid-order conflict); HEAVY has every 500th.
  await db.execute(sql`insert into orders (order_no, user_id, product_id, product_code, product_type, product_benefit,
      order_desc, order_price, order_status, pay_provider, pay_limit_time, created_at, updated_at, expires_at, paid_at)
    select ${tag} || lpad(g::text, 10, '0'), ${owner}, p.id, p.product_code, p.product_type, p.product_benefit,
      p.product_name, p.product_dis_price, 1, 'sandbox', 900, now() - (g || ' seconds')::interval, now(), now(), now()
    from generate_series(1, ${n(100_000, factor)}) g,
      lateral (select * from products order by id offset (g % 3) limit 1) p`);
  await db.execute(sql`insert into apps (owner_id, prompt_title, prompt_content, prompt_description, icon_url,
      category, published, review, sort_order)
    select ${lo} + (g % ${users}), '写作助手 ' || g, '你是一位写作助手 ' || g, '帮你写好文章 ' || g, 'emoji:✍️',
      'writing', true, 'published', 100
    from generate_series(1, ${n(2_000, factor)}) g`);
  // Vacuumed as well as analysed: a site in use is not a bulk load that autovacuum has yet to
  // visit, and that visit would otherwise share the cores with the measurement that follows.
  for (const t of ['users', 'chat_conversations', 'drawings', 'songs', 'orders', 'apps']) {
    await db.execute(sql.raw(`vacuum (analyze) ${t}`));
  }
  return { heavyId: heavy.id, firstUser: lo, lastUser: lo + users - 1 };
}
