import type { Db } from '../client';

// Keyed by the database handle: a transaction's handle builds its own and drops them with it.
const built = new WeakMap<Db, Map<string, unknown>>();

/**
 * A hot query built once per database handle instead of per request: drizzle
 * spent a fifth of a signed-in list's CPU turning the same query into SQL
 * again, and PostgreSQL re-planned it. `build` makes a drizzle prepared query
 * (`sql.placeholder` for every value, `.prepare(name)`); `name` names one SQL
 * text, it is PostgreSQL's statement name on each connection.
 */
export function prepared<T>(db: Db, name: string, build: (db: Db, name: string) => T): T {
  let byName = built.get(db);
  if (!byName) {
    byName = new Map();
    built.set(db, byName);
  }
  let query = byName.get(name) as T | undefined;
  if (query === undefined) {
    query = build(db, name);
    byName.set(name, query);
  }
  return query;
}
