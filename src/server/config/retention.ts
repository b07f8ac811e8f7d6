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
};
