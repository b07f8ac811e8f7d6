import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';

/** The rows of a raw statement (both drivers answer `{ rows }`). */
export async function rowsOf<T>(db: Pick<Db, 'execute'>, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}
