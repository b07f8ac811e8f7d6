import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  NotFound,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { FILES_PREFIX, fileKey, KEY, type PublicCheck, type StorageProvider } from './index';
import { contentTypeOf } from './send-file';
import { SIGNED_TTL_SECONDS } from './signing';

export interface S3Settings {
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
  /** CDN / public bucket domain the keys `linkedPublic` accepts are linked at (302 from /files/…). */
  publicBaseUrl?: string;
  /** Keys public by nature (avatars, icons): only these are sent to the public base, which reads the bucket unasked. */
  linkedPublic?: (key: string) => boolean;
  /** Presigned URLs work at least this long (tests shorten it) … */
  signTtlSeconds?: number;
  /** … and are signed at a time rounded down to this, so repeated listings give one (cacheable) URL. */
  signRoundSeconds?: number;
}

/** Above this a put streams in parts (lib-storage), so a big file is never held whole. */
const PART_SIZE = 8 * 1024 * 1024;
const IMMUTABLE = 'public, max-age=31536000, immutable';

const missing = (err: unknown) =>
  err instanceof NoSuchKey ||
  err instanceof NotFound ||
  (err instanceof S3ServiceException && err.$metadata.httpStatusCode === 404);

/** An S3-compatible bucket (AWS S3, MinIO, R2, OSS, COS) on the official AWS SDK v3. */
export function createS3Storage(s: S3Settings): StorageProvider {
  const client = new S3Client({
    endpoint: s.endpoint,
    region: s.region,
    forcePathStyle: s.forcePathStyle,
    credentials: { accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey },
    // Checksums only where the API requires them: many S3-compatible stores reject the newer default ones.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = s.bucket;
  const ttl = s.signTtlSeconds ?? SIGNED_TTL_SECONDS;
  const round = s.signRoundSeconds ?? 600;
  const base = s.publicBaseUrl?.replace(/\/+$/, '');
  const checked = (key: string) => {
    if (!KEY.test(key) || key.includes('..')) throw new Error(`bad storage key: ${key}`);
    return key;
  };
  const head = async (Key: string) => {
    try {
      return await client.send(new HeadObjectCommand({ Bucket, Key }));
    } catch (err) {
      if (missing(err)) return null;
      throw err;
    }
  };

  return {
    mode: 's3',
    async put(key, body) {
      const params = {
        Bucket,
        Key: checked(key),
        ContentType: contentTypeOf(key),
        // Keys are random and never rewritten: whoever may read one may cache it for good.
        CacheControl: IMMUTABLE,
      };
      if (Buffer.isBuffer(body) && body.length <= PART_SIZE) {
        await client.send(new PutObjectCommand({ ...params, Body: body }));
      } else {
        const upload = new Upload({ client, params: { ...params, Body: body }, partSize: PART_SIZE, queueSize: 2 });
        await upload.done();
      }
      return FILES_PREFIX + key;
    },
    async remove(url) {
      const key = fileKey(url);
      if (key) await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    async removeFolder(folder) {
      if (!/^[a-z0-9][a-z0-9/_-]*\/$/.test(folder) || folder.includes('..')) throw new Error(`bad folder: ${folder}`);
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: folder, ContinuationToken: token, MaxKeys: 1000 }),
        );
        for (const item of page.Contents ?? [])
          if (item.Key) await client.send(new DeleteObjectCommand({ Bucket, Key: item.Key }));
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
    async signUrl(url) {
      const key = fileKey(url);
      if (!key) return url;
      const now = Date.now() / 1000;
      const signedAt = Math.floor(now / round) * round;
      return getSignedUrl(client, new GetObjectCommand({ Bucket, Key: key }), {
        signingDate: new Date(signedAt * 1000),
        expiresIn: Math.ceil(now - signedAt) + ttl,
      });
    },
    async size(key) {
      return (await head(checked(key)))?.ContentLength ?? null;
    },
    async read(key) {
      try {
        const got = await client.send(new GetObjectCommand({ Bucket, Key: checked(key) }));
        return got.Body instanceof Readable ? got.Body : null;
      } catch (err) {
        if (missing(err)) return null;
        throw err;
      }
    },
    serve: (req, res, isPublic) => serveObject(req, res, isPublic),
  };

  /**
   * GET/HEAD /files/<key> of a public file: a 302 to the public base for the
   * keys it serves, else streamed from the bucket (Range passed through).
   * Private files are never served here: their owners hold presigned URLs.
   */
  async function serveObject(req: IncomingMessage, res: ServerResponse, isPublic: PublicCheck): Promise<boolean> {
    const url = new URL(req.url ?? '/', 'http://files');
    const key = fileKey(decodeURIComponent(url.pathname));
    if (!key || !(await isPublic(key))) return false;
    if (base && s.linkedPublic?.(key)) {
      res.writeHead(302, { location: `${base}/${key}`, 'cache-control': 'public, max-age=86400' }).end();
      return true;
    }
    const range = /^bytes=\d*-\d*$/.test(req.headers.range ?? '') ? req.headers.range : undefined;
    let got: { ContentLength?: number; ContentRange?: string; Body?: unknown } | null;
    try {
      got =
        req.method === 'HEAD'
          ? await head(key)
          : await client.send(new GetObjectCommand({ Bucket, Key: key, Range: range }));
    } catch (err) {
      if (missing(err)) return false;
      if (err instanceof S3ServiceException && err.$metadata.httpStatusCode === 416) {
        res.writeHead(416).end();
        return true;
      }
      throw err;
    }
    if (!got) return false;
    const headers: Record<string, string | number> = {
      'content-type': contentTypeOf(key),
      'cache-control': IMMUTABLE,
      'accept-ranges': 'bytes',
    };
    if (got.ContentLength !== undefined) headers['content-length'] = got.ContentLength;
    const partial = got.ContentRange;
    if (partial) headers['content-range'] = partial;
    res.writeHead(partial ? 206 : 200, headers);
    const body = got.Body;
    if (body instanceof Readable) await pipeline(body, res).catch(() => res.destroy());
    else res.end();
    return true;
  }
}
