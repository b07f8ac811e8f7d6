import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { inject } from 'vitest';
import { loadEnv } from '../../src/server/config/env';
import { type Database, openDatabase } from '../../src/server/db/client';
import type { NodeHandler } from '../../src/server/http';
import { createLogger, type Logger } from '../../src/server/log';
import { type RunningServer, startServer } from '../../src/server/server';
import { TEST_PROCESS_FLAGS } from '../fixtures/node-flags';
import type { BUNDLED } from './global-setup';

export interface TestServer extends RunningServer {
  /** JSON request helper returning status, headers and parsed body. */
  call(method: string, urlPath: string, body?: unknown, headers?: Record<string, string>): Promise<CallResult>;
  dispose(): Promise<void>;
}

export interface CallResult {
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: replies are checked field by field in tests
  body: any;
}

/** `node`'s arguments that run one of the processes the global setup bundled (BUNDLED in global-setup.ts). */
export const bundledArgs = (entry: keyof typeof BUNDLED) => [
  ...TEST_PROCESS_FLAGS,
  path.join(inject('serverBundle'), `${entry}.mjs`),
];

const execFileAsync = promisify(execFile);
/** The products command, bundled, run to its end with `env` over this process's; resolves with its output. */
export const runProducts = (env: Record<string, string>, ...args: string[]) =>
  execFileAsync(process.execPath, [...bundledArgs('products'), ...args], { env: { ...process.env, ...env } });

/** A fresh database for one test file: a PGlite dir, or a new database on the api-pg PostgreSQL. */
export async function createTestDatabase(): Promise<{ dataDir: string; databaseUrl?: string; drop(): Promise<void> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'miaobi-test-'));
  const admin = inject('postgresUrl');
  if (!admin) {
    const template = inject('pgliteTemplate');
    if (template) cpSync(path.join(template, 'pg'), path.join(dataDir, 'pg'), { recursive: true });
    return { dataDir, drop: async () => rmSync(dataDir, { recursive: true, force: true }) };
  }
  const name = `miaobi_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  const template = inject('postgresTemplate');
  await client.query(`create database ${name}${template ? ` ${template}` : ''}`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    dataDir,
    databaseUrl: url.toString(),
    async drop() {
      rmSync(dataDir, { recursive: true, force: true });
      const c = new pg.Client({ connectionString: admin });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** The environment of a test server on `database`, on a port the system picks. */
export function testEnv(database: { dataDir: string; databaseUrl?: string }, extraEnv: Record<string, string> = {}) {
  return loadEnv({
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: database.dataDir,
    DATABASE_URL: database.databaseUrl,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    // The offline responder answers at once: its pace is for people, and ~70 s of the suite waited on it.
    LLM_OFFLINE_PIECE_MS: '0',
    ...extraEnv,
  });
}

/** A server on a fresh database; `log` replaces the one LOG_LEVEL gives (to read its lines); `pages` serves the non-API paths. */
export async function startTestServer(
  extraEnv: Record<string, string> = {},
  log?: Logger,
  pages?: NodeHandler,
): Promise<TestServer> {
  const database = await createTestDatabase();
  const srv = await startTestServerOn(database, extraEnv, log, pages);
  return {
    ...srv,
    async dispose() {
      await srv.dispose();
      await database.drop();
    },
  };
}

/** A server on a database the caller keeps (to restart on it, or hand it to another process); dispose only stops it. */
export async function startTestServerOn(
  database: { dataDir: string; databaseUrl?: string },
  extraEnv: Record<string, string> = {},
  log?: Logger,
  pages?: NodeHandler,
): Promise<TestServer> {
  const env = testEnv(database, extraEnv);
  const running = await startServer(env, log ?? createLogger(env.LOG_LEVEL), pages);
  return {
    ...running,
    async call(method, urlPath, body, headers = {}) {
      const init: RequestInit = { method, headers: { ...headers } };
      if (body !== undefined) {
        init.body = typeof body === 'string' ? body : JSON.stringify(body);
        (init.headers as Record<string, string>)['content-type'] ??= 'application/json';
      }
      const res = await fetch(running.url + urlPath, init);
      const textBody = await res.text();
      let parsed: unknown = textBody;
      try {
        parsed = JSON.parse(textBody);
      } catch {
        // not JSON: keep the text
      }
      return { status: res.status, headers: res.headers, body: parsed };
    },
    async dispose() {
      await running.stop(2000);
    },
  };
}

// A password hash takes ~50 ms on a busy core: every user of a file shares one hash of the test password.
let testPasswordHash: Promise<string> | undefined;

/** A user with a live session, made directly in the database (the accounts suite covers the real flows). */
export async function createUserWithToken(srv: RunningServer, email: string) {
  const { users } = await import('../../src/server/db/schema');
  const { createSession } = await import('../../src/server/db/queries/sessions');
  const { hashPassword } = await import('../../src/server/services/account/passwords');
  testPasswordHash ??= hashPassword('secret123');
  const db = srv.runtime.database.db;
  const [user] = await db
    .insert(users)
    .values({ email, passwordHash: await testPasswordHash })
    .returning();
  if (!user) throw new Error('no user');
  const token = await createSession(db, { userId: user.id });
  return { id: user.id, token, headers: { authorization: `Bearer ${token}` } };
}

/**
 * Rate limits count in clock-aligned windows, so a burst that straddles an edge is split in two
 * and the N+1-th request passes. Waits for the next window when fewer than `spanMs` remain, so a
 * test whose span nears its timeout (30 s) needs a longer one.
 */
export async function clearOfWindowEdge(windowMs: number, spanMs = 10_000) {
  const left = windowMs - (Date.now() % windowMs);
  if (left < spanMs) await new Promise((resolve) => setTimeout(resolve, left + 50));
}

/** Asks `fn` every `everyMs` until it answers something other than undefined; fails naming `what` after `ms`. */
export async function until<T>(what: string, fn: () => Promise<T | undefined>, ms = 30_000, everyMs = 100): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/** Runs `fn` on a test database while no server holds it (PGlite allows one process). */
export async function withDatabase<T>(
  database: { dataDir: string; databaseUrl?: string },
  fn: (db: Database['db']) => Promise<T>,
): Promise<T> {
  const db = await openDatabase({ databaseUrl: database.databaseUrl, dataDir: database.dataDir });
  try {
    return await fn(db.db);
  } finally {
    await db.close();
  }
}
