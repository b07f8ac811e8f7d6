import { type SQL, sql } from 'drizzle-orm';
import type { Dashboard, DashboardDay } from '../../../shared/contract/admin';
import { dayKey } from '../../../shared/site-time';
import type { Db } from '../../db/client';
import { DomainError } from '../../errors';
import { referralFigures } from '../referral/console';

const DAY = 86_400_000;
/** The longest range the dashboard answers, in days. */
export const MAX_RANGE_DAYS = 366;

const num = (v: unknown) => Number(v ?? 0);
// Both drivers (PGlite, node-postgres) answer raw SQL with { rows }.
const rowsOf = async (db: Db, q: SQL) => ((await db.execute(q)) as unknown as { rows: Record<string, unknown>[] }).rows;

/** The last `days` site days up to today, as a range of YYYY-MM-DD. */
export function lastDays(days: number, timeZone: string, now = Date.now()) {
  const to = dayKey(now, timeZone);
  const from = new Date(Date.parse(`${to}T00:00:00Z`) - (days - 1) * DAY).toISOString().slice(0, 10);
  return { from, to };
}

/** A chosen range: both ends are site days, `to` included; 400 when reversed or too long. */
export function checkRange(from: string, to: string) {
  const span = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY + 1;
  if (!(span >= 1 && span <= MAX_RANGE_DAYS))
    throw new DomainError(400, 'admin:dash.badRange', { status: 400, params: { max: MAX_RANGE_DAYS } });
  return { from, to };
}

/** SQL pieces of a range of site days: its ends as instants, a column's site day, a column within it. */
export function rangeSql(range: { from: string; to: string }, tz: string) {
  const start = sql`((${range.from}::date)::timestamp at time zone ${tz})`;
  const end = sql`((${range.to}::date + 1)::timestamp at time zone ${tz})`;
  const day = (col: string) => sql`(${sql.raw(col)} at time zone ${tz})::date`;
  const within = (col: string) => sql`${sql.raw(col)} >= ${start} and ${sql.raw(col)} < ${end}`;
  return { start, end, day, within };
}

/** Revenue by the site day of payment: `day`, `paid` orders, `revenue` in fen (the usage page's margin too). */
export function paidByDay(range: { from: string; to: string }, tz: string) {
  const { day, within } = rangeSql(range, tz);
  return sql`select ${day('paid_at')} as day, count(*) as paid, sum(order_price) as revenue
      from orders where ${within('paid_at')} and order_status <> 9 group by 1`;
}

/** Completed refunds by the site day they finished: `day`, `n`, `fen`. */
export function refundedByDay(range: { from: string; to: string }, tz: string) {
  const { day, within } = rangeSql(range, tz);
  return sql`select ${day('finished_at')} as day, count(*) as n, sum(amount) as fen
      from order_refunds where status = 'success' and ${within('finished_at')} group by 1`;
}

/**
 * The dashboard's figures for the site days `from`..`to` (docs/console.md).
 * Every figure is a count in SQL over an index on the time column it filters
 * on (migration 0017), grouped by the site day; nothing is summed in JS but
 * the per-day rows.
 */
export async function dashboard(
  db: Db,
  range: { from: string; to: string },
  timeZone: string,
  now = new Date(),
): Promise<Dashboard> {
  const { end, day, within } = rangeSql(range, timeZone);
  const series = await rowsOf(
    db,
    sql`
    with d as (
      select g::date as day from generate_series(${range.from}::date, ${range.to}::date, interval '1 day') g
    ),
    oc as (
      select ${day('created_at')} as day, count(*) as created, count(*) filter (where paid_at is not null) as converted
      from orders where ${within('created_at')} and order_status <> 9 group by 1
    ),
    op as (${paidByDay(range, timeZone)}),
    rf as (${refundedByDay(range, timeZone)}),
    u as (select ${day('created_at')} as day, count(*) as n from users where ${within('created_at')} group by 1),
    a as (
      select ${day('hour')} as day, count(distinct user_id) as n from user_activity where ${within('hour')} group by 1
    ),
    c as (
      select ${day('hour')} as day, sum(count) as n from usage_hours
      where metric = 'chat' and ${within('hour')} group by 1
    ),
    dr as (select ${day('created_at')} as day, count(*) as n from drawings where ${within('created_at')} group by 1),
    s as (select ${day('created_at')} as day, count(*) as n from songs where ${within('created_at')} group by 1),
    cc as (
      select ${day('claimed_at')} as day, count(*) as n from coupon_claims where ${within('claimed_at')} group by 1
    )
    select to_char(d.day, 'YYYY-MM-DD') as day, op.revenue, op.paid, oc.created, oc.converted,
      rf.n as refunds, rf.fen as refunded, u.n as users,
      a.n as active, c.n as chat, dr.n as drawings, s.n as songs, cc.n as claims
    from d left join oc using (day) left join op using (day) left join rf using (day) left join u using (day)
      left join a using (day)
      left join c using (day) left join dr using (day) left join s using (day) left join cc using (day)
    order by d.day`,
  );
  const rows: DashboardDay[] = series.map((r) => ({
    day: String(r.day),
    revenueFen: num(r.revenue),
    paidOrders: num(r.paid),
    createdOrders: num(r.created),
    convertedOrders: num(r.converted),
    refunds: num(r.refunds),
    refundedFen: num(r.refunded),
    newUsers: num(r.users),
    activeUsers: num(r.active),
    chatMessages: num(r.chat),
    drawings: num(r.drawings),
    songs: num(r.songs),
    couponClaims: num(r.claims),
  }));
  const sum = (k: Exclude<keyof DashboardDay, 'day'>) => rows.reduce((n, r) => n + r[k], 0);
  const nowIso = now.toISOString();
  const [once] = await rowsOf(
    db,
    sql`select
      (select count(distinct user_id) from user_activity where ${within('hour')}) as active_range,
      (select count(distinct user_id) from user_activity
        where hour >= ${end} - interval '7 days' and hour < ${end}) as active_week,
      (select count(*) from users where deleted_at is null
        and (end_date > ${nowIso}::timestamptz or end_date_plus > ${nowIso}::timestamptz)) as members`,
  );
  const providers = await rowsOf(
    db,
    sql`select 'drawing' as kind, provider, count(*) as total, count(*) filter (where status = 11) as failed
      from drawings where ${within('created_at')} group by provider
      union all
      select 'music' as kind, provider, count(*) as total, count(*) filter (where status = 11) as failed
      from songs where ${within('created_at')} group by provider
      order by kind, provider`,
  );
  const created = sum('createdOrders');
  return {
    ...range,
    series: rows,
    totals: {
      revenueFen: sum('revenueFen'),
      paidOrders: sum('paidOrders'),
      createdOrders: created,
      convertedOrders: sum('convertedOrders'),
      conversion: created ? sum('convertedOrders') / created : null,
      refunds: sum('refunds'),
      refundedFen: sum('refundedFen'),
      newUsers: sum('newUsers'),
      activeUsers: num(once?.active_range),
      activeDaily: rows.at(-1)?.activeUsers ?? 0,
      activeWeekly: num(once?.active_week),
      activeMembers: num(once?.members),
      chatMessages: sum('chatMessages'),
      drawings: sum('drawings'),
      songs: sum('songs'),
      couponClaims: sum('couponClaims'),
    },
    referral: await referralFigures(db, within),
    providers: providers.map((r) => ({
      kind: r.kind === 'music' ? 'music' : 'drawing',
      provider: String(r.provider),
      total: num(r.total),
      failed: num(r.failed),
    })),
    queues: { drawings: await queue(db, 'drawings', now), songs: await queue(db, 'songs', now) },
    failingKeys: await failingKeys(db, now),
  };
}

const iso = (v: unknown) => (v ? new Date(v as string).toISOString() : null);

/** Keys of enabled channels with failures in a row or a cool-down not yet over, the longest-failing first. */
async function failingKeys(db: Db, now: Date) {
  const rows = await rowsOf(
    db,
    sql`select c.name, c.kind, k.last4, k.failures, k.cooldown_until, k.last_error, k.last_fail_at
      from channel_keys k join model_channels c on c.id = k.channel_id
      where k.enabled and c.enabled and (k.failures > 0 or k.cooldown_until > ${now.toISOString()}::timestamptz)
      order by k.failures desc, k.last_fail_at desc nulls last limit 50`,
  );
  return rows.map((r) => {
    const until = iso(r.cooldown_until);
    return {
      channel: String(r.name),
      kind: String(r.kind),
      last4: String(r.last4),
      failures: num(r.failures),
      cooldownUntil: until && Date.parse(until) > now.getTime() ? until : null,
      lastError: r.last_error === null ? null : String(r.last_error),
      lastFailAt: iso(r.last_fail_at),
    };
  });
}

/** Waiting, running and recently failed tasks; each count rides a partial index on its statuses. */
async function queue(db: Db, table: 'drawings' | 'songs', now: Date) {
  const t = sql.raw(table);
  const running = sql.raw(table === 'drawings' ? '2, 13' : '2, 3');
  const [r] = await rowsOf(
    db,
    sql`select
      (select count(*) from ${t} where status = 1) as waiting,
      (select count(*) from ${t} where status in (${running})) as running,
      (select count(*) from ${t} where status = 11 and updated_at > ${now.toISOString()}::timestamptz - interval '1 hour') as failed`,
  );
  return { waiting: num(r?.waiting), running: num(r?.running), failedLastHour: num(r?.failed) };
}
