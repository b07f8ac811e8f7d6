import http from 'node:http';
import net from 'node:net';
import { createLogger } from '../../../src/server/log';
import { startTestServer } from '../helpers';

/** A server whose log lines the test can read. */
export async function startLoggedServer(extraEnv: Record<string, string>) {
  const lines: Array<{ msg: string; [k: string]: unknown }> = [];
  const running = await startTestServer(
    extraEnv,
    createLogger('warn', (line) => lines.push(JSON.parse(line))),
  );
  return { ...running, port: Number(new URL(running.url).port), lines };
}

/** A raw socket from a chosen loopback address (Linux answers the whole 127.0.0.0/8). */
export function connect(port: number, localAddress: string): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: '127.0.0.1', port, localAddress });
    socket.once('connect', () => resolve(socket));
    socket.once('error', reject);
  });
}

/** Everything the server sent until it closed the connection. */
export function untilClosed(socket: net.Socket): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    socket.on('data', (d) => {
      text += d.toString();
    });
    socket.on('error', () => {});
    if (socket.destroyed) return resolve(text);
    socket.once('close', () => resolve(text));
  });
}

/** The first reply on a socket (status line and headers, and what body arrived with them). */
export function firstReply(socket: net.Socket): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    const onData = (d: Buffer) => {
      text += d.toString();
      if (text.includes('\r\n\r\n')) {
        socket.off('data', onData);
        resolve(text);
      }
    };
    socket.on('data', onData);
    socket.on('error', () => {});
    socket.once('close', () => resolve(text));
  });
}

export interface Answer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: replies are checked field by field in tests
  body: any;
}

/** One request from a chosen loopback address, on a fresh connection. */
export function request(
  port: number,
  opts: { method?: string; path: string; body?: string; headers?: Record<string, string>; from?: string },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        localAddress: opts.from ?? '127.0.0.1',
        method: opts.method ?? 'GET',
        path: opts.path,
        agent: false,
        headers: { 'content-type': 'application/json', ...opts.headers },
      },
      (res) => {
        let text = '';
        res.on('data', (d) => {
          text += d;
        });
        res.on('end', () => {
          let body: unknown = text;
          try {
            body = JSON.parse(text);
          } catch {
            // not JSON
          }
          resolve({ status: res.statusCode ?? 0, body });
        });
      },
    );
    req.once('error', reject);
    req.end(opts.body);
  });
}
