import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import WebSocket from 'ws';
import { bundledArgs } from './helpers';

export interface TestSocket {
  ws: WebSocket;
  /** Every text frame received so far, parsed when JSON. */
  messages: unknown[];
  closed: Promise<{ code: number; reason: string }>;
  /** Resolves with the first message (already received or future) that matches. */
  next(match?: (m: unknown) => boolean, timeoutMs?: number): Promise<unknown>;
}

export function openSocket(baseUrl: string, query: Record<string, string>): Promise<TestSocket> {
  const url = `${baseUrl.replace(/^http/, 'ws')}/websocket/callback?${new URLSearchParams(query)}`;
  const ws = new WebSocket(url);
  const messages: unknown[] = [];
  const waiters: Array<() => void> = [];
  ws.on('message', (data) => {
    const text = data.toString();
    try {
      messages.push(JSON.parse(text));
    } catch {
      messages.push(text);
    }
    for (const w of waiters.splice(0)) w();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  const next = (match: (m: unknown) => boolean = () => true, timeoutMs = 3000) =>
    new Promise<unknown>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no matching message in ${timeoutMs} ms: ${JSON.stringify(messages)}`)),
        timeoutMs,
      );
      const check = () => {
        const found = messages.find(match);
        if (found !== undefined) {
          clearTimeout(timer);
          resolve(found);
        } else waiters.push(check);
      };
      check();
    });
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve({ ws, messages, closed, next }));
    ws.once('error', reject);
  });
}

export const isConnected = (m: unknown) => (m as { code?: number })?.code === 100000502;

/** Starts tests/fixtures/api-server.ts (or page-server.ts), bundled, as a separate OS process. */
export async function spawnServerProcess(
  env: Record<string, string>,
  entry: 'api-server' | 'page-server' = 'api-server',
): Promise<{ url: string; proc: ChildProcess; stop(): Promise<void> }> {
  const proc = spawn(process.execPath, bundledArgs(entry), {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: proc.stdout as NodeJS.ReadableStream });
    lines.once('line', (line) => resolve((JSON.parse(line) as { url: string }).url));
    proc.once('exit', (code) => reject(new Error(`server process exited with ${code}`)));
  });
  return {
    url,
    proc,
    stop: () =>
      new Promise<void>((resolve) => {
        if (proc.exitCode !== null) return resolve();
        proc.once('exit', () => resolve());
        proc.kill('SIGTERM');
      }),
  };
}
