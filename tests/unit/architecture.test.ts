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

/**
 * Import loops among files under `folder`, each as the chain that closes it. Type-only imports
 * count too: the issue that set this rule names such a loop (env.ts ↔ the domain settings), and
 * a type that two modules trade ties them as firmly, so neither can be read or moved alone.
 */
function loops(folder: string, graph: Map<string, string[]> = byFile): string[] {
  const resolve = (target: string) => EXTENSIONS.map((e) => target + e).find((f) => graph.has(f));
  const found: string[] = [];
  const done = new Set<string>();
  const visit = (file: string, path: string[]) => {
    const at = path.indexOf(file);
    if (at >= 0) {
      found.push([...path.slice(at), file].join(' → '));
      return;
    }
    if (done.has(file)) return;
    for (const target of graph.get(file) ?? []) {
      const next = resolve(target);
      if (next && under(next, folder)) visit(next, [...path, file]);
    }
    done.add(file);
  };
  for (const file of graph.keys()) if (under(file, folder)) visit(file, []);
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
    // The one exception: the typed client reads the route table's types, erased from the bundle.
    const typesOnly = 'src/lib/api/routes.ts → src/server/api/route-table';
    for (const folder of ['src/islands', 'src/components', 'src/stores', 'src/lib'])
      expect(arrows(folder, ['src/server'], { browserOnly: true }).filter((a) => a !== typesOnly)).toEqual([]);
    const routesFile = readFileSync('src/lib/api/routes.ts', 'utf8');
    expect(routesFile).toMatch(/^import type \{ RouteTable \} from '\.\.\/\.\.\/server\/api\/route-table';$/m);
    expect(routesFile).not.toMatch(/^import (?!type )[^;]*server/m);
  });

  it('server files import no loop, not even through types', () => {
    expect(loops('src/server')).toEqual([]);
  });

  it('shared UI does not know the features', () => {
    expect(arrows('src/components', ['src/islands'])).toEqual([]);
  });

  it('the shared contract stands alone', () => {
    expect(arrows('src/shared', ['src/lib', 'src/server', 'src/islands', 'src/components', 'src/stores'])).toEqual([]);
  });

  it('the server translates through one i18next instance per language (i18nOf), never a new one per call', () => {
    const fresh = all
      .filter(({ file }) => under(file, 'src/server') || file.endsWith('.astro'))
      .filter(({ file }) => /\bcreateI18n\(/.test(readFileSync(file, 'utf8')))
      .map(({ file }) => file);
    expect(fresh).toEqual([]);
    expect(all.some(({ file }) => /\bi18nOf\(/.test(readFileSync(file, 'utf8')))).toBe(true);
  });

  it('services speak no HTTP: no hono, no Response built, no header set (the api layer does that)', () => {
    const http = [
      /from '(hono|@hono\/[^']+)(\/[^']*)?'/,
      /\bnew Response\(/,
      /\bnew Headers\(/,
      /\.(setHeader|writeHead|appendHeader)\(/,
      /\bres\.end\(/,
      /\.headers\.(set|append)\(/,
      /['"](content-type|cache-control|x-accel-buffering)['"]\s*:/i,
    ];
    const speaking = all
      .map(({ file }) => file)
      .filter((file) => under(file, 'src/server/services'))
      .filter((file) => http.some((pattern) => pattern.test(readFileSync(file, 'utf8'))));
    expect(speaking).toEqual([]);
  });

  it('services call no upstream and build no model adapter: the registry (rt.registry) hands them out', () => {
    const factories = [
      'createLlmProvider',
      'createOpenAiLlm',
      'createOfflineLlm',
      'createImageProvider',
      'createMidjourneyProxyProvider',
      'createOpenAiImageProvider',
      'createSdWebuiProvider',
      'createOfflineProvider',
      'createMusicProvider',
      'createSunoProvider',
      'createOfflineComposer',
      'createProviderRegistry',
      'probeChannel',
      'probeCall',
      'createWebSearchProvider',
      'createBochaSearch',
      'createTavilySearch',
      'createSearxngSearch',
      'createZhipuSearch',
      'createSandboxSearch',
      'downloadPage',
      'downloadGuarded',
      'searchCall',
    ];
    const calls = new RegExp(`\\bfetch\\(|\\b(${factories.join('|')})\\(`);
    const building = all
      .map(({ file }) => file)
      .filter((file) => under(file, 'src/server/services'))
      .filter((file) => calls.test(readFileSync(file, 'utf8')));
    expect(building).toEqual([]);
    // The patterns find what they name (this guard is not vacuous).
    expect(calls.test('await fetch(url)')).toBe(true);
    expect(calls.test('createOpenAiLlm({ baseUrl })')).toBe(true);
    expect(calls.test('rt.registry.llm(target)')).toBe(false);
  });

  it("the console's own rules stay in admin/; a domain's console rules live with the domain", () => {
    // Session, TOTP, roles, the hierarchy guard, the audit log and the cross-domain dashboard; nothing else.
    expect(readdirSync('src/server/services/admin').sort()).toEqual([
      'audit.ts',
      'console-session.ts',
      'dashboard.ts',
      'hierarchy.ts',
      'roles.ts',
      'totp.ts',
    ]);
    // The guard and routes every console page shares, and the site-wide settings page.
    expect(readdirSync('src/server/api/admin').sort()).toEqual([
      'admin.routes.ts',
      'console-kit.ts',
      'guard.ts',
      'index.ts',
      'settings.routes.ts',
      'settings.ts',
    ]);
  });

  it('finds arrows at all (the scan reads this tree)', () => {
    expect(arrows('src/server/api', ['src/server/services']).length).toBeGreaterThan(10);
  });

  it('finds loops at all (the search follows imports back to their start)', () => {
    const graph = new Map([
      ['src/server/a.ts', ['src/server/b']],
      ['src/server/b.ts', ['src/server/c', 'src/lib/x']],
      ['src/server/c.ts', ['src/server/a']],
      ['src/lib/x.ts', ['src/server/a']],
    ]);
    expect(loops('src/server', graph)).toEqual([
      'src/server/a.ts → src/server/b.ts → src/server/c.ts → src/server/a.ts',
    ]);
    expect(loops('src/lib', graph)).toEqual([]);
  });
});

describe('islands (ARCHITECTURE.md)', () => {
  const text = (file: string) => readFileSync(file, 'utf8');
  const browser = all.map(({ file }) => file).filter((f) => /\.tsx?$/.test(f) && !under(f, 'src/server'));

  it('every island mounts through the one root, IslandRoot in src/lib/island-i18n.tsx', () => {
    const roots = browser.filter((f) => /I18nextProvider/.test(text(f)));
    expect(roots).toEqual(['src/lib/island-i18n.tsx']);
  });

  it('island modules export by name, as pages import them', () => {
    expect(browser.filter((f) => under(f, 'src/islands') && /^export default /m.test(text(f)))).toEqual([]);
  });
});
