// The API client runs on every page (the layout's announcement toasts use it), so
// its messages' texts must not ride along: each language's `common` file is its
// own chunk, loaded the first time a message is needed (src/lib/common-t.ts).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { commonT } from '../../src/lib/common-t';

/** Files a module reaches through static imports (type-only and dynamic imports excluded). */
function staticClosure(entry: string): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    if (!/\.tsx?$/.test(file)) return;
    const code = readFileSync(file, 'utf8');
    for (const m of code.matchAll(/^(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?'(\.[^']+)'/gm)) {
      const target = path.resolve(path.dirname(file), m[1] ?? '');
      const found = [target, `${target}.ts`, `${target}.tsx`, path.join(target, 'index.ts')].find(
        (f) => existsSync(f) && !f.endsWith(path.sep),
      );
      if (found) visit(found);
    }
  };
  visit(path.resolve(entry));
  return [...seen].map((f) => path.relative(process.cwd(), f));
}

describe('the API client and its texts', () => {
  it('reaches no locale file through a static import', () => {
    const closure = staticClosure('src/lib/api/client.ts');
    expect(closure).toContain('src/lib/api/config.ts');
    expect(closure.filter((f) => f.startsWith('locales/'))).toEqual([]);
  });

  it('the notice toasts, on every page, reach none either', () => {
    expect(staticClosure('src/lib/notice-toast.ts').filter((f) => f.startsWith('locales/'))).toEqual([]);
  });

  it('loads a language’s texts when a message is asked for, falling back to en-US, then the key', async () => {
    expect(await commonT('zh-CN', 'error.timeout')).toBe('请求超时，请检查网络后重试');
    expect(await commonT('en-US', 'error.timeout')).toMatch(/timed out/i);
    expect(await commonT('zh-TW', 'no.such.key')).toBe('no.such.key');
  });
});
