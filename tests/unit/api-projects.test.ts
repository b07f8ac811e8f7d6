import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BACKEND_INDEPENDENT } from '../api/backend-independent';

/**
 * The rule of tests/api/backend-independent.ts: a file that runs on PGlite only shows no sign of
 * depending on the database being a server. Each sign, and what it means in a test file.
 */
const SIGNS: [RegExp, string][] = [
  [/inject\(\s*['"]postgres(Url|Template)['"]\s*\)/, 'asks which backend it runs on'],
  [/\bstartTestServerOn\b/, 'keeps a database across servers (restarts, two processes)'],
  [/\.transaction\(/, 'runs a transaction'],
  [/\bpg_notify\b|\bLISTEN\s+\w/, 'uses LISTEN/NOTIFY'],
  [/\bfor\s+update\b|\bpg_advisory/i, 'takes a lock'],
  [/\bSIGKILL\b|\.kill\(/, 'kills a process'],
];

/** The signs a test file's source shows, as readable reasons. */
function dependenceSigns(source: string): string[] {
  return SIGNS.filter(([sign]) => sign.test(source)).map(([, what]) => what);
}

describe('API files run on PGlite only', () => {
  const entries = Object.entries(BACKEND_INDEPENDENT);

  it('are listed with a reason and exist', () => {
    expect(entries.length).toBeGreaterThan(0);
    for (const [file, reason] of entries) {
      expect(file, file).toMatch(/^tests\/api\/[\w-]+\/[\w-]+\.test\.ts$/);
      expect(existsSync(file), `${file} is listed but missing`).toBe(true);
      expect(reason.trim().length, `${file} needs a reason`).toBeGreaterThan(10);
    }
  });

  it('show no sign of depending on the database being a server', () => {
    const found = entries.flatMap(([file]) => dependenceSigns(readFileSync(file, 'utf8')).map((s) => `${file}: ${s}`));
    expect(
      found,
      `run these on both projects (remove them from tests/api/backend-independent.ts):\n${found.join('\n')}`,
    ).toEqual([]);
  });

  it('recognises each sign', () => {
    expect(dependenceSigns("const pg = inject('postgresUrl');")).toEqual(['asks which backend it runs on']);
    expect(dependenceSigns('await startTestServerOn(db)')).toHaveLength(1);
    expect(dependenceSigns('await db.transaction(async (tx) => {})')).toHaveLength(1);
    expect(dependenceSigns("sql`select pg_notify('x', '')`")).toHaveLength(1);
    expect(dependenceSigns('select 1 for update')).toHaveLength(1);
    expect(dependenceSigns("child.kill('SIGKILL')")).toEqual(['kills a process']);
    expect(dependenceSigns("const NOTIFY = '/api/pay/wechat/notify';")).toEqual([]);
  });
});
