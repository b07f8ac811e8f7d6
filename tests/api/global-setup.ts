import type { TestProject } from 'vitest/node';
import { findPostgresBin, startPgCluster } from '../../scripts/pg-cluster';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Admin URL of a PostgreSQL server; each test file makes its own database there. */
    postgresUrl: string | null;
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
    return;
  }
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
