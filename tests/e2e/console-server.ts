import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { setTimeout as sleep } from 'node:timers/promises';
import { type BrowserContext, expect, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { runAdminCommand } from '../../src/server/cli/admin';
import { type Database, openDatabase } from '../../src/server/db/client';
import { createSession } from '../../src/server/db/queries/sessions';
import { adminTotp, users } from '../../src/server/db/schema';
import { startFreshServer } from './own-server';

/**
 * A built server on its own PGlite directory, seeded before it starts
 * (PGlite allows one process, and console roles are granted in the database
 * as the admin CLI would): for console specs.
 */
export async function startSeededServer<T>(port: number, seed: (db: Database['db']) => Promise<T>) {
  let seeded: T | undefined;
  const { stop } = await startFreshServer(port, 'miaobi-console-', {}, async (dataDir) => {
    const database = await openDatabase({ dataDir });
    seeded = await seed(database.db);
    await database.close();
  });
  return { base: `http://127.0.0.1:${port}`, seeded: seeded as T, stop };
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
/** No axe-core violations on the page as it stands. */
export async function expectAxeClean(page: Page) {
  // Evaluated through the devtools protocol: the page's CSP (no inline scripts) stays as it is.
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: () => Promise<{ violations: { id: string }[] }> } }).axe;
    return (await axe.run()).violations.map((v) => v.id);
  });
  expect(violations).toEqual([]);
}

/**
 * A code for each sensitive request, made just before it is sent. A code is accepted once, at a time step
 * later than the last, and the server accepts a step either side of its own: each code takes the earliest
 * such step that is still good for a few seconds, and waits for the clock's next step when none is.
 */
export function totpCodes(secret: string) {
  let last = Number.NEGATIVE_INFINITY;
  return async () => {
    for (;;) {
      const now = Date.now() / 1000;
      const current = Math.floor(now / 30);
      const late = now - current * 30 > 20;
      const step = Math.max(last + 1, late ? current : current - 1);
      if (step <= current + 1) {
        last = step;
        return generate({ secret, epoch: step * 30 });
      }
      await sleep((current + 1) * 30_000 - now * 1000 + 50);
    }
  };
}

/** Opens a console session for a login token and hands its cookie to the browser context. */
export async function openConsoleIn(context: BrowserContext, base: string, token: string) {
  const opened = await fetch(`${base}/api/admin/session`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  });
  const cookie = (opened.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const [name = '', value = ''] = cookie.split('=');
  await context.addCookies([{ name, value, url: base }]);
}

/** Seeds an admin with a confirmed authenticator (`secret`); answers a login token of theirs. */
export async function seedTotpAdmin(db: Database['db'], email: string, secret: string): Promise<string> {
  const [admin] = await db.insert(users).values({ email }).returning();
  if (!admin) throw new Error('no user');
  await runAdminCommand(db, ['grant', email, 'admin']);
  await db.insert(adminTotp).values({ userId: admin.id, secret, confirmedAt: new Date() });
  return createSession(db, { userId: admin.id });
}
