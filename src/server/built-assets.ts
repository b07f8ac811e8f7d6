import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import compressible from 'compressible';
import mime from 'mime-types';
import { type Encoded, encodeLater, etagMatches, pickEncoding, SMALL_BODY } from './encoding';

/** Hashed build output: its names change with its content, so browsers keep it for good. */
export const ASSETS_PREFIX = '/_astro/';
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The build writes its hashed files flat into _astro/; any other shape is not one of them. */
const ASSET_PATH = /^\/_astro\/[A-Za-z0-9_-][A-Za-z0-9_.-]*$/;
/** A file larger than this is streamed from disk as before (the build's largest script is ~1.5 MB). */
const MAX_FILE_BYTES = 8 * 1024 * 1024;
/** What the kept files (each as read and compressed) may hold in all: the whole build is ~8 MB. */
const MAX_KEPT_BYTES = 64 * 1024 * 1024;

interface Asset {
  type: string;
  etag: string;
  /** Both compressed forms, or null for a type that does not compress (fonts, pictures) or a tiny file. */
  encoded: Encoded | null;
  body: Buffer;
}

/**
 * The hashed build files (/_astro/), read and compressed once and then answered from memory. A page
 * load in a fresh browser asks for ~40 of them; streaming each from disk meant a stat, a read and a
 * gzip stream per request, every time. Only names the build can produce are looked up; a missing
 * file is not remembered, so unknown names cannot grow the map.
 */
export function builtAssets(clientDir: string) {
  const root = path.resolve(clientDir);
  const kept = new Map<string, Promise<Asset | null>>();
  let keptBytes = 0;

  async function load(urlPath: string): Promise<Asset | null> {
    const file = path.join(root, urlPath);
    const info = await stat(file).catch(() => null);
    if (!info?.isFile() || info.size > MAX_FILE_BYTES) return null;
    const body = await readFile(file);
    const type = mime.contentType(path.extname(file)) || 'application/octet-stream';
    const encoded = compressible(type) && body.length >= SMALL_BODY ? await encodeLater(body) : null;
    const bytes = body.length + (encoded ? encoded.br.length + encoded.gzip.length : 0);
    if (keptBytes + bytes > MAX_KEPT_BYTES) return null;
    keptBytes += bytes;
    const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
    return { type, etag, encoded, body };
  }

  function asset(urlPath: string): Promise<Asset | null> {
    let found = kept.get(urlPath);
    if (!found) {
      found = load(urlPath).catch(() => null);
      kept.set(urlPath, found);
      // Misses and failures are not kept: the next request looks again (and streams from disk meanwhile).
      void found.then((a) => {
        if (!a) kept.delete(urlPath);
      });
    }
    return found;
  }

  return {
    /** Answers a GET or HEAD for a hashed build file from memory; false when it is not one (the caller streams it). */
    async serve(req: IncomingMessage, res: ServerResponse, urlPath: string): Promise<boolean> {
      if (!ASSET_PATH.test(urlPath)) return false;
      const a = await asset(urlPath);
      if (!a) return false;
      res.setHeader('Cache-Control', IMMUTABLE);
      res.setHeader('ETag', a.etag);
      if (a.encoded) res.setHeader('Vary', 'Accept-Encoding');
      if (etagMatches(req.headers['if-none-match'], a.etag)) {
        res.writeHead(304).end();
        return true;
      }
      const encoding = a.encoded ? pickEncoding(req.headers['accept-encoding'] ?? '') : null;
      const body = encoding && a.encoded ? a.encoded[encoding] : a.body;
      res.setHeader('Content-Type', a.type);
      res.setHeader('Content-Length', body.length);
      if (encoding) res.setHeader('Content-Encoding', encoding);
      res.writeHead(200);
      res.end(req.method === 'HEAD' ? undefined : body);
      return true;
    },
  };
}
