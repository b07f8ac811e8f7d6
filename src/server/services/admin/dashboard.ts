import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/** One day of the dashboard's series, in the site's time zone. */
export interface DayRow {
  day: string;
  revenueFen: number;
  paidOrders: number;
  createdOrders: number;
  newUsers: number;
  drawings: number;
  songs: number;
}

const num = (v: unknown) => Number(v ?? 0);
type Query = ReturnType<typeof sql>;
// Both drivers (PGlite, node-postgres) answer raw SQL with { rows }.
const rowsOf = async (db: Db, q: Query) =>
  ((await db.execute(q)) as unknown as { rows: Record<string, unknown>[] }).rows;

/**
 * Counts per day for the last `days` days (today included), from the rows
 * themselves: orders, users, drawings, songs. Chat messages are counted by the
 * chat quota's daily counters, which are kept two days, so only today's is shown.
 */
export async function dashboard(db: Db, days: number, timeZone: string, now = new Date()) {
  const tz = sql.raw(`'${timeZone.replace(/'/g, '')}'`);
  const today = sql`date_trunc('day', ${now.toISOString()}::timestamptz at time zone ${tz})`;
  const since = sql`((${today} - ${days - 1} * interval '1 day') at time zone ${tz})`;
  const dayOf = (col: string) => sql.raw(`to_char(${col} at time zone `).append(sql`${tz}, 'YYYY-MM-DD')`);
  const series = await rowsOf(
    db,
    sql`
    with d as (
      select to_char(g, 'YYYY-MM-DD') as day from generate_series(${today} - ${days - 1} * interval '1 day', ${today}, interval '1 day') g
    ),
    o as (
      select ${dayOf('created_at')} as day, count(*) as created,
        count(*) filter (where order_status = 1) as paid,
        coalesce(sum(order_price) filter (where order_status = 1), 0) as revenue
      from orders where created_at >= ${since} group by 1
    ),
    u as (select ${dayOf('created_at')} as day, count(*) as n from users where created_at >= ${since} group by 1),
    dr as (select ${dayOf('created_at')} as day, count(*) as n from drawings where created_at >= ${since} group by 1),
    s as (select ${dayOf('created_at')} as day, count(*) as n from songs where created_at >= ${since} group by 1)
    select d.day, o.revenue, o.paid, o.created, u.n as users, dr.n as drawings, s.n as songs
    from d left join o using (day) left join u using (day) left join dr using (day) left join s using (day)
    order by d.day`,
  );
  const rows: DayRow[] = series.map((r) => ({
    day: String(r.day),
    revenueFen: num(r.revenue),
    paidOrders: num(r.paid),
    createdOrders: num(r.created),
    newUsers: num(r.users),
    drawings: num(r.drawings),
    songs: num(r.songs),
  }));
  const sum = (k: keyof Omit<DayRow, 'day'>) => rows.reduce((n, r) => n + r[k], 0);
  const single = async (q: Query) => num((await rowsOf(db, q))[0]?.n);
  const nowIso = now.toISOString();
  const totals = {
    revenueFen: sum('revenueFen'),
    paidOrders: sum('paidOrders'),
    createdOrders: sum('createdOrders'),
    conversion: sum('createdOrders') ? sum('paidOrders') / sum('createdOrders') : null,
    newUsers: sum('newUsers'),
    drawings: sum('drawings'),
    songs: sum('songs'),
    activeMembers: await single(
      sql`select count(*) as n from users where deleted_at is null and (end_date > ${nowIso}::timestamptz or end_date_plus > ${nowIso}::timestamptz)`,
    ),
    chatMessagesToday: await single(
      sql`select coalesce(sum(count), 0) as n from rate_limits where key like 'chat:%' and window_start = (select max(window_start) from rate_limits where key like 'chat:%')`,
    ),
  };
  const queue = async (table: 'drawings' | 'songs', waiting: number[], running: number[], failed: number[]) => {
    const [r] = await rowsOf(
      db,
      sql`select
        count(*) filter (where status in (${sql.raw(waiting.join(','))})) as waiting,
        count(*) filter (where status in (${sql.raw(running.join(','))})) as running,
        count(*) filter (where status in (${sql.raw(failed.join(','))}) and updated_at > ${nowIso}::timestamptz - interval '1 hour') as failed
        from ${sql.raw(table)}`,
    );
    return { waiting: num(r?.waiting), running: num(r?.running), failedLastHour: num(r?.failed) };
  };
  return {
    days,
    series: rows,
    totals,
    queues: {
      drawings: await queue('drawings', [1], [2, 13], [11]),
      songs: await queue('songs', [1], [2, 3], [11]),
    },
  };
}
