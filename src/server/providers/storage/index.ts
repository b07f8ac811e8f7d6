import { createReadStream } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';

/** Where files (avatars, drawings, songs) live; local disk under DATA_DIR/files by default. */
export interface StorageProvider {
  mode: 'local';
  /** Stores bytes under key (a/b/c.webp) and returns the public URL path. */
  put(key: string, body: Buffer): Promise<string>;
  remove(url: string): Promise<void>;
  /** Serves GET /files/* (with Range support); false when the path is not a stored file. */
  serve(req: IncomingMessage, res: ServerResponse): Promise<boolean>;
}

export const FILES_PREFIX = '/files/';
const KEY = /^[a-z0-9][a-z0-9/_-]*\.(webp|png|jpg|gif|mp3|wav|ogg|m4a|json|txt)$/;
const TYPES: Record<string, string> = {
  webp: 'image/webp',
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  m4a: 'audio/mp4',
  json: 'application/json',
  txt: 'text/plain; charset=utf-8',
};

export function createLocalStorage(dataDir: string): StorageProvider {
  const root = path.resolve(dataDir, 'files');
  const fileOf = (key: string) => {
    if (!KEY.test(key) || key.includes('..')) throw new Error(`bad storage key: ${key}`);
    return path.join(root, key);
  };
  return {
    mode: 'local',
    async put(key, body) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, body);
      return FILES_PREFIX + key;
    },
    async remove(url) {
      if (!url.startsWith(FILES_PREFIX)) return;
      await rm(fileOf(url.slice(FILES_PREFIX.length)), { force: true });
    },
    async serve(req, res) {
      const key = decodeURIComponent((req.url ?? '').split('?')[0]?.slice(FILES_PREFIX.length) ?? '');
      if (!KEY.test(key) || key.includes('..')) return false;
      const file = path.join(root, key);
      const info = await stat(file).catch(() => null);
      if (!info?.isFile()) return false;
      const type = TYPES[path.extname(file).slice(1)] ?? 'application/octet-stream';
      // Keys are random and never rewritten, so files can be cached for good.
      const headers: Record<string, string | number> = {
        'content-type': type,
        'cache-control': 'public, max-age=31536000, immutable',
        'accept-ranges': 'bytes',
      };
      const range = /^bytes=(\d*)-(\d*)$/.exec(req.headers.range ?? '');
      if (range && (range[1] || range[2])) {
        const start = range[1] ? Number(range[1]) : Math.max(0, info.size - Number(range[2]));
        const end = range[1] && range[2] ? Math.min(Number(range[2]), info.size - 1) : info.size - 1;
        if (start > end || start >= info.size) {
          res.writeHead(416, { 'content-range': `bytes */${info.size}` }).end();
          return true;
        }
        res.writeHead(206, {
          ...headers,
          'content-range': `bytes ${start}-${end}/${info.size}`,
          'content-length': end - start + 1,
        });
        if (req.method === 'HEAD') res.end();
        else createReadStream(file, { start, end }).pipe(res);
        return true;
      }
      res.writeHead(200, { ...headers, 'content-length': info.size });
      if (req.method === 'HEAD') res.end();
      else createReadStream(file).pipe(res);
      return true;
    },
  };
}
