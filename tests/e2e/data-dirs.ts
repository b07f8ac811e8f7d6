import { cpSync, existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../src/server/db/client';

/**
 * A new PGlite directory (initdb and every migration) costs 10–40 s on two busy cores; copying a
 * migrated one costs milliseconds. playwright.config.ts names the template (E2E_TEMPLATE_DIR) and
 * its web server command makes it (fixtures/prepare-data.ts); servers the tests start copy it.
 */
export function templateDir(): string {
  const dir = process.env.E2E_TEMPLATE_DIR;
  if (!dir) throw new Error('E2E_TEMPLATE_DIR is not set: run through playwright.config.ts');
  return dir;
}

/** Makes the migrated template once (the web server's start-up does, before any test). */
export async function ensureTemplate(): Promise<void> {
  const dir = templateDir();
  if (existsSync(path.join(dir, 'pg', 'PG_VERSION'))) return;
  await (await openDatabase({ dataDir: dir })).close();
}

/** Copies the template's database into `dataDir` (a server's DATA_DIR). */
export function copyTemplate(dataDir: string): void {
  cpSync(path.join(templateDir(), 'pg'), path.join(dataDir, 'pg'), { recursive: true });
}

/** A fresh DATA_DIR under the system's temp folder, its database already migrated. */
export function newDataDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  copyTemplate(dir);
  return dir;
}
