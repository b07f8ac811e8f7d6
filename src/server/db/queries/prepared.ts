import type { Db } from '../client';

// Keyed by what a handle's queries run on (its session's client): the pool or PGlite for the
// database's handle; for a transaction's handle, new each time, the connection under it. Under
// node-postgres that is a pool connection, which later transactions reuse, so a query built in
// one transaction serves every later one on that connection (and is dropped with it); PGlite's
// transactions are objects of their own and build their own.
const built = new WeakMap<object, Map<string, unknown>>();
const runsOn = (db: Db): object => (db as unknown as { session?: { client?: object } }).session?.client ?? db;

export interface PreparedOptions {
  /**
   * PostgreSQL plans every execution for its values (the SQL text is still built once): the
   * statement goes unnamed, so no generic plan is ever cached for it. For a text search, whose
   * best plan depends on how common its term is: after five executions PostgreSQL may keep a
   * plan made without the values, which for a term every row holds sorted every match (2.3 ms
   * where walking the newest-first index takes 0.6 ms on 1,000 public pictures).
   */
  planEachCall?: boolean;
}

/**
 * A hot query built once per connection (see above) instead of per request: drizzle
 * spent a fifth of a signed-in list's CPU turning the same query into SQL
 * again, and PostgreSQL re-planned it. `build` makes a drizzle prepared query
 * (`sql.placeholder` for every value, `.prepare(name)`); `name` names one SQL
 * text, it is PostgreSQL's statement name on each connection (none with `planEachCall`).
 */
export function prepared<T>(db: Db, name: string, build: (db: Db, name: string) => T, opts: PreparedOptions = {}): T {
  const key = runsOn(db);
  let byName = built.get(key);
  if (!byName) {
    byName = new Map();
    built.set(key, byName);
  }
  let query = byName.get(name) as T | undefined;
  if (query === undefined) {
    // node-postgres runs a query without a name as PostgreSQL's unnamed statement.
    query = build(db, opts.planEachCall ? '' : name);
    byName.set(name, query);
  }
  return query;
}
