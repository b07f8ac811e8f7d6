import { rmSync } from 'node:fs';
import { type Database, openDatabase } from '../../src/server/db/client';
import { newDataDir } from './data-dirs';
import { startOwnServer } from './own-server';

/**
 * A built server on its own PGlite directory, seeded before it starts
 * (PGlite allows one process, and console roles are granted in the database
 * as the admin CLI would): for console specs.
 */
export async function startSeededServer<T>(port: number, seed: (db: Database['db']) => Promise<T>) {
  const dataDir = newDataDir('miaobi-console-');
  const database = await openDatabase({ dataDir });
  const seeded = await seed(database.db);
  await database.close();
  const base = `http://127.0.0.1:${port}`;
  const proc = await startOwnServer(port, dataDir);
  return {
    base,
    seeded,
    stop() {
      if (proc.exitCode === null) proc.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
