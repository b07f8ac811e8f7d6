import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzleLite } from 'drizzle-orm/pglite';
import { migrate as migrateLite } from 'drizzle-orm/pglite/migrator';
import type { Database, Db } from './database';
import { acquireDataDirLock } from './pglite-lock';
import * as schema from './schema';

/**
 * PGlite runs Postgres in this process's memory. Postgres' default 128 MB of
 * shared buffers is sized for a dedicated server; the files stay in the OS
 * page cache anyway, so a small pool costs little speed and ~100 MB of RSS.
 */
const PGLITE_START = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];
/** Every PGlite instance opens with them, so `CREATE EXTENSION` in a migration finds them (chat search). */
const PGLITE_OPTIONS = { startParams: PGLITE_START, extensions: { pg_trgm } };

export async function openPglite(dir: string, migrationsFolder: string): Promise<Database> {
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
