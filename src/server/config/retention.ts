import { z } from 'zod';

const int = (min: number, max: number, fallback: number) => z.coerce.number().int().min(min).max(max).default(fallback);

/**
 * How long kept records live (docs/retention.md): the environment's defaults
 * of the console's retention settings, spread into config/env.ts. The minimums
 * are the law's or the evidence's, so neither place may set a shorter period.
 */
export const retentionEnvShape = {
  /** Days a payment record (notify, query answer, bill line) is kept: payment evidence, at least 180. */
  PAYMENT_RECORDS_KEEP_DAYS: int(180, 3650, 180),
  /** Months a generation log row (who, when, what was asked, which output) is kept: at least six, by law. */
  GENERATION_LOGS_KEEP_MONTHS: int(6, 120, 6),
};
