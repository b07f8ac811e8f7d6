import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sendFile } from './send-file';
import { createUrlSigner, loadFileSecret } from './signing';

/** Decides per request whether a stored file (by key) may be read without a signature. */
export type PublicCheck = (key: string) => Promise<boolean>;

/**
 * Where files (avatars, drawings, songs) live: local disk under DATA_DIR/files
 * (the default) or an S3-compatible bucket. Rows store `/files/<key>` either
 * way, so switching is a copy (`npm run storage -- migrate`), not a rewrite.
 */
export interface StorageProvider {
  mode: 'local' | 's3';
  /** Stores bytes (a buffer, or a stream for big files) under key (a/b/c.webp) and returns its `/files/…` URL. */
  put(key: string, body: Buffer | Readable): Promise<string>;
  remove(url: string): Promise<void>;
  /** Removes every file under a folder of keys (`app-icons/12/`). */
  removeFolder(folder: string): Promise<void>;
  /** A short-lived URL of a stored file that only its holder can read: how owners get their private files. */
  signUrl(url: string): Promise<string>;
  /** Size in bytes of the stored file under key, or null when there is none. */
  size(key: string): Promise<number | null>;
  /** The stored file under key as a stream, or null when there is none. */
  read(key: string): Promise<Readable | null>;
  /**
   * Serves GET /files/* (with Range support): a file `isPublic` allows to
   * anyone, cached for good; any other only with a valid signature, cached
   * privately until it expires. False when not served (→ 404).
   */
  serve(req: IncomingMessage, res: ServerResponse, isPublic: PublicCheck): Promise<boolean>;
}

export const FILES_PREFIX = '/files/';
export const KEY = /^[a-z0-9][a-z0-9/_-]*\.(webp|png|jpg|gif|mp3|wav|ogg|m4a|mp4|json|txt|pdf|docx|csv|md|html)$/;

/** The storage key of a /files/… URL (no query), or null for anything else. */
export function fileKey(url: string): string | null {
  if (!url.startsWith(FILES_PREFIX)) return null;
  const key = url.slice(FILES_PREFIX.length).split('?')[0] ?? '';
  return KEY.test(key) && !key.includes('..') ? key : null;
}

export function createLocalStorage(dataDir: string): StorageProvider {
  const root = path.resolve(dataDir, 'files');
  const signer = createUrlSigner(loadFileSecret(dataDir), FILES_PREFIX);
  const fileOf = (key: string) => {
    if (!KEY.test(key) || key.includes('..')) throw new Error(`bad storage key: ${key}`);
    return path.join(root, key);
  };
  return {
    mode: 'local',
    async put(key, body) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      if (Buffer.isBuffer(body)) await writeFile(file, body);
      else {
        // Written aside and renamed: a reader (or a crash) never sees half a file.
        const temp = `${file}.${randomBytes(6).toString('hex')}.part`;
        try {
          await pipeline(body, createWriteStream(temp));
          await rename(temp, file);
        } catch (err) {
          await rm(temp, { force: true });
          throw err;
        }
      }
      return FILES_PREFIX + key;
    },
    async size(key) {
      const info = await stat(fileOf(key)).catch(() => null);
      return info?.isFile() ? info.size : null;
    },
    async read(key) {
      const file = fileOf(key);
      const info = await stat(file).catch(() => null);
      return info?.isFile() ? createReadStream(file) : null;
    },
    async remove(url) {
      const key = fileKey(url);
      if (key) await rm(fileOf(key), { force: true });
    },
    async removeFolder(folder) {
      if (!/^[a-z0-9][a-z0-9/_-]*\/$/.test(folder) || folder.includes('..')) throw new Error(`bad folder: ${folder}`);
      await rm(path.join(root, folder), { recursive: true, force: true });
    },
    signUrl: async (url) => signer.sign(url),
    async serve(req, res, isPublic) {
      const url = new URL(req.url ?? '/', 'http://files');
      const key = fileKey(decodeURIComponent(url.pathname));
      if (!key) return false;
      const file = path.join(root, key);
      const info = await stat(file).catch(() => null);
      if (!info?.isFile()) return false;
      const left = url.search ? signer.remaining(key, url.searchParams) : 0;
      if (left > 0) {
        sendFile(req, res, file, info.size, `private, max-age=${left}`);
        return true;
      }
      if (!(await isPublic(key))) return false;
      // A public file's key is random and never rewritten, so it can be cached for good.
      sendFile(req, res, file, info.size, 'public, max-age=31536000, immutable');
      return true;
    },
  };
}
