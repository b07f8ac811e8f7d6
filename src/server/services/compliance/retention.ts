import type { JobSpec } from '../../jobs/runner';
import type { Runtime } from '../../runtime';
import { prunePaymentRecords } from '../shop/payment-records';
import { siteSettings } from '../site-settings';

const DAY = 86_400_000;

/**
 * One sweep of the retention rules (docs/retention.md): each kind of kept
 * record past the console's period is deleted. Deleting is idempotent, so
 * every process may run it. Answers how many rows went, by kind.
 */
export async function applyRetention(rt: Runtime, now = new Date()) {
  const s = await siteSettings(rt);
  const { db } = rt.database;
  const paymentRecords = await prunePaymentRecords(db, new Date(now.getTime() - s.PAYMENT_RECORDS_KEEP_DAYS * DAY));
  if (paymentRecords > 0) rt.log.info('retention', { paymentRecords });
  return { paymentRecords };
}

/** The retention job (jobs/runner.ts): hourly; a period is days or months, so an hour late deletes nothing early. */
export function retentionJob(rt: Runtime, everyMs = 3_600_000): JobSpec<never> {
  return { name: 'retention', log: rt.log, pollMs: everyMs, sweep: () => applyRetention(rt) };
}
