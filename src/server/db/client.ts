import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzleLite } from 'drizzle-orm/pglite';
import { migrate as migrateLite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { acquireDataDirLock } from './pglite-lock';
import * as schema from './schema';

export type Schema = typeof schema;
/** The one database type services take: PGlite and PostgreSQL share it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type DbKind = 'pglite' | 'postgres';

/** Cross-process notifications (Postgres LISTEN/NOTIFY) on one channel. */
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

// Bundled, this file sits in dist/server/ and the build copies migrations beside it.
const MIGRATIONS = fileURLToPath(new URL('./migrations', import.meta.url));
// Any constant shared by all processes: serialises concurrent start-ups.
const MIGRATION_LOCK = 7_340_001;

export interface OpenOptions {
  databaseUrl?: string;
  dataDir: string;
  migrationsFolder?: string;
  onListenError?: (err: Error) => void;
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  const migrationsFolder = opts.migrationsFolder ?? MIGRATIONS;
  return opts.databaseUrl
    ? openPostgres(opts.databaseUrl, migrationsFolder, opts.onListenError)
    : openPglite(path.join(opts.dataDir, 'pg'), migrationsFolder);
}

/**
 * PGlite runs Postgres in this process's memory. Postgres' default 128 MB of
 * shared buffers is sized for a dedicated server; the files stay in the OS
 * page cache anyway, so a small pool costs little speed and ~100 MB of RSS.
 */
const PGLITE_START = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];
/** Every PGlite instance opens with them, so `CREATE EXTENSION` in a migration finds them (chat search). */
const PGLITE_OPTIONS = { startParams: PGLITE_START, extensions: { pg_trgm } };

async function openPglite(dir: string, migrationsFolder: string): Promise<Database> {
  mkdirSync(path.dirname(dir), { recursive: true });
  // Held until this Postgres is closed, not merely until the port is freed.
  const release = await acquireDataDirLock(`${dir}.lock`, dir);
  let client: PGlite | undefined;
  try {
    if (!existsSync(path.join(dir, 'PG_VERSION'))) {
      // initdb and the first migrations grow the WASM heap by ~200 MB, which it
      // keeps for the process's lifetime: do them, then start over on a fresh heap.
      mkdirSync(dir, { recursive: true });
      const first = await PGlite.create(dir, PGLITE_OPTIONS);
      await migrateLite(drizzleLite(first, { schema }), { migrationsFolder });
      await first.close();
    }
    client = await PGlite.create(dir, PGLITE_OPTIONS);
    await migrateLite(drizzleLite(client, { schema }), { migrationsFolder });
  } catch (err) {
    await client?.close().catch(() => {});
    release();
    throw err;
  }
  const lite = client;
  return {
    kind: 'pglite',
    db: drizzleLite(lite, { schema }) as unknown as Db,
    notifier: {
      async publish(channel, payload) {
        await lite.query('select pg_notify($1, $2)', [channel, payload]);
      },
      async listen(channel, onPayload) {
        await lite.listen(channel, onPayload);
      },
    },
    async close() {
      try {
        await lite.close();
      } finally {
        release();
      }
    },
  };
}

async function openPostgres(
  url: string,
  migrationsFolder: string,
  onListenError: (err: Error) => void = () => {},
): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle client dropped by a database restart must not crash the process.
  pool.on('error', onListenError);
  // Nor a checked-out one between two statements (a transaction): pg-pool
  // removes its own listener on checkout, and pg emits the error only when no
  // query is running. The next query on it fails and the client is discarded.
  pool.on('connect', (client) => client.on('error', onListenError));
  const migrator = await pool.connect();
  try {
    await migrator.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migratePg(drizzlePg(migrator, { schema }), { migrationsFolder });
  } finally {
    await migrator.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    migrator.release();
  }
  const listener = new PgListener(url, onListenError);
  return {
    kind: 'postgres',
    db: drizzlePg(pool, { schema }) as unknown as Db,
    notifier: {
      async publish(channel, payload) {
        await pool.query('select pg_notify($1, $2)', [channel, payload]);
      },
      listen: (channel, onPayload) => listener.listen(channel, onPayload),
    },
    async close() {
      await listener.close();
      await pool.end();
    },
  };
}

/** A dedicated LISTEN connection that reconnects after the server drops it. */
class PgListener {
  private client: pg.Client | null = null;
  /** Every listener of a channel hears it: several caches may follow one channel (products and pages). */
  private readonly handlers = new Map<string, Set<(payload: string) => void>>();
  private closed = false;
  private reconnecting = false;
  private retryMs = 500;

  constructor(
    private readonly url: string,
    private readonly onError: (err: Error) => void,
  ) {}

  async listen(channel: string, onPayload: (payload: string) => void) {
    const known = this.handlers.get(channel);
    if (known) known.add(onPayload);
    else this.handlers.set(channel, new Set([onPayload]));
    const client = this.client ?? (await this.connect());
    await client.query(`listen ${pg.escapeIdentifier(channel)}`);
  }

  private async connect(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: this.url });
    this.client = client;
    // Events of a replaced client are stale: only the current one may reconnect.
    const lost = (err?: Error) => {
      if (this.client !== client) return;
      if (err) this.onError(err);
      this.scheduleReconnect();
    };
    client.on('notification', (n) => {
      for (const handler of this.handlers.get(n.channel) ?? []) handler(n.payload ?? '');
    });
    client.on('error', lost);
    client.on('end', () => lost());
    await client.connect();
    for (const channel of this.handlers.keys()) await client.query(`listen ${pg.escapeIdentifier(channel)}`);
    this.retryMs = 500;
    return client;
  }

  private scheduleReconnect() {
    if (this.closed || this.reconnecting) return;
    this.reconnecting = true;
    this.client = null;
    const delay = this.retryMs;
    this.retryMs = Math.min(this.retryMs * 2, 10_000);
    setTimeout(() => {
      this.reconnecting = false;
      if (this.closed) return;
      this.connect().catch((err: Error) => {
        this.onError(err);
        this.scheduleReconnect();
      });
    }, delay).unref();
  }

  async close() {
    this.closed = true;
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => {});
  }
}
