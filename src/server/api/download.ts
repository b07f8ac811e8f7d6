import { create } from 'content-disposition';
import type { Context } from 'hono';
import type { DownloadFile } from '../services/compliance/downloads';
import type { ApiEnv } from './context';

/**
 * A file to save: Content-Disposition names it in UTF-8 (`filename*`, RFC 5987) with an ASCII
 * fallback; never cached by a shared cache (a private song's bytes are its owner's).
 */
export function attachment(c: Context<ApiEnv>, file: DownloadFile) {
  return c.body(new Uint8Array(file.bytes), 200, {
    'content-type': file.type,
    'content-disposition': create(file.filename, { fallback: file.fallback }),
    'cache-control': 'private, no-store',
    'x-content-type-options': 'nosniff',
  });
}
