import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** How long a signed file URL works at least; the expiry is rounded up so repeated listings give one URL. */
export const SIGNED_TTL_SECONDS = 3600;
const ROUND_SECONDS = 600;

/**
 * The server secret for signed file URLs, created once in DATA_DIR (which
 * every process shares, as it holds the files): written aside, then linked
 * into place, so processes starting together all end up with the same one.
 */
export function loadFileSecret(dataDir: string): Buffer {
  const dir = path.resolve(dataDir, 'secrets');
  const file = path.join(dir, 'file-url.key');
  const read = () => Buffer.from(readFileSync(file, 'utf8').trim(), 'hex');
  try {
    return read();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(temp, randomBytes(32).toString('hex'), { mode: 0o600 });
  try {
    linkSync(temp, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  } finally {
    rmSync(temp, { force: true });
  }
  return read();
}

export interface UrlSigner {
  /** `/files/key` → `/files/key?e=expiry&s=signature`, readable by whoever holds it until expiry. */
  sign(url: string, nowMs?: number): string;
  /** Seconds the signature on this key has left, or 0 when it is missing, wrong or expired. */
  remaining(key: string, query: URLSearchParams, nowMs?: number): number;
}

export function createUrlSigner(secret: Buffer, prefix: string): UrlSigner {
  const mac = (key: string, expiry: number) =>
    createHmac('sha256', secret).update(`${key}\n${expiry}`).digest('base64url').slice(0, 32);
  return {
    sign(url, nowMs = Date.now()) {
      if (!url.startsWith(prefix)) return url;
      const key = url.slice(prefix.length).split('?')[0] ?? '';
      const expiry = Math.ceil((nowMs / 1000 + SIGNED_TTL_SECONDS) / ROUND_SECONDS) * ROUND_SECONDS;
      return `${prefix}${key}?e=${expiry}&s=${mac(key, expiry)}`;
    },
    remaining(key, query, nowMs = Date.now()) {
      const expiry = Number(query.get('e'));
      const given = Buffer.from(query.get('s') ?? '');
      if (!Number.isSafeInteger(expiry) || given.length !== 32) return 0;
      const left = Math.floor(expiry - nowMs / 1000);
      if (left <= 0 || left > SIGNED_TTL_SECONDS + ROUND_SECONDS) return 0;
      return timingSafeEqual(given, Buffer.from(mac(key, expiry))) ? left : 0;
    },
  };
}
