import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Every namespace a source file names, and every key it names with its namespace, is in the locale files:
// a namespace renamed or merged leaves no reference to the old name behind (keys are checked in zh-CN;
// tests/unit/locales.test.ts keeps the other languages' keys identical).
const root = 'locales/zh-CN';
const keysOf = new Map(
  readdirSync(root).map((file) => [
    file.replace(/\.json$/, ''),
    Object.keys(JSON.parse(readFileSync(path.join(root, file), 'utf8'))),
  ]),
);

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sources(full);
    return /\.(tsx?|astro)$/.test(name) ? [full] : [];
  });
}
const files = sources('src').map((file) => ({ file, text: readFileSync(file, 'utf8') }));

/** `found` in `file` for each match of `pattern` whose `check` fails. */
function misses(pattern: RegExp, check: (m: RegExpMatchArray) => boolean): string[] {
  return files.flatMap(({ file, text }) =>
    [...text.matchAll(pattern)].filter((m) => !check(m)).map((m) => `${file}: ${m[0]}`),
  );
}

/** A key, a plural of it, or (for a template's fixed start) the start of one. */
function known(ns: string, key: string, prefixOnly: boolean): boolean {
  const keys = keysOf.get(ns) ?? [];
  if (prefixOnly) return keys.some((k) => k.startsWith(key));
  return keys.some((k) => k === key || k.replace(/_(zero|one|two|few|many|other)$/, '') === key);
}

describe('locale references in src/', () => {
  it('finds the locale files and references at all', () => {
    expect(keysOf.get('common')?.length).toBeGreaterThan(10);
    expect(misses(/\bt\(\s*['"`]/g, () => false).length).toBeGreaterThan(100);
  });

  it('t() names only namespaces that exist', () => {
    expect(misses(/\bt\(\s*['"`](\w+):/g, (m) => keysOf.has(m[1] ?? ''))).toEqual([]);
  });

  it('islands and pages load only namespaces that exist', () => {
    const each = (list: string) => [...list.matchAll(/'(\w+)'/g)].every((n) => keysOf.has(n[1] ?? ''));
    expect(misses(/useTranslation\(\s*'(\w+)'/g, (m) => keysOf.has(m[1] ?? ''))).toEqual([]);
    expect(misses(/\bns="(\w+)"/g, (m) => keysOf.has(m[1] ?? ''))).toEqual([]);
    expect(misses(/(?:islandMessages\(\s*\w+,|namespaces=\{)\s*\[([^\]]*)\]/g, (m) => each(m[1] ?? ''))).toEqual([]);
  });

  it('every "namespace:key" text names a key of that namespace', () => {
    const namespaces = [...keysOf.keys()].join('|');
    // Not an Open Graph property (`property="music:duration"`).
    const ref = new RegExp(`(?<!property=)['"\`](${namespaces}):([\\w.]+)(\\$\\{|['"\`])`, 'g');
    expect(misses(ref, (m) => known(m[1] ?? '', m[2] ?? '', m[3] === '${'))).toEqual([]);
  });
});
