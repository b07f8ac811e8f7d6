import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { findPostgresBin, startPgCluster } from '../../scripts/pg-cluster';
import { openDatabase } from '../../src/server/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Admin URL of a PostgreSQL server; each test file makes its own database there. */
    postgresUrl: string | null;
    /** A migrated PGlite data directory that each PGlite test file copies instead of running initdb. */
    pgliteTemplate: string | null;
  }
}

/**
 * The api-pg project runs the API suite against a real PostgreSQL: the one in
 * TEST_DATABASE_URL, or a throwaway cluster from scripts/pg-cluster.ts
 * (Debian's postgresql package, installed by .ci/run).
 */
export default async function setup(project: TestProject) {
  if (project.name !== 'api-pg') {
    project.provide('postgresUrl', null);
    // initdb plus every migration costs PGlite 10–25 s on two busy cores; copying the result takes milliseconds.
    const template = mkdtempSync(path.join(tmpdir(), 'miaobi-template-'));
    await (await openDatabase({ dataDir: template })).close();
    project.provide('pgliteTemplate', template);
    return () => rmSync(template, { recursive: true, force: true });
  }
  project.provide('pgliteTemplate', null);
  const given = process.env.TEST_DATABASE_URL;
  if (given) {
    project.provide('postgresUrl', given);
    return;
  }
  if (!findPostgresBin()) {
    throw new Error(
      "The api-pg tests need PostgreSQL: set TEST_DATABASE_URL, or install Debian's postgresql package (apt-get install -y postgresql).",
    );
  }
  const cluster = await startPgCluster();
  project.provide('postgresUrl', cluster.url);
  return () => cluster.destroy();
}
