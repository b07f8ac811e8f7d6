import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** The compressed forms a cached answer keeps (page cache, shared API replies). */
export type Encoding = 'br' | 'gzip';

/** The encoding to answer with for an Accept-Encoding header, brotli first; null for none. */
export function pickEncoding(accept: string): Encoding | null {
  if (/\bbr\b(?!;q=0(?:[^.]|$))/.test(accept)) return 'br';
  if (/\bgzip\b(?!;q=0(?:[^.]|$))/.test(accept)) return 'gzip';
  return null;
}

export interface Encoded {
  body: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/** Both compressed forms of a body, at levels that take ~1 ms for tens of kilobytes. */
export function encodeOnce(body: Buffer): Encoded {
  return {
    body,
    br: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 6 } }),
    gzip: gzipSync(body, { level: 6 }),
  };
}
