import { createHash, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StorageProvider } from '../../../src/server/providers/storage';
import { createS3Storage } from '../../../src/server/providers/storage/s3';
import { startS3 } from './s3-server';

let s3: Awaited<ReturnType<typeof startS3>>;
let storage: StorageProvider;
let front: Server;
let frontUrl = '';
let publicKeys = new Set<string>();

beforeAll(async () => {
  s3 = await startS3();
  storage = createS3Storage({
    endpoint: s3.endpoint,
    region: 'us-east-1',
    bucket: s3.bucket,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
    publicBaseUrl: 'https://cdn.example.test/',
    linkedPublic: (key) => key.startsWith('avatars/'),
    signTtlSeconds: 1,
    signRoundSeconds: 1,
  });
  // The /files route as the server wires it: `isPublic` decides per key.
  front = createServer((req, res) => {
    storage
      .serve(req, res, async (key) => publicKeys.has(key))
      .then((served) => served || res.writeHead(404).end())
      .catch(() => res.writeHead(500).end());
  });
  await new Promise<void>((r) => front.listen(0, '127.0.0.1', () => r()));
  frontUrl = `http://127.0.0.1:${(front.address() as AddressInfo).port}`;
});

afterAll(async () => {
  front?.closeAllConnections();
  await new Promise((r) => front?.close(r));
  await s3?.close();
});

const text = async (stream: Readable | null) => {
  if (!stream) return null;
  let out = '';
  for await (const chunk of stream) out += chunk;
  return out;
};

describe('S3 storage provider (s3rver)', () => {
  it('puts, reads, sizes and deletes an object under its /files key', async () => {
    const url = await storage.put('songs/1/abc.txt', Buffer.from('hello bucket'));
    expect(url).toBe('/files/songs/1/abc.txt');
    expect(await storage.size('songs/1/abc.txt')).toBe(12);
    expect(await text(await storage.read('songs/1/abc.txt'))).toBe('hello bucket');
    await storage.remove(url);
    expect(await storage.size('songs/1/abc.txt')).toBeNull();
    expect(await storage.read('songs/1/abc.txt')).toBeNull();
    await expect(storage.put('../etc/passwd.txt', Buffer.from('x'))).rejects.toThrow(/bad storage key/);
  });

  it('removes a folder of keys', async () => {
    await storage.put('app-icons/7/a.webp', Buffer.from('a'));
    await storage.put('app-icons/7/b.webp', Buffer.from('b'));
    await storage.put('app-icons/8/c.webp', Buffer.from('c'));
    await storage.removeFolder('app-icons/7/');
    expect(await storage.size('app-icons/7/a.webp')).toBeNull();
    expect(await storage.size('app-icons/7/b.webp')).toBeNull();
    expect(await storage.size('app-icons/8/c.webp')).toBe(1);
  });

  it('serves a public file from the bucket with Range, links always-public ones at the public base, refuses others', async () => {
    await storage.put('drawings/202611/pub.webp', Buffer.from('0123456789'));
    await storage.put('drawings/202611/priv.webp', Buffer.from('secret'));
    await storage.put('avatars/face.webp', Buffer.from('face'));
    publicKeys = new Set(['drawings/202611/pub.webp', 'avatars/face.webp']);

    const whole = await fetch(`${frontUrl}/files/drawings/202611/pub.webp`);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('image/webp');
    expect(whole.headers.get('cache-control')).toContain('immutable');
    expect(await whole.text()).toBe('0123456789');

    const part = await fetch(`${frontUrl}/files/drawings/202611/pub.webp`, { headers: { range: 'bytes=2-4' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 2-4/10');
    expect(await part.text()).toBe('234');

    const head = await fetch(`${frontUrl}/files/drawings/202611/pub.webp`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe('10');

    const avatar = await fetch(`${frontUrl}/files/avatars/face.webp`, { redirect: 'manual' });
    expect(avatar.status).toBe(302);
    expect(avatar.headers.get('location')).toBe('https://cdn.example.test/avatars/face.webp');

    expect((await fetch(`${frontUrl}/files/drawings/202611/priv.webp`)).status).toBe(404);
    expect((await fetch(`${frontUrl}/files/drawings/202611/none.webp`)).status).toBe(404);
  });

  it('gives the owner a presigned URL that works, then expires', async () => {
    const url = await storage.put('drawings/202611/mine.webp', Buffer.from('only mine'));
    const signed = await storage.signUrl(url);
    expect(signed.startsWith(`${s3.endpoint}/${s3.bucket}/drawings/202611/mine.webp?`)).toBe(true);
    expect(signed).toContain('X-Amz-Signature=');
    const ok = await fetch(signed);
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe('only mine');
    expect(new URL(signed).searchParams.get('X-Amz-Credential')).toMatch(/^S3RVER\//);
    // Refused once its (1–2 s) lifetime is over (s3rver checks the expiry; it does not recompute SigV4).
    await expect.poll(async () => (await fetch(signed)).status, { timeout: 15_000, interval: 500 }).toBe(403);
  });

  it('streams a 20 MB file in and out (multipart upload, streamed download)', async () => {
    const chunk = randomBytes(1024 * 1024);
    const chunks = 20;
    const hashIn = createHash('sha256');
    // A generator: the body is never one buffer on our side.
    const source = Readable.from(
      (function* () {
        for (let i = 0; i < chunks; i++) {
          hashIn.update(chunk);
          yield chunk;
        }
      })(),
    );
    await storage.put('songs/2/big.mp3', source);
    expect(await storage.size('songs/2/big.mp3')).toBe(chunks * chunk.length);
    const hashOut = createHash('sha256');
    let largest = 0;
    let total = 0;
    const stream = await storage.read('songs/2/big.mp3');
    for await (const piece of stream ?? []) {
      hashOut.update(piece as Buffer);
      largest = Math.max(largest, (piece as Buffer).length);
      total += (piece as Buffer).length;
    }
    expect(total).toBe(chunks * chunk.length);
    expect(hashOut.digest('hex')).toBe(hashIn.digest('hex'));
    // Arrived in pieces, not as the whole file at once.
    expect(largest).toBeLessThan(total / 4);

    publicKeys = new Set(['songs/2/big.mp3']);
    const res = await fetch(`${frontUrl}/files/songs/2/big.mp3`);
    expect(res.headers.get('content-length')).toBe(String(total));
    expect((await res.arrayBuffer()).byteLength).toBe(total);
  }, 60_000);
});
