import { rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStorage } from '../../../src/server/bootstrap';
import { runStorageCommand } from '../../../src/server/cli/storage';
import type { Env } from '../../../src/server/config/env';
import { siteSettings } from '../../../src/server/db/schema';
import { fileKey, type StorageProvider } from '../../../src/server/providers/storage';
import { startDrawServer, submit, waitForStatus } from '../drawing/draw-helpers';
import { createUserWithToken, type TestServer } from '../helpers';
import { startS3 } from './s3-server';

const PNG_1PX =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

let s3: Awaited<ReturnType<typeof startS3>>;
let srv: TestServer;
let env: Env;
let bucket: StorageProvider;
const urls: string[] = [];

const run = (...args: string[]) => runStorageCommand({ db: srv.runtime.database.db, env }, args);

beforeAll(async () => {
  s3 = await startS3();
  srv = await startDrawServer(); // local storage, as before the move
  env = {
    ...srv.runtime.env,
    S3_ENDPOINT: s3.endpoint,
    S3_BUCKET: s3.bucket,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: true,
  };
  bucket = await createStorage({ ...env, STORAGE: 's3' });

  const u = await createUserWithToken(srv, 'mover@example.com');
  const task = await submit(srv, u.headers, { prompt: 'a moving van' });
  const done = await waitForStatus(srv, u.headers, task.id);
  expect(done.status).toBe(10);
  await srv.call('POST', '/api/user/profile', { avatar: PNG_1PX }, u.headers);
  const avatarUrl = (await srv.call('GET', '/api/user/info', undefined, u.headers)).body.data.avatarUrl as string;
  const qr = await srv.runtime.storage.put(`site/${'ab'.repeat(12)}.png`, Buffer.from('qr'));
  await srv.runtime.database.db.insert(siteSettings).values({ key: 'GROUP_QR_IMAGE', value: qr });
  urls.push(done.imageUrl, done.thumbnailsUrl, avatarUrl, qr);
});

afterAll(async () => {
  await srv?.dispose();
  await s3?.close();
});

describe('npm run storage', () => {
  it('migrate --to s3 copies every file rows point at; a second run copies nothing', async () => {
    const first = await run('migrate', '--to', 's3');
    expect(first.out).toMatch(/local → s3: 4 copied, 0 already there, 0 missing/);
    expect(first.ok).toBe(true);
    for (const url of urls) {
      const key = fileKey(url) as string;
      expect(await bucket.size(key)).toBe(await srv.runtime.storage.size(key));
    }
    const again = await run('migrate', '--to', 's3');
    expect(again.out).toMatch(/0 copied, 4 already there/);
    // Rows keep provider-free /files/ URLs: every one resolves in the bucket.
    const check = await run('check', '--in', 's3');
    expect(check).toEqual({ ok: true, out: expect.stringMatching(/4 files checked in s3 storage, 0 missing/) });
  });

  it('resumes: a file the bucket lacks (a run that stopped half-way) is copied, the rest skipped', async () => {
    await bucket.remove(urls[2] as string);
    const resumed = await run('migrate', '--to', 's3');
    expect(resumed.out).toMatch(/1 copied, 3 already there/);
    expect(await bucket.size(fileKey(urls[2] as string) as string)).toBeGreaterThan(0);
  });

  it('check lists rows whose file is missing', async () => {
    const thumb = urls[1] as string;
    rmSync(path.join(srv.runtime.env.DATA_DIR, 'files', fileKey(thumb) as string));
    const local = await run('check');
    expect(local.ok).toBe(false);
    expect(local.out).toContain(`missing\tdrawings.thumbnails_url #`);
    expect(local.out).toContain(thumb);
    expect(local.out).toMatch(/4 files checked in local storage, 1 missing/);
    // Still in the bucket: copied before the local file went.
    expect((await run('check', '--in', 's3')).ok).toBe(true);
    await expect(run('move')).rejects.toThrow(/usage/);
  });

  it('migrate --to local brings a file back from the bucket (streamed to disk)', async () => {
    const back = await run('migrate', '--to', 'local');
    expect(back.out).toMatch(/s3 → local: 1 copied, 3 already there, 0 missing/);
    expect((await run('check')).out).toMatch(/4 files checked in local storage, 0 missing/);
    const thumb = urls[1] as string;
    const res = await fetch(srv.url + (await srv.runtime.storage.signUrl(thumb)));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
  });
});
