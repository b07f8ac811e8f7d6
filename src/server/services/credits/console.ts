import { sql } from 'drizzle-orm';
import type { Role } from '../../../shared/admin';
import type { CreditPriceSheet, CreditPrices, CreditSummary } from '../../../shared/contract/credits';
import { lockUser, transaction } from '../../db/transaction';
import { DomainError } from '../../errors';
import type { Runtime } from '../../runtime';
import { type Actor, writeAudit } from '../admin/audit';
import { rangeSql } from '../admin/dashboard';
import { assertMayActOn, recordRefusal } from '../admin/hierarchy';
import { available, book } from './book';
import { checkInDays } from './check-in';
import { allRates, CHECK_IN_DAYS, rateKey, replaceRates } from './rates';

/** The stored rates as the console's form: chat and drawing rows, the single prices, the week's rewards. */
export function pricesOf(rates: Record<string, number>): CreditPrices {
  const chat = new Map<string, { model: string; input: number; output: number }>();
  const drawing: CreditPrices['drawing'] = [];
  for (const [key, credits] of Object.entries(rates)) {
    const c = /^chat:(.+):(in|out)$/.exec(key);
    if (c?.[1]) {
      const row = chat.get(c[1]) ?? { model: c[1], input: 0, output: 0 };
      row[c[2] === 'in' ? 'input' : 'output'] = credits;
      chat.set(c[1], row);
    }
    const d = /^drawing:([^:]+):(.+)$/.exec(key);
    if (d?.[1] && d[2]) drawing.push({ engine: d[1], quality: d[2], price: credits });
  }
  return {
    chat: [...chat.values()].sort((a, b) => a.model.localeCompare(b.model)),
    drawing: drawing.sort((a, b) => `${a.engine}:${a.quality}`.localeCompare(`${b.engine}:${b.quality}`)),
    song: rates[rateKey.song] ?? 0,
    video: rates[rateKey.video] ?? 0,
    embedding: rates[rateKey.embedding] ?? 0,
    search: rates[rateKey.search] ?? 0,
    checkIn: Array.from({ length: CHECK_IN_DAYS }, (_, i) => rates[rateKey.checkIn(i + 1)] ?? 0),
  };
}

/** The console's price sheet: the prices, and the chat models and drawing engine offered now. */
export async function priceSheet(rt: Runtime): Promise<CreditPriceSheet> {
  const prices = pricesOf(await allRates(rt.database.db));
  const provider = await rt.registry.chat();
  const models = [...new Set([...provider.models, ...prices.chat.map((c) => c.model)])];
  return { prices, models, engines: [rt.image.mode] };
}

/** Replaces the prices (admin), audited with the before and after. */
export async function savePrices(rt: Runtime, actor: Actor, prices: CreditPrices, requestId: string) {
  const rates: Record<string, number> = {
    [rateKey.song]: prices.song,
    [rateKey.video]: prices.video,
    [rateKey.embedding]: prices.embedding,
    [rateKey.search]: prices.search,
  };
  for (const c of prices.chat) {
    rates[rateKey.chatIn(c.model)] = c.input;
    rates[rateKey.chatOut(c.model)] = c.output;
  }
  for (const d of prices.drawing) rates[rateKey.drawing(d.engine, d.quality)] = d.price;
  prices.checkIn.forEach((credits, i) => {
    rates[rateKey.checkIn(i + 1)] = credits;
  });
  const before = pricesOf(await allRates(rt.database.db));
  await replaceRates(rt.database.db, rates);
  await writeAudit(rt.database.db, actor, {
    action: 'credits.prices',
    targetType: 'credits',
    before,
    after: pricesOf(await allRates(rt.database.db)),
    requestId,
  });
  return { applied: true };
}

/**
 * Adds (or, negative, takes) credits of a user's with a reason: the user row locked, the
 * hierarchy asked (never one's own account, never an admin's for an operator), booked under the
 * request id (a repeated click books once) and audited with the balance before and after.
 * Taking more than the user has free is refused: credits never go below zero.
 */
export async function adjustCredits(
  rt: Runtime,
  a: { actor: Actor; userId: number; amount: number; reason: string; requestId: string },
): Promise<boolean> {
  const { db } = rt.database;
  try {
    return await transaction(db, async (tx) => {
      const user = await lockUser(tx, a.userId);
      if (!user || user.deletedAt) throw new DomainError(404, 'error.notFound', { status: 404 });
      await assertMayActOn(tx, a.actor, { id: user.id, role: user.role as Role }, 'credits.adjust', a.reason);
      const before = await available(tx, a.userId);
      const booked = await book(tx, {
        userId: a.userId,
        reason: 'adjust',
        ref: `${a.actor.userId}:${a.requestId}`,
        amount: a.amount,
        actorId: a.actor.userId,
        note: a.reason.slice(0, 200),
      });
      if (!booked) return false;
      await writeAudit(tx, a.actor, {
        action: 'credits.adjust',
        targetType: 'user',
        targetId: a.userId,
        reason: a.reason,
        before: { credits: before.balance },
        after: { credits: (await available(tx, a.userId)).balance },
        requestId: a.requestId,
      });
      return true;
    });
  } catch (err) {
    throw await recordRefusal(db, err);
  }
}

const rowsOf = async (rt: Runtime, q: ReturnType<typeof sql>) =>
  ((await rt.database.db.execute(q)) as unknown as { rows: Record<string, unknown>[] }).rows;

/** The console's credit figures: issued by reason and spent by kind over site days, check-ins today, outstanding. */
export async function creditSummary(
  rt: Runtime,
  range: { from: string; to: string },
  now = Date.now(),
): Promise<CreditSummary> {
  const { within } = rangeSql(range, rt.env.SITE_TIME_ZONE);
  const issued = await rowsOf(
    rt,
    sql`select reason, sum(amount) as credits from credit_movements
      where amount > 0 and ${within('created_at')} group by reason order by 2 desc`,
  );
  const spent = await rowsOf(
    rt,
    sql`select coalesce(kind, reason) as kind, -sum(amount) as credits from credit_movements
      where amount < 0 and ${within('created_at')} group by 1 order by 2 desc`,
  );
  const [today] = await rowsOf(
    rt,
    sql`select count(*) as n from credit_check_ins where day = ${checkInDays(rt, now).today}`,
  );
  const [totals] = await rowsOf(
    rt,
    sql`select coalesce(sum(balance), 0) as balance, coalesce(sum(held), 0) as held from credit_accounts`,
  );
  return {
    issued: issued.map((r) => ({ reason: String(r.reason), credits: Number(r.credits) })),
    spent: spent.map((r) => ({ kind: String(r.kind), credits: Number(r.credits) })),
    checkInsToday: Number(today?.n ?? 0),
    outstanding: Number(totals?.balance ?? 0),
    held: Number(totals?.held ?? 0),
  };
}
