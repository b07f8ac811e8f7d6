import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** Every source file under dir with the repository-relative paths of the modules it imports. */
function imports(dir: string): Array<{ file: string; targets: string[] }> {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return imports(full);
    if (!/\.(tsx?|mjs|astro)$/.test(name)) return [];
    const text = readFileSync(full, 'utf8');
    const targets = [...text.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)].map((m) =>
      path.normalize(path.join(path.dirname(full), m[1] ?? '')),
    );
    return [{ file: full, targets }];
  });
}

const all = imports('src');
const under = (p: string, folder: string) => p === folder || p.startsWith(`${folder}/`);

/** Files under `from` that import anything under one of `to`; `.astro` frontmatter runs on the server. */
function arrows(from: string, to: string[], { browserOnly = false } = {}): string[] {
  return all
    .filter(({ file }) => under(file, from) && !(browserOnly && file.endsWith('.astro')))
    .flatMap(({ file, targets }) =>
      targets.filter((t) => to.some((folder) => under(t, folder))).map((t) => `${file} → ${t}`),
    );
}

const byFile = new Map(all.map(({ file, targets }) => [file, targets]));
const EXTENSIONS = ['', '.ts', '.tsx', '.mjs', '/index.ts'];
const fileOf = (target: string) => EXTENSIONS.map((e) => target + e).find((f) => byFile.has(f));

/** Import chains from a file under `from` that reach `to` through any number of other modules. */
function chains(from: string, to: string): string[] {
  const found: string[] = [];
  for (const start of byFile.keys()) {
    if (!under(start, from)) continue;
    const seen = new Set([start]);
    const walk = (file: string, chain: string[]): boolean => {
      for (const target of byFile.get(file) ?? []) {
        if (under(target, to)) {
          found.push([...chain, target].join(' → '));
          return true;
        }
        const next = fileOf(target);
        if (next && !seen.has(next)) {
          seen.add(next);
          if (walk(next, [...chain, next])) return true;
        }
      }
      return false;
    };
    walk(start, [start]);
  }
  return found;
}

describe('layers (ARCHITECTURE.md)', () => {
  it('rules, adapters, data and push do not know HTTP, not even through another module', () => {
    for (const folder of ['services', 'providers', 'db', 'push', 'config', 'jobs'])
      expect(chains(`src/server/${folder}`, 'src/server/api')).toEqual([]);
  });

  it('adapters and data do not know the rules', () => {
    expect(arrows('src/server/providers', ['src/server/services'])).toEqual([]);
    expect(arrows('src/server/db', ['src/server/services'])).toEqual([]);
    expect(arrows('src/server/config', ['src/server/services', 'src/server/providers'])).toEqual([]);
  });

  it('the job runner knows no domain: services hand it their steps, not the other way round', () => {
    expect(arrows('src/server/jobs', ['src/server/services', 'src/server/push'])).toEqual([]);
  });

  it('the server imports no browser code; the browser imports no server code', () => {
    expect(arrows('src/server', ['src/lib', 'src/islands', 'src/components', 'src/stores'])).toEqual([]);
    for (const folder of ['src/islands', 'src/components', 'src/stores', 'src/lib'])
      expect(arrows(folder, ['src/server'], { browserOnly: true })).toEqual([]);
  });

  it('the shared contract stands alone', () => {
    expect(arrows('src/shared', ['src/lib', 'src/server', 'src/islands', 'src/components', 'src/stores'])).toEqual([]);
  });

  it('finds arrows at all (the scan reads this tree)', () => {
    expect(arrows('src/server/api', ['src/server/services']).length).toBeGreaterThan(10);
  });
});
