import { mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { findPostgresBin, startPgCluster } from '../../scripts/pg-cluster';
import { bundleServer } from '../../scripts/server-bundle.mjs';
import { openDatabase } from '../../src/server/db/client';
import { ensurePgliteTemplate } from '../fixtures/pglite-template';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Admin URL of a PostgreSQL server; each test file makes its own database there. */
    postgresUrl: string | null;
    /** A migrated PGlite data directory that each PGlite test file copies instead of running initdb. */
    pgliteTemplate: string | null;
    /**
     * How each test file's database is created on postgresUrl's server: from a migrated template, copied file
     * by file where the server can (`template <name> strategy file_copy`).
     */
    postgresTemplate: string | null;
    /** The directory holding BUNDLED's entries as `<name>.mjs` (helpers.ts, bundledArgs). */
    serverBundle: string;
  }
}

/**
 * Processes the suite starts, bundled once per project like dist/server (scripts/server-bundle.mjs): started
 * through tsx, each spent ~3 s of CPU loading the source before its first line ran. The console-roles command
 * keeps running as operators run it (tsx, admin-cli.test.ts).
 */
export const BUNDLED = {
  'api-server': 'tests/fixtures/api-server.ts',
  'page-server': 'tests/fixtures/page-server.ts',
  products: 'src/server/cli/products.ts',
};

// Both projects' setups run in this one process and start the same processes: one bundle serves them.
let shared: { dir: string; built: Promise<unknown>; users: number } | undefined;

/** Bundles BUNDLED inside the project (its packages resolve from node_modules); returns the removal. */
async function provideBundle(project: TestProject): Promise<() => void> {
  if (!shared) {
    const dir = path.resolve('node_modules/.cache/miaobi-test-bundle', String(process.pid));
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    shared = { dir, built: bundleServer(BUNDLED, dir, { sourcemap: false }), users: 0 };
  }
  const bundle = shared;
  bundle.users++;
  await bundle.built;
  project.provide('serverBundle', bundle.dir);
  return () => {
    if (--bundle.users > 0) return;
    rmSync(bundle.dir, { recursive: true, force: true });
    shared = undefined;
  };
}

/**
 * Vitest runs the projects' setups one after another: the PGlite template the `api` project copies is
 * begun with the first of them, so its initdb overlaps the bundle and api-pg's cluster.
 */
let pgliteTemplate: Promise<string> | undefined;

/** The bundle of the processes a project starts, and its database template. */
export default async function setup(project: TestProject) {
  if (!pgliteTemplate && project.vitest.projects.some((p) => p.name === 'api')) {
    pgliteTemplate = ensurePgliteTemplate();
    // Awaited by the api project's setup; until then a failure must not count as unhandled.
    pgliteTemplate.catch(() => undefined);
  }
  const removeBundle = await provideBundle(project);
  const teardown = await setupDatabase(project);
  return async () => {
    await teardown?.();
    removeBundle();
    // A watch run's next setup looks again: the migrations may have changed.
    pgliteTemplate = undefined;
  };
}

/**
 * The api-pg project runs the API suite against a real PostgreSQL: the one in
 * TEST_DATABASE_URL, or a throwaway cluster from scripts/pg-cluster.ts
 * (Debian's postgresql package, installed by .ci/run).
 */
async function setupDatabase(project: TestProject): Promise<(() => unknown) | undefined> {
  if (project.name !== 'api-pg') {
    project.provide('postgresUrl', null);
    project.provide('postgresTemplate', null);
    // initdb plus every migration costs PGlite 10–25 s on two busy cores; copying the result takes milliseconds.
    project.provide('pgliteTemplate', await (pgliteTemplate ?? ensurePgliteTemplate()));
    return undefined;
  }
  project.provide('pgliteTemplate', null);
  const given = process.env.TEST_DATABASE_URL;
  if (given) {
    project.provide('postgresUrl', given);
    return provideTemplate(project, given);
  }
  if (!findPostgresBin()) {
    throw new Error(
      "The api-pg tests need PostgreSQL: set TEST_DATABASE_URL, or install Debian's postgresql package (apt-get install -y postgresql).",
    );
  }
  const cluster = await startPgCluster();
  project.provide('postgresUrl', cluster.url);
  await provideTemplate(project, cluster.url);
  return () => cluster.destroy();
}

async function adminQuery(adminUrl: string, sql: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  const { rows } = await client.query(sql);
  await client.end();
  return rows;
}

/**
 * Every migration on a new database costs each test file seconds on a busy machine; a database
 * created from a migrated template starts with them done. Returns the template's removal.
 */
async function provideTemplate(project: TestProject, adminUrl: string): Promise<() => Promise<void>> {
  const name = `miaobi_template_${process.pid}`;
  await adminQuery(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  // Closed before any file starts: PostgreSQL copies a template only while nobody is connected to it.
  await (await openDatabase({ databaseUrl: url.toString(), dataDir: tmpdir() })).close();
  // PostgreSQL 15's default copies a template block by block through the WAL (~0.15 s in memory, ~0.33 s on
  // ext4); copying its files takes ~0.05 s (the checkpoints it needs cost nothing with fsync off).
  const [version] = await adminQuery(adminUrl, 'show server_version_num');
  const fileCopy = Number(version?.server_version_num) >= 150_000;
  project.provide('postgresTemplate', `template ${name}${fileCopy ? ' strategy file_copy' : ''}`);
  return async () => {
    await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
  };
}
