// A local OpenAI-compatible upstream for the bench: every chat completion streams
// `tokens` pieces at `perSecond`, then usage and [DONE], like a model would. It runs in
// its own process (spawnFakeLlm), so its timers do not queue behind the measuring client.
import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

export interface FakeLlm {
  url: string;
  stop(): Promise<void>;
}

export async function startFakeLlm(opts: { tokens: number; perSecond: number }): Promise<FakeLlm> {
  const gap = 1000 / opts.perSecond;
  const server: Server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      let sent = 0;
      const timer = setInterval(() => {
        if (sent < opts.tokens) {
          sent += 1;
          res.write(`data: ${JSON.stringify({ choices: [{ delta: { content: `词${sent} ` } }] })}\n\n`);
          return;
        }
        clearInterval(timer);
        res.write(
          `data: ${JSON.stringify({ choices: [], usage: { prompt_tokens: 20, completion_tokens: sent } })}\n\n`,
        );
        res.end('data: [DONE]\n\n');
      }, gap);
      res.on('close', () => clearInterval(timer));
    });
  });
  server.maxConnections = 10_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The fake in a child process; resolves once it listens. */
export async function spawnFakeLlm(opts: { tokens: number; perSecond: number }): Promise<FakeLlm> {
  const proc = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url)], {
    env: { ...process.env, FAKE_TOKENS: String(opts.tokens), FAKE_PER_SECOND: String(opts.perSecond) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    createInterface({ input: proc.stdout as NodeJS.ReadableStream }).once('line', resolve);
    proc.once('exit', (code) => reject(new Error(`fake upstream exited with ${code}`)));
  });
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        if (proc.exitCode !== null) return resolve();
        proc.once('exit', () => resolve());
        proc.kill('SIGTERM');
      }),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const fake = await startFakeLlm({
    tokens: Number(process.env.FAKE_TOKENS),
    perSecond: Number(process.env.FAKE_PER_SECOND),
  });
  process.stdout.write(`${fake.url}\n`);
  process.once('SIGTERM', () => void fake.stop().then(() => process.exit(0)));
}
