/** PostgreSQL's error codes (SQLSTATE) that services act on. */
export const UNIQUE_VIOLATION = '23505';
export const FOREIGN_KEY_VIOLATION = '23503';

/**
 * Whether a statement failed with `code`: drizzle throws its own error with the driver's (pg's or
 * PGlite's, which carry the SQLSTATE as `code`) as its cause; a driver's error may also arrive bare.
 */
export function failedWith(err: unknown, code: string): boolean {
  const codeOf = (e: unknown) => (typeof e === 'object' && e !== null ? (e as { code?: unknown }).code : undefined);
  return codeOf(err) === code || codeOf((err as { cause?: unknown } | null)?.cause) === code;
}
