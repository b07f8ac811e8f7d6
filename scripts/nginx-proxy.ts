// Debian's nginx (installed by .ci/run) in front of test and bench servers: the
// shipped deploy/nginx/miaobi.conf with the given ports, in a temp dir, on
// loopback, as a child process — no global config, no service manager.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './pg-cluster';

export interface NginxProxy {
  url: string;
  /** With `staticRoot`: nginx serving that directory itself, for a same-run reference. */
  staticUrl?: string;
  stop(): Promise<void>;
}

const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => existsSync(p));

export function nginxAvailable(): boolean {
  return NGINX !== undefined;
}

/** The shipped site config with the given upstream ports and listen port. */
export function siteConfig(upstreams: number[], listen: number): string {
  const shipped = readFileSync('deploy/nginx/miaobi.conf', 'utf8');
  const servers = upstreams.map((p) => `    server 127.0.0.1:${p};`).join('\n');
  const withUpstreams = shipped.replace(/(upstream miaobi \{\n)(?:\s*#.*\n)*(?:\s*server .*;\n)+/, `$1${servers}\n`);
  if (withUpstreams === shipped) throw new Error('deploy/nginx/miaobi.conf: no upstream servers to replace');
  return withUpstreams.replace(/listen 80;/, `listen 127.0.0.1:${listen};`);
}

function waitForPort(port: number, deadline: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const attempt = () => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve();
      });
      socket.once('error', () => {
        socket.destroy();
        if (Date.now() > deadline) reject(new Error(`nginx did not listen on ${port}`));
        else setTimeout(attempt, 50);
      });
    };
    attempt();
  });
}

export async function startNginx(
  upstreams: number[],
  opts: { staticRoot?: string; workerConnections?: number } = {},
): Promise<NginxProxy> {
  if (!NGINX) throw new Error("The scale-out test needs Debian's nginx: apt-get install -y nginx (.ci/run does).");
  const dir = mkdtempSync(path.join(tmpdir(), 'miaobi-nginx-'));
  chmodSync(dir, 0o755);
  // Workers run as an unprivileged user when started by root: temp dirs open to them.
  for (const sub of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) {
    mkdirSync(path.join(dir, sub));
    chmodSync(path.join(dir, sub), 0o777);
  }
  const port = await freePort();
  const staticPort = opts.staticRoot ? await freePort() : 0;
  const staticServer = opts.staticRoot
    ? `\n  server { listen 127.0.0.1:${staticPort}; root ${opts.staticRoot}; sendfile on; }\n`
    : '';
  writeFileSync(path.join(dir, 'miaobi.conf'), siteConfig(upstreams, port));
  const temp = ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
    .map((sub) => `  ${sub === 'body' ? 'client_body' : sub}_temp_path ${path.join(dir, sub)};`)
    .join('\n');
  writeFileSync(
    path.join(dir, 'nginx.conf'),
    `daemon off;
worker_processes 1;
pid ${path.join(dir, 'nginx.pid')};
error_log ${path.join(dir, 'error.log')} warn;
events { worker_connections ${opts.workerConnections ?? 1024}; }
http {
  access_log off;
${temp}
  include ${path.join(dir, 'miaobi.conf')};${staticServer}
}
`,
  );
  const args = ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'error.log')];
  execFileSync(NGINX, [...args, '-t'], { stdio: 'pipe' });
  const proc: ChildProcess = spawn(NGINX, args, { stdio: ['ignore', 'ignore', 'inherit'] });
  await waitForPort(port, Date.now() + 10_000);
  return {
    url: `http://127.0.0.1:${port}`,
    staticUrl: opts.staticRoot ? `http://127.0.0.1:${staticPort}` : undefined,
    stop: () =>
      new Promise<void>((resolve) => {
        const done = () => {
          rmSync(dir, { recursive: true, force: true });
          resolve();
        };
        if (proc.exitCode !== null) return done();
        proc.once('exit', done);
        // Fast shutdown: a graceful one would wait for proxied sockets.
        proc.kill('SIGTERM');
      }),
  };
}
