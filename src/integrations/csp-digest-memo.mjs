// @ts-check
/**
 * Astro hashes every inline script and style of a page for its CSP on every
 * render (`generateCspDigest`: one WebCrypto digest each, a trip through
 * libuv's thread pool awaited in turn), though they are the same files each
 * time. This Vite plugin rewrites that function, in Astro's own module as it is
 * bundled, to hash each distinct input once per process and hand the same
 * promise back afterwards. The build fails if Astro no longer has the function
 * in this shape (tests/unit/csp-digest-memo.test.ts runs it on the installed Astro).
 */

/** Astro's module that defines the digest. */
export const ENCRYPTION_MODULE = /[\\/]astro[\\/]dist[\\/]core[\\/]encryption\.js$/;
const TARGET = 'async function generateCspDigest(data, algorithm) {';
/** Inputs are the pages' static scripts and styles; past this many, new ones are hashed each time. */
export const MAX_KEPT_DIGESTS = 512;

/**
 * Astro's module with generateCspDigest memoised, or null when `code` has no such function.
 * @param {string} code
 * @returns {string | null}
 */
export function memoizeDigest(code) {
  if (!code.includes(TARGET)) return null;
  // One map per algorithm, keyed by the input itself: a key joined from both was a new string of the
  // script's length to hash on every render.
  const memo = [
    'const keptCspDigests = new Map();',
    'function generateCspDigest(data, algorithm) {',
    '  let kept = keptCspDigests.get(algorithm);',
    '  if (!kept) keptCspDigests.set(algorithm, (kept = new Map()));',
    '  const known = kept.get(data);',
    '  if (known) return known;',
    '  const digest = digestOnce(data, algorithm);',
    `  if (kept.size < ${MAX_KEPT_DIGESTS}) kept.set(data, digest);`,
    '  return digest;',
    '}',
    'async function digestOnce(data, algorithm) {',
  ].join('\n');
  return code.replace(TARGET, memo);
}

/** @returns {import('vite').Plugin} */
export default function cspDigestMemo() {
  return {
    name: 'miaobi:csp-digest-memo',
    enforce: 'pre',
    transform(code, id) {
      if (!ENCRYPTION_MODULE.test(id.split('?')[0] ?? '')) return null;
      const memoised = memoizeDigest(code);
      if (memoised === null)
        this.error(`generateCspDigest not found in ${id}: Astro changed, revisit ${import.meta.url}`);
      return { code: memoised, map: null };
    },
  };
}
