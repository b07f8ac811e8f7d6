import type { JobSpec } from '../../jobs/runner';
import type { Runtime } from '../../runtime';
import { prunePaymentRecords } from '../shop/payment-records';
import { siteSettings } from '../site-settings';
import { pruneGenerationLogs } from './generation-log';

const DAY = 86_400_000;

/** The same instant `months` calendar months earlier (UTC), the end of a shorter month clamped. */
export function monthsBefore(now: Date, months: number): Date {
  const d = new Date(now.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() - months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}

/**
 * One sweep of the retention rules (docs/retention.md): each kind of kept
 * record past the console's period is deleted. Deleting is idempotent, so
 * every process may run it. Answers how many rows went, by kind.
 */
export async function applyRetention(rt: Runtime, now = new Date()) {
  const s = await siteSettings(rt);
  const { db } = rt.database;
  const paymentRecords = await prunePaymentRecords(db, new Date(now.getTime() - s.PAYMENT_RECORDS_KEEP_DAYS * DAY));
  const generationLogs = await pruneGenerationLogs(db, monthsBefore(now, s.GENERATION_LOGS_KEEP_MONTHS));
  if (paymentRecords + generationLogs > 0) rt.log.info('retention', { paymentRecords, generationLogs });
  return { paymentRecords, generationLogs };
}

/** The retention job (jobs/runner.ts): hourly; a period is days or months, so an hour late deletes nothing early. */
export function retentionJob(rt: Runtime, everyMs = 3_600_000): JobSpec<never> {
  return { name: 'retention', log: rt.log, pollMs: everyMs, sweep: () => applyRetention(rt) };
}
