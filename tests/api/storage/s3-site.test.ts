import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileKey } from '../../../src/server/providers/storage';
import { startDrawServer, submit, waitForStatus } from '../drawing/draw-helpers';
import { startFakeImageHost } from '../drawing/fake-image-services';
import { startFakeMidjourney } from '../drawing/fake-midjourney';
import { createUserWithToken, type TestServer } from '../helpers';
import { startS3 } from './s3-server';

const PNG_1PX =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

let s3: Awaited<ReturnType<typeof startS3>>;
let host: Awaited<ReturnType<typeof startFakeImageHost>>;
let mj: Awaited<ReturnType<typeof startFakeMidjourney>>;
let srv: TestServer;

beforeAll(async () => {
  s3 = await startS3();
  host = await startFakeImageHost();
  mj = await startFakeMidjourney('mj-secret', host);
  srv = await startDrawServer({
    ...s3.env,
    IMAGE_PROVIDER: 'midjourney-proxy',
    MJ_PROXY_URL: mj.url,
    MJ_PROXY_SECRET: mj.secret,
  });
  // The notifyHook must reach this server: its real address.
  (srv.runtime.env as { PUBLIC_ORIGIN: string }).PUBLIC_ORIGIN = srv.url;
});

afterAll(async () => {
  await srv?.dispose();
  await mj?.close();
  await host?.close();
  await s3?.close();
});

const used = async (headers: Record<string, string>) =>
  (await srv.call('GET', '/api/sd/quota', undefined, headers)).body.data.used as number;

const metadataOf = async (url: string) => sharp(Buffer.from(await (await fetch(url)).arrayBuffer())).metadata();

describe('STORAGE=s3: files live in the bucket', () => {
  it('a picture that cannot be fetched (404, or text posing as a PNG) fails the task with 11 and refunds it', async () => {
    const u = await createUserWithToken(srv, 'gone@example.com');
    expect(srv.runtime.storage.mode).toBe('s3');
    for (const prompt of ['a gone lighthouse', 'a notimage lighthouse']) {
      const before = await used(u.headers);
      const task = await submit(srv, u.headers, { prompt });
      const failed = await waitForStatus(srv, u.headers, task.id);
      expect(failed.status).toBe(11);
      expect(failed.imageUrl).toBeNull();
      expect(await used(u.headers)).toBe(before);
    }
    expect(host.requests.some((r) => r.startsWith('/text/'))).toBe(true);
  });

  it('re-hosts a finished picture: served from our storage after the upstream host is gone, private to its owner', async () => {
    const owner = await createUserWithToken(srv, 'owner@example.com');
    const other = await createUserWithToken(srv, 'other@example.com');
    const task = await submit(srv, owner.headers, { prompt: 'a quiet harbour', drawPublicFlag: 2 });
    const done = await waitForStatus(srv, owner.headers, task.id);
    expect(done.status).toBe(10);
    // The owner holds presigned bucket URLs of the private picture, never the upstream's.
    for (const url of [done.imageUrl, done.thumbnailsUrl] as string[]) {
      expect(url.startsWith(`${s3.endpoint}/${s3.bucket}/drawings/`)).toBe(true);
      expect(url).not.toContain(host.url);
    }
    await host.close();
    expect(await metadataOf(done.imageUrl)).toMatchObject({ format: 'webp', width: 128, height: 128 });
    expect((await metadataOf(done.thumbnailsUrl)).format).toBe('webp');

    // Anyone else: the bare /files URL answers nothing, nor does the task.
    const bare = `/files/${new URL(done.imageUrl).pathname.split(`/${s3.bucket}/`)[1]}`;
    const key = fileKey(bare);
    expect(key).not.toBeNull();
    expect(await srv.runtime.storage.size(key as string)).toBeGreaterThan(0);
    expect((await fetch(srv.url + bare, { headers: other.headers })).status).toBe(404);
    expect((await srv.call('POST', '/api/sd/task', { id: task.id }, other.headers)).status).toBe(404);

    // Made public: served to anyone through /files, streamed from the bucket.
    const shown = await srv.call('POST', '/api/sd/visibility', { id: task.id, drawPublicFlag: 1 }, owner.headers);
    expect(shown.body.data.imageUrl).toBe(bare);
    const res = await fetch(srv.url + bare);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect((await sharp(Buffer.from(await res.arrayBuffer())).metadata()).width).toBe(128);
  });

  it('stores an uploaded avatar in the bucket and shows it', async () => {
    const u = await createUserWithToken(srv, 'face@example.com');
    await srv.call('POST', '/api/user/profile', { avatar: PNG_1PX }, u.headers);
    const avatarUrl = (await srv.call('GET', '/api/user/info', undefined, u.headers)).body.data.avatarUrl as string;
    expect(avatarUrl).toMatch(/^\/files\/avatars\/[a-f0-9]+\.webp$/);
    // Owners' presigned URLs point at the bucket: the policy lets pages load them.
    const csp = (await fetch(`${srv.url}/api/health`)).headers.get('content-security-policy');
    expect(csp).toContain(`img-src 'self' data: blob: ${s3.endpoint};`);
    expect(await srv.runtime.storage.size(fileKey(avatarUrl) as string)).toBeGreaterThan(0);
    const res = await fetch(srv.url + avatarUrl);
    expect(res.status).toBe(200);
    expect((await sharp(Buffer.from(await res.arrayBuffer())).metadata()).format).toBe('webp');
  });
});
