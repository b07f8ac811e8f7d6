import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema';

// The handle's types, apart from client.ts: the embedded database's module (pglite.ts) needs them,
// and client.ts imports that module only when it opens one.
export type Schema = typeof schema;
/** The one database type services take: PGlite and PostgreSQL share it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type DbKind = 'pglite' | 'postgres';

/** Cross-process notifications (Postgres LISTEN/NOTIFY) on one channel. */
/** A NOTIFY to send from inside a statement (pg_notify), delivered when its transaction commits. */
export interface Notice {
  channel: string;
  payload: string;
}

export interface Notifier {
  publish(channel: string, payload: string): Promise<void>;
  listen(channel: string, onPayload: (payload: string) => void): Promise<void>;
}

export interface Database {
  kind: DbKind;
  db: Db;
  notifier: Notifier;
  close(): Promise<void>;
}
