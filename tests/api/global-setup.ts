import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Admin URL of a PostgreSQL server; each test file makes its own database there. */
    postgresUrl: string | null;
  }
}

/**
 * The api-pg project runs the API suite against a real PostgreSQL: the one in
 * TEST_DATABASE_URL, or a throwaway cluster made here from Debian's
 * postgresql package (installed by .ci/run).
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
  const bin = findPostgresBin();
  if (!bin) {
    throw new Error(
      "The api-pg tests need PostgreSQL: set TEST_DATABASE_URL, or install Debian's postgresql package (apt-get install -y postgresql).",
    );
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'miaobi-pg-'));
  const asRoot = process.getuid?.() === 0;
  // initdb refuses to run as root: the cluster belongs to the postgres user then.
  const run = (cmd: string, args: string[]) =>
    asRoot
      ? execFileSync('runuser', ['-u', 'postgres', '--', path.join(bin, cmd), ...args], { stdio: 'pipe' })
      : execFileSync(path.join(bin, cmd), args, { stdio: 'pipe' });
  if (asRoot) chownSync(dir, uidOf('postgres'), gidOf('postgres'));
  const data = path.join(dir, 'data');
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const port = await freePort();
  run('pg_ctl', [
    '-D',
    data,
    '-l',
    path.join(dir, 'log'),
    '-w',
    'start',
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`,
  ]);
  project.provide('postgresUrl', `postgres://postgres@127.0.0.1:${port}/postgres`);
  return () => {
    run('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']);
    rmSync(dir, { recursive: true, force: true });
  };
}

function findPostgresBin(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
  for (const v of versions) {
    const bin = path.join(root, v, 'bin');
    if (existsSync(path.join(bin, 'initdb'))) return bin;
  }
  return null;
}

function uidOf(user: string) {
  return Number(execFileSync('id', ['-u', user]).toString().trim());
}
function gidOf(user: string) {
  return Number(execFileSync('id', ['-g', user]).toString().trim());
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}
