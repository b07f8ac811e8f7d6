// An order's row and its history (order_events) written in one statement each time: a write
// with its event was two round trips, and an order's way from creation to paid took a dozen.
import { type SQL, type SQLWrapper, sql, type WithSubquery } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type Order, orderEvents, orders } from '../../db/schema';

type NewOrder = typeof orders.$inferInsert;

interface Event {
  fromStatus?: number | null;
  toStatus: number;
  source: string;
  detail?: string | null;
}

/** The history row of the order a CTE named `changed` wrote (none when it wrote nothing). */
const eventOf = (db: Db, changed: WithSubquery & { id: SQLWrapper }, e: Event) =>
  db.$with('event', { id: sql<number>`id` }).as(
    sql`insert into ${orderEvents} (order_id, from_status, to_status, source, detail)
      select ${changed.id}, ${e.fromStatus ?? null}::int, ${e.toStatus}::int, ${e.source}, ${e.detail ?? null}
      from ${changed} returning id`,
  );

/** Inserts an order and its first event together; throws what the insert throws (a unique violation). */
export async function insertOrder(db: Db, values: NewOrder, source: string): Promise<Order | undefined> {
  const made = db.$with('changed').as(db.insert(orders).values(values).returning());
  const [order] = await db
    .with(made, eventOf(db, made, { toStatus: values.orderStatus ?? 0, source }))
    .select()
    .from(made);
  return order;
}

/**
 * Updates the order `where` says (by id and allowed statuses) with `set`, and records `event` only
 * if a row changed; the updated row, or undefined when none matched (another write won).
 */
export async function updateOrder(
  db: Db,
  where: SQL | undefined,
  set: Partial<NewOrder>,
  event: Event,
): Promise<Order | undefined> {
  const changed = db.$with('changed').as(db.update(orders).set(set).where(where).returning());
  const [order] = await db
    .with(changed, eventOf(db, changed, event))
    .select()
    .from(changed);
  return order;
}
