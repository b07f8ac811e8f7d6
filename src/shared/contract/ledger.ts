import { z } from '@hono/zod-openapi';
import { periodQuery } from './admin';
import { intParam } from './input';

/**
 * Usage ledger replies (docs/ledger.md): a user's own usage and the console's usage page.
 * Money is in micro-yuan (1 yuan = 1 000 000) for upstream cost, fen for revenue.
 */

const count = z.number().int();

const MyPeriod = z.object({ answers: count, tokens: count, drawings: count, songs: count });

export const MyUsage = z
  .object({
    today: MyPeriod,
    /** The last 30 days, today included. */
    month: MyPeriod,
    /** Chat answers and tokens of the last 30 days by model, most tokens first. */
    models: z.array(z.object({ model: z.string(), answers: count, tokens: count })),
    /** Today's token allowance of the caller's level; null is unlimited. */
    tokenLimit: count.nullable(),
  })
  .openapi('MyUsage');
export type MyUsage = z.infer<typeof MyUsage>;

/** Rows (answers, drawings, songs), their tokens and upstream cost. */
const Spend = { count, inputTokens: count, outputTokens: count, costMicros: count };

export const UsageReport = z
  .object({
    from: z.string(),
    to: z.string(),
    totals: z.object({
      ...Spend,
      answers: count,
      drawings: count,
      songs: count,
      failed: count,
      cancelled: count,
      /** Paid orders minus completed refunds in the range, in fen (as the dashboard counts them). */
      revenueFen: count,
      /** Revenue minus upstream cost, in micro-yuan. */
      marginMicros: count,
    }),
    days: z.array(z.object({ day: z.string(), ...Spend, revenueFen: count })),
    models: z.array(z.object({ kind: z.string(), model: z.string(), ...Spend })),
    channels: z.array(
      z.object({ channelId: count.nullable(), name: z.string().nullable(), provider: z.string(), ...Spend }),
    ),
    users: z.array(
      z.object({ userId: count, email: z.string().nullable(), nickname: z.string().nullable(), ...Spend }),
    ),
  })
  .openapi('AdminUsage');
export type UsageReport = z.infer<typeof UsageReport>;

/** GET /api/admin/usage: the period and how many top users. */
export const usageQuery = periodQuery.extend({ top: intParam(1, 100).default(20) });
