import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pgliteTemplateDir } from '../fixtures/pglite-template';

/**
 * A new PGlite directory (initdb and every migration) costs 10–40 s on two busy cores; copying a
 * migrated one costs milliseconds. The web server's command makes sure the template exists
 * (fixtures/prepare-data.ts; the API suite usually made it already); servers the tests start copy it.
 */
let template: string | undefined;

/** Copies the template's database into `dataDir` (a server's DATA_DIR). */
export function copyTemplate(dataDir: string): void {
  template ??= pgliteTemplateDir();
  cpSync(path.join(template, 'pg'), path.join(dataDir, 'pg'), { recursive: true });
}

/** A fresh DATA_DIR under the system's temp folder, its database already migrated. */
export function newDataDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  copyTemplate(dir);
  return dir;
}
