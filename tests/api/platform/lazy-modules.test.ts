// Start-up loads only what serving needs: the heavy libraries of files,
// pictures, mail, QR codes, TOTP, MP3 and the S3 bucket are imported at their
// first use (bench/RESULTS.md, start-up). A server process with local
// storage, started and asked a few questions, must not have loaded them;
// on PostgreSQL, not the embedded database either.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, expect, it } from 'vitest';
import { LAZY, LAZY_ON_POSTGRES } from '../../../scripts/lazy-modules.mjs';
import { bundledArgs, createTestDatabase } from '../helpers';

const dir = mkdtempSync(path.join(tmpdir(), 'miaobi-lazy-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('a started server that answered requests has not loaded the heavy libraries', async () => {
  const db = await createTestDatabase();
  const log = path.join(dir, 'modules.txt');
  try {
    const proc = spawn(
      process.execPath,
      ['--import', './tests/fixtures/module-log.mjs', ...bundledArgs('api-server')],
      {
        env: {
          ...process.env,
          NODE_ENV: 'test',
          DATA_DIR: db.dataDir,
          ...(db.databaseUrl ? { DATABASE_URL: db.databaseUrl } : {}),
          STORAGE: 'local',
          MODULE_LOG: log,
        },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    const exited = once(proc, 'exit');
    const [line] = (await once(createInterface({ input: proc.stdout as NodeJS.ReadableStream }), 'line')) as [string];
    const { url } = JSON.parse(line) as { url: string };
    expect((await fetch(`${url}/api/health`)).status).toBe(200);
    const products = await fetch(`${url}/api/product/list/aichat`, { method: 'POST' });
    expect(products.status).toBe(200);
    proc.kill('SIGTERM');
    await exited;

    const loaded = readFileSync(log, 'utf8').split('\n');
    // The log sees packages at all: the ones every request needs are there.
    expect(loaded).toEqual(expect.arrayContaining(['hono', 'zod']));
    const lazy = db.databaseUrl ? [...LAZY, ...LAZY_ON_POSTGRES] : LAZY;
    expect(loaded.filter((p) => lazy.includes(p))).toEqual([]);
    if (!db.databaseUrl) expect(loaded).toEqual(expect.arrayContaining(LAZY_ON_POSTGRES));
  } finally {
    await db.drop();
  }
}, 120_000);
