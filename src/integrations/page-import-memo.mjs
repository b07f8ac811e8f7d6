// @ts-check
/**
 * Astro's server finds a page's module through `pageMap` (its virtual module
 * `virtual:astro:pages`), whose entries are `() => import(page)`, and calls
 * the entry on every request: a trip through Node's module loader (resolving
 * the specifier, finding the loaded module) each time, ~3 % of an uncached
 * render's server time. This Vite plugin makes each entry import its page
 * once and hand the same promise back afterwards (a failed import fails again
 * as Node's loader would). The build fails if the module no longer ends as
 * it did (tests/unit/page-import-memo.test.ts).
 */

/** Astro's virtual module of the pages, as Vite names it once resolved. */
export const PAGES_MODULE = '\0virtual:astro:pages';
const TARGET = 'export { pageMap };';

/**
 * The module with each pageMap entry memoised, or null when `code` does not export the map so.
 * @param {string} code
 * @returns {string | null}
 */
export function memoizePageImports(code) {
  if (!code.includes('const pageMap = new Map(') || !code.includes(TARGET)) return null;
  const memo = [
    'for (const [component, load] of pageMap) {',
    '  let loaded;',
    '  pageMap.set(component, () => (loaded ??= load()));',
    '}',
    TARGET,
  ].join('\n');
  return code.replace(TARGET, memo);
}

/** @returns {import('vite').Plugin} */
export default function pageImportMemo() {
  return {
    name: 'miaobi:page-import-memo',
    transform(code, id) {
      if (id !== PAGES_MODULE) return null;
      const memoised = memoizePageImports(code);
      if (memoised === null) this.error(`pageMap not found in ${id}: Astro changed, revisit ${import.meta.url}`);
      return { code: memoised, map: null };
    },
  };
}
