import { type SQL, sql } from 'drizzle-orm';
import type { UsageReport } from '../../../shared/contract/ledger';
import type { Db } from '../../db/client';
import { paidByDay, rangeSql, refundedByDay } from '../admin/dashboard';

const num = (v: unknown) => Number(v ?? 0);
const rowsOf = async (db: Db, q: SQL) => ((await db.execute(q)) as unknown as { rows: Record<string, unknown>[] }).rows;
const spend = (r: Record<string, unknown>) => ({
  count: num(r.n),
  inputTokens: num(r.input),
  outputTokens: num(r.output),
  costMicros: num(r.cost),
});
const SPEND = sql`count(*) as n, coalesce(sum(input_tokens), 0) as input, coalesce(sum(output_tokens), 0) as output,
  coalesce(sum(cost_micros), 0) as cost`;
/** A fen is 10 000 micro-yuan. */
const MICROS_PER_FEN = 10_000;

/**
 * The console's usage page for the site days `from`..`to` (docs/ledger.md): every figure is an
 * aggregate in SQL over the ledger's created_at index (by user and channel the composite indexes),
 * grouped by day, model, channel and user; revenue is counted as the dashboard counts it.
 */
export async function usageReport(
  db: Db,
  range: { from: string; to: string },
  timeZone: string,
  top = 20,
): Promise<UsageReport> {
  const { day, within } = rangeSql(range, timeZone);
  const inRange = within('created_at');
  const days = await rowsOf(
    db,
    sql`with d as (
      select g::date as day from generate_series(${range.from}::date, ${range.to}::date, interval '1 day') g
    ),
    l as (select ${day('created_at')} as day, ${SPEND} from usage_ledger where ${inRange} group by 1),
    op as (${paidByDay(range, timeZone)}),
    rf as (${refundedByDay(range, timeZone)})
    select to_char(d.day, 'YYYY-MM-DD') as day, l.n, l.input, l.output, l.cost,
      coalesce(op.revenue, 0) - coalesce(rf.fen, 0) as revenue
    from d left join l using (day) left join op using (day) left join rf using (day) order by d.day`,
  );
  const [tot] = await rowsOf(
    db,
    sql`select ${SPEND},
      count(*) filter (where kind = 'chat') as answers, count(*) filter (where kind = 'drawing') as drawings,
      count(*) filter (where kind = 'song') as songs, count(*) filter (where outcome = 'failed') as failed,
      count(*) filter (where outcome = 'cancelled') as cancelled
      from usage_ledger where ${inRange}`,
  );
  const models = await rowsOf(
    db,
    sql`select kind, model, ${SPEND} from usage_ledger where ${inRange} group by kind, model order by cost desc, n desc`,
  );
  const channels = await rowsOf(
    db,
    sql`select l.channel_id, c.name, l.provider, l.n, l.input, l.output, l.cost from (
      select channel_id, provider, ${SPEND} from usage_ledger where ${inRange} group by channel_id, provider
    ) l left join model_channels c on c.id = l.channel_id order by l.cost desc, l.n desc`,
  );
  const users = await rowsOf(
    db,
    sql`select l.user_id, u.email, u.nickname, l.n, l.input, l.output, l.cost from (
      select user_id, ${SPEND} from usage_ledger where ${inRange} and user_id is not null
      group by user_id order by cost desc, n desc, user_id limit ${top}
    ) l join users u on u.id = l.user_id order by l.cost desc, l.n desc, l.user_id`,
  );
  const dayRows = days.map((r) => ({ day: String(r.day), ...spend(r), revenueFen: num(r.revenue) }));
  const revenueFen = dayRows.reduce((n, r) => n + r.revenueFen, 0);
  const total = spend(tot ?? {});
  return {
    ...range,
    totals: {
      ...total,
      answers: num(tot?.answers),
      drawings: num(tot?.drawings),
      songs: num(tot?.songs),
      failed: num(tot?.failed),
      cancelled: num(tot?.cancelled),
      revenueFen,
      marginMicros: revenueFen * MICROS_PER_FEN - total.costMicros,
    },
    days: dayRows,
    models: models.map((r) => ({ kind: String(r.kind), model: String(r.model), ...spend(r) })),
    channels: channels.map((r) => ({
      channelId: r.channel_id === null ? null : num(r.channel_id),
      name: r.name === null || r.name === undefined ? null : String(r.name),
      provider: String(r.provider),
      ...spend(r),
    })),
    users: users.map((r) => ({
      userId: num(r.user_id),
      email: r.email === null ? null : String(r.email),
      nickname: r.nickname === null ? null : String(r.nickname),
      ...spend(r),
    })),
  };
}
