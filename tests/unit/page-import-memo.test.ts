import { describe, expect, it } from 'vitest';
import pageImportMemo, { memoizePageImports, PAGES_MODULE } from '../../src/integrations/page-import-memo.mjs';

// What Astro's pages plugin (astro/dist/vite-plugin-pages/pages.js) generates, with two pages.
const GENERATED = `const _page0 = () => import("virtual:astro:page:src/pages/a@_@astro");
const _page1 = () => import("virtual:astro:page:src/pages/b@_@astro");
const pageMap = new Map([
    ["src/pages/a.astro", _page0],
    ["src/pages/b.astro", _page1]
]);

export { pageMap };`;

/** The module's code run with `import` counted: its pageMap and how often each page was imported. */
function run(code: string) {
  const imports = new Map<string, number>();
  const body = code
    .replace(/import\("([^"]+)"\)/g, 'importPage("$1")')
    .replace('export { pageMap };', 'return pageMap;');
  const importPage = async (spec: string) => {
    imports.set(spec, (imports.get(spec) ?? 0) + 1);
    return { page: spec };
  };
  const pageMap = new Function('importPage', body)(importPage) as Map<string, () => Promise<{ page: string }>>;
  return { pageMap, imports };
}

describe("each page's module imported once (src/integrations/page-import-memo.mjs)", () => {
  it('hands back the first import of a page to every later request', async () => {
    const { pageMap, imports } = run(memoizePageImports(GENERATED) ?? '');
    const a = pageMap.get('src/pages/a.astro');
    const first = await a?.();
    expect(await a?.()).toBe(first);
    expect(await pageMap.get('src/pages/b.astro')?.()).toEqual({ page: 'virtual:astro:page:src/pages/b@_@astro' });
    expect([...imports.values()]).toEqual([1, 1]);
    // Unedited, every call went through the loader again.
    const plain = run(GENERATED);
    await plain.pageMap.get('src/pages/a.astro')?.();
    await plain.pageMap.get('src/pages/a.astro')?.();
    expect([...plain.imports.values()]).toEqual([2]);
  });

  it('fails the build when Astro no longer exports the map so, and leaves other modules alone', () => {
    const plugin = pageImportMemo();
    const context = {
      error(message: string) {
        throw new Error(message);
      },
    };
    const transform = plugin.transform as unknown as (this: typeof context, code: string, id: string) => unknown;
    expect(transform.call(context, GENERATED, '/app/src/pages/a.astro')).toBeNull();
    expect(() => transform.call(context, 'export const pages = [];', PAGES_MODULE)).toThrow(/pageMap not found/);
  });
});
