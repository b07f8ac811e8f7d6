import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { Database, Db } from './database';
import * as schema from './schema';

export type { Database, Db, DbKind, Notice, Notifier, Schema } from './database';

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
    : // Only the embedded database loads PGlite: a server on PostgreSQL never holds its ~3 MB of code.
      (await import('./pglite')).openPglite(path.join(opts.dataDir, 'pg'), migrationsFolder);
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
  /** One statement at a time on the connection: pg deprecates queueing a query behind a running one. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly url: string,
    private readonly onError: (err: Error) => void,
  ) {}

  async listen(channel: string, onPayload: (payload: string) => void) {
    const known = this.handlers.get(channel);
    if (known) known.add(onPayload);
    else this.handlers.set(channel, new Set([onPayload]));
    const client = this.client ?? (await this.connect());
    await this.subscribe(client, channel);
  }

  private subscribe(client: pg.Client, channel: string) {
    const done = this.queue.then(() => client.query(`listen ${pg.escapeIdentifier(channel)}`));
    this.queue = done.catch(() => {});
    return done;
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
    const connected = client.connect();
    this.queue = connected.catch(() => {});
    await connected;
    for (const channel of this.handlers.keys()) await this.subscribe(client, channel);
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
