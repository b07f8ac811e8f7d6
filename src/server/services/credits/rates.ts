import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { creditRates } from '../../db/schema';

/** Check-in rewards the console may set: day 1 to day 7 of a streak; later days get day 7's. */
export const CHECK_IN_DAYS = 7;

/** Rate keys (docs/credits.md); a missing key is 0 (free, or no reward). */
export const rateKey = {
  chatIn: (model: string) => `chat:${model}:in`,
  chatOut: (model: string) => `chat:${model}:out`,
  drawing: (engine: string, quality: string | number) => `drawing:${engine}:${quality}`,
  song: 'song',
  video: 'video',
  embedding: 'embedding',
  search: 'search',
  checkIn: (day: number) => `checkin:${day}`,
};

/** The rates under the keys asked, 0 for the missing ones. */
export async function ratesOf(db: Db, keys: string[]): Promise<Record<string, number>> {
  const rows = keys.length ? await db.select().from(creditRates).where(inArray(creditRates.key, keys)) : [];
  const out: Record<string, number> = Object.fromEntries(keys.map((k) => [k, 0]));
  for (const r of rows) out[r.key] = r.credits;
  return out;
}

/** One rate (0 when unset). */
export async function rateOf(db: Db, key: string): Promise<number> {
  return (await ratesOf(db, [key]))[key] ?? 0;
}

/** Every rate set, for the console. */
export async function allRates(db: Db): Promise<Record<string, number>> {
  const rows = await db.select().from(creditRates);
  return Object.fromEntries(rows.map((r) => [r.key, r.credits]));
}

/** Replaces every rate with `rates` (keys with 0 are dropped: 0 is the default). */
export async function replaceRates(db: Db, rates: Record<string, number>): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(creditRates);
    const rows = Object.entries(rates)
      .filter(([, credits]) => credits > 0)
      .map(([key, credits]) => ({ key, credits }));
    if (rows.length) await tx.insert(creditRates).values(rows);
  });
}

/** Credits for tokens at per-1,000-token rates, rounded up (a started thousand is charged in part, never free). */
export function tokenCost(tokens: number, per1k: number): number {
  return tokens > 0 && per1k > 0 ? Math.ceil((tokens * per1k) / 1000) : 0;
}
