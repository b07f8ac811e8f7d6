// PostgreSQL's text and jsonb refuse NUL, and a lone UTF-16 surrogate cannot be
// encoded as UTF-8 (it would turn into U+FFFD or break a provider's parser).
// Input from outside (JSON bodies, queries, headers kept as data) passes here.
// Without zod, so a document's reading thread (server/providers/documents) loads only this.
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is exactly what this refuses
const UNSAFE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const UNSAFE_ALL = new RegExp(UNSAFE.source, 'g');

/** True when the string can be stored and encoded as it is. */
export function isSafeText(s: string): boolean {
  return !UNSAFE.test(s);
}

/** For data kept without asking (a User-Agent header): drops what cannot be stored, bounded to max. */
export function toSafeText(s: string | null | undefined, max: number): string | null {
  if (s === null || s === undefined) return null;
  // Cut first, then clean: a cut through a surrogate pair leaves a lone half, which the cleaning drops.
  return s.slice(0, max).replace(UNSAFE_ALL, '');
}
