// A throwaway PostgreSQL cluster from Debian's postgresql package, on a
// loopback port, for the api-pg suite and for tests and benchmarks that must
// stop, restart or share a real server.
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface PgCluster {
  /** Admin URL (user postgres, database postgres). */
  url: string;
  port: number;
  /** Stops the server at once (like a crash or a restart by the operator). */
  stop(): void;
  start(): void;
  /** Stops it and removes its files. */
  destroy(): void;
}

export function findPostgresBin(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
  for (const v of versions) {
    const bin = path.join(root, v, 'bin');
    if (existsSync(path.join(bin, 'initdb'))) return bin;
  }
  return null;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

const idOf = (flag: '-u' | '-g', user: string) => Number(execFileSync('id', [flag, user]).toString().trim());

export async function startPgCluster(opts: { maxConnections?: number } = {}): Promise<PgCluster> {
  const bin = findPostgresBin();
  if (!bin) throw new Error("PostgreSQL is needed: apt-get install -y postgresql (Debian's package).");
  const dir = mkdtempSync(path.join(tmpdir(), 'miaobi-pgc-'));
  const asRoot = process.getuid?.() === 0;
  // initdb refuses to run as root: the cluster belongs to the postgres user then.
  const run = (cmd: string, args: string[]) =>
    asRoot
      ? execFileSync('runuser', ['-u', 'postgres', '--', path.join(bin, cmd), ...args], { stdio: 'pipe' })
      : execFileSync(path.join(bin, cmd), args, { stdio: 'pipe' });
  if (asRoot) chownSync(dir, idOf('-u', 'postgres'), idOf('-g', 'postgres'));
  const data = path.join(dir, 'data');
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const port = await freePort();
  const options = [
    `-p ${port}`,
    `-k ${dir}`,
    '-c listen_addresses=127.0.0.1',
    '-c fsync=off',
    `-c max_connections=${opts.maxConnections ?? 200}`,
  ].join(' ');
  let running = false;
  const cluster: PgCluster = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start() {
      run('pg_ctl', ['-D', data, '-l', path.join(dir, 'log'), '-w', 'start', '-o', options]);
      running = true;
    },
    stop() {
      if (!running) return;
      run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      running = false;
    },
    destroy() {
      try {
        cluster.stop();
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
  cluster.start();
  return cluster;
}
