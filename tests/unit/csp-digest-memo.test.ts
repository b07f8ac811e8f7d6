import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import cspDigestMemo, { ENCRYPTION_MODULE, memoizeDigest } from '../../src/integrations/csp-digest-memo.mjs';

// The installed Astro's module, as the build bundles it.
const file = path.resolve('node_modules/astro/dist/core/encryption.js');
const source = readFileSync(file, 'utf8');
const dir = mkdtempSync(path.join(tmpdir(), 'csp-digest-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type Digest = (data: string, algorithm: string) => Promise<string>;

/** The module's code with its imports pointed at the installed files, loaded from a temporary copy. */
async function load(code: string, name: string): Promise<{ generateCspDigest: Digest }> {
  const resolve = createRequire(file).resolve;
  const linked = code
    .replace(
      /from "(\.[^"]+)"/g,
      (_, rel: string) => `from "${pathToFileURL(path.join(path.dirname(file), rel)).href}"`,
    )
    .replace(/from "(@oslojs\/encoding)"/g, (_, spec: string) => `from "${pathToFileURL(resolve(spec)).href}"`);
  const out = path.join(dir, name);
  writeFileSync(out, linked);
  return import(pathToFileURL(out).href);
}

describe('CSP digests (src/integrations/csp-digest-memo.mjs)', () => {
  it("finds Astro's digest function in the installed version", () => {
    expect(ENCRYPTION_MODULE.test(file)).toBe(true);
    expect(memoizeDigest(source)).not.toBeNull();
  });

  it('hashes each input once per process, to the value Astro computes', async () => {
    const plain = await load(source, 'plain.mjs');
    const kept = await load(memoizeDigest(source) ?? '', 'kept.mjs');
    const script = 'console.log("inline")';
    const first = kept.generateCspDigest(script, 'SHA-256');
    expect(kept.generateCspDigest(script, 'SHA-256')).toBe(first);
    expect(await first).toBe(await plain.generateCspDigest(script, 'SHA-256'));
    expect(await kept.generateCspDigest('other', 'SHA-256')).toBe(await plain.generateCspDigest('other', 'SHA-256'));
    expect(kept.generateCspDigest(script, 'SHA-512')).not.toBe(first);
  });

  it('fails the build when the function is gone', () => {
    const plugin = cspDigestMemo();
    const errors: string[] = [];
    const context = {
      error(message: string) {
        errors.push(message);
        throw new Error(message);
      },
    };
    const transform = plugin.transform as unknown as (this: typeof context, code: string, id: string) => unknown;
    expect(transform.call(context, 'export const x = 1;', '/app/src/page.ts')).toBeNull();
    expect(() => transform.call(context, 'export {}', file)).toThrow(/generateCspDigest not found/);
    expect(errors).toHaveLength(1);
  });
});
