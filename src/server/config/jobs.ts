import { z } from 'zod';

/** Background jobs' environment variables, spread into env.ts's envSchema. */
export const jobsEnvShape = {
  /**
   * How long a claimed task (drawing, song, refund) or a running call's credit
   * hold stays with the process that took it; renewed every third of it while
   * the work runs, so only a dead process's tasks run out and are resumed by
   * another, and its credit holds released.
   */
  JOB_LEASE_MS: z.coerce.number().int().min(1000).max(3_600_000).default(30_000),
  /**
   * How long a refund the payment service still reports processing waits
   * before it is asked again; the wait doubles at each try, up to an hour.
   */
  REFUND_RETRY_MS: z.coerce.number().int().min(1000).max(3_600_000).default(60_000),
};

const jobsEnvSchema = z.object(jobsEnvShape);
export type JobSettings = z.infer<typeof jobsEnvSchema>;

/** Jobs' settings from the validated environment (or a bare object in tests: defaults apply). */
export function jobSettings(env: object): JobSettings {
  const { JOB_LEASE_MS, REFUND_RETRY_MS } = env as { JOB_LEASE_MS?: unknown; REFUND_RETRY_MS?: unknown };
  return jobsEnvSchema.parse({ JOB_LEASE_MS, REFUND_RETRY_MS });
}
