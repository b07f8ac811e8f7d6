import { sql } from 'drizzle-orm';
import type { MyUsage } from '../../../shared/contract/ledger';
import type { Runtime } from '../../runtime';
import { readQuota } from '../chat/quota';
import { quotaDayStart, tokenLimit } from './token-quota';

const DAY = 86_400_000;
const num = (v: unknown) => Number(v ?? 0);
type Rows = { rows: Record<string, unknown>[] };

/**
 * The caller's own usage (docs/ledger.md): today and the last 30 allowance days, and chat by model.
 * Two aggregates over the ledger's (user_id, created_at) index; no row leaves the database.
 */
export async function myUsage(rt: Runtime, userId: number, ip: string, now = Date.now()): Promise<MyUsage> {
  const { db } = rt.database;
  const today = quotaDayStart(now).toISOString();
  const since = new Date(quotaDayStart(now).getTime() - 29 * DAY).toISOString();
  const mine = sql`user_id = ${userId} and created_at >= ${since}::timestamptz`;
  const isToday = sql`created_at >= ${today}::timestamptz`;
  const [t] = (
    (await db.execute(sql`select
      count(*) filter (where kind = 'chat' and ${isToday}) as answers_today,
      coalesce(sum(input_tokens + output_tokens) filter (where kind = 'chat' and ${isToday}), 0) as tokens_today,
      count(*) filter (where kind = 'drawing' and ${isToday}) as drawings_today,
      count(*) filter (where kind = 'song' and ${isToday}) as songs_today,
      count(*) filter (where kind = 'chat') as answers,
      coalesce(sum(input_tokens + output_tokens) filter (where kind = 'chat'), 0) as tokens,
      count(*) filter (where kind = 'drawing') as drawings,
      count(*) filter (where kind = 'song') as songs
      from usage_ledger where ${mine}`)) as unknown as Rows
  ).rows;
  const models = (
    (await db.execute(sql`select model, count(*) as answers, sum(input_tokens + output_tokens) as tokens
      from usage_ledger where ${mine} and kind = 'chat' group by model order by 3 desc, 1 limit 20`)) as unknown as Rows
  ).rows;
  const quota = await readQuota(rt, { userId, ip }, now);
  return {
    today: {
      answers: num(t?.answers_today),
      tokens: num(t?.tokens_today),
      drawings: num(t?.drawings_today),
      songs: num(t?.songs_today),
    },
    month: { answers: num(t?.answers), tokens: num(t?.tokens), drawings: num(t?.drawings), songs: num(t?.songs) },
    models: models.map((m) => ({ model: String(m.model), answers: num(m.answers), tokens: num(m.tokens) })),
    tokenLimit: await tokenLimit(rt, quota.member ? 'member' : 'user'),
  };
}
