// Explicit labels on downloaded pictures (the corner badge over the kept original, the implicit
// XMP record kept), and the console's one-time unlabelled download: allowed per the hierarchy with a
// fresh TOTP code, working once, logged.
import { eq } from 'drizzle-orm';
import { sidecar } from 'exifr';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import zh from '../../../locales/zh-CN/compliance.json';
import { adminAudit, unlabelledDownloads } from '../../../src/server/db/schema';
import { labelHeight, labelSvg } from '../../../src/server/providers/image/label';
import { sourceKeyOf } from '../../../src/server/services/drawing/store';
import { makeStaff, type Staff } from '../admin/admin-helpers';
import { freshCode } from '../admin/order-helpers';
import { startDrawServer, submit, waitForStatus } from '../drawing/draw-helpers';
import { createUserWithToken, type TestServer } from '../helpers';

let srv: TestServer;
let op: Staff;
let admin: Staff;
let owner: { id: number; headers: Record<string, string> };
let picture: { id: string; imageUrl: string };

beforeAll(async () => {
  srv = await startDrawServer();
  op = await makeStaff(srv, 'unlabelled-op@example.com', 'operator');
  admin = await makeStaff(srv, 'unlabelled-admin@example.com', 'admin');
  owner = await createUserWithToken(srv, 'unlabelled-owner@example.com');
  const task = await submit(srv, owner.headers, { prompt: '湖边的灯塔' });
  picture = await waitForStatus(srv, owner.headers, task.id, [10], 60_000);
  await srv.call('POST', '/api/sd/visibility', { id: task.id, drawPublicFlag: 2 }, owner.headers);
}, 120_000);
afterAll(() => srv?.dispose());

async function stored(key: string) {
  const stream = await srv.runtime.storage.read(key);
  if (!stream) throw new Error(`no file ${key}`);
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

/** Mean absolute difference of two same-size pictures' RGB inside a box. */
async function diff(a: Buffer, b: Buffer, box: { left: number; top: number; width: number; height: number }) {
  const [x, y] = await Promise.all(
    [a, b].map((p) => sharp(p).extract(box).removeAlpha().raw().toBuffer({ resolveWithObject: true })),
  );
  let sum = 0;
  for (let i = 0; i < (x?.data.length ?? 0); i++) sum += Math.abs((x?.data[i] ?? 0) - (y?.data[i] ?? 0));
  return sum / (x?.data.length ?? 1);
}

const aigcOf = async (bytes: Buffer) =>
  JSON.parse(
    ((await sidecar((await sharp(bytes).metadata()).xmp as Buffer, {}, 'xmp')) as { TC260: { AIGC: string } }).TC260
      .AIGC,
  );

const allow = (actor: Staff, body: Record<string, unknown>) =>
  srv.call('POST', '/api/admin/unlabelled', body, { cookie: actor.cookie });

describe('a downloaded picture', () => {
  it('has the badge in its corner where the kept original has none, the rest alike, and the XMP record', async () => {
    const res = await fetch(`${srv.url}/api/sd/download?id=${picture.id}`, { headers: owner.headers });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain("filename*=UTF-8''miaobi-");
    expect(decodeURIComponent(res.headers.get('content-disposition') ?? '')).toContain('(AI生成).webp');
    const labelled = Buffer.from(await res.arrayBuffer());
    const original = await stored(sourceKeyOf(picture.imageUrl) as string);
    const { width = 0, height = 0 } = await sharp(original).metadata();
    expect(await sharp(labelled).metadata()).toMatchObject({ width, height });
    // The badge's box in the bottom-right corner, half its height from the edges (services/drawing/store.ts).
    const badge = labelSvg(labelHeight(width, height));
    const margin = Math.round(badge.height * 0.5);
    const corner = {
      left: width - badge.width - margin,
      top: height - badge.height - margin,
      width: badge.width,
      height: badge.height,
    };
    const rest = { left: 0, top: 0, width, height: corner.top - 4 };
    expect(await diff(labelled, original, corner)).toBeGreaterThan(8);
    expect(await diff(labelled, original, rest)).toBeLessThan(2);
    expect(await aigcOf(labelled)).toMatchObject({ Label: '1', ProduceID: picture.id });
    expect(await aigcOf(original)).toMatchObject({ Label: '1', ProduceID: picture.id });
  });

  it('is 404 for a private picture to anyone but its owner, and the original is no public file', async () => {
    const other = await createUserWithToken(srv, 'unlabelled-other@example.com');
    for (const headers of [other.headers, {}]) {
      expect((await srv.call('GET', `/api/sd/download?id=${picture.id}`, undefined, headers)).status).toBe(404);
    }
    const key = sourceKeyOf(picture.imageUrl) as string;
    expect((await fetch(`${srv.url}/files/${key}`)).status).toBe(404);
  });
});

describe('an unlabelled download', () => {
  it('is refused without a fresh code, for bad input and for a missing item, changing nothing', async () => {
    const body = { kind: 'drawing', itemId: picture.id, reason: '用户申请原图用于印刷' };
    expect((await allow(op, { ...body, code: '000000' })).status).toBe(403);
    const bad = await allow(op, { ...body, kind: 'video', code: await freshCode(srv, op.id) });
    expect([bad.status, bad.body.result]).toEqual([400, zh['unlabelled.kind']]);
    const none = await allow(op, { ...body, itemId: 'nosuchtask', code: await freshCode(srv, op.id) });
    expect(none.status).toBe(404);
    expect(await srv.runtime.database.db.select().from(unlabelledDownloads)).toEqual([]);
  });

  it('gives a one-time link that works once, and is logged and audited', async () => {
    const res = await allow(op, {
      kind: 'drawing',
      itemId: picture.id,
      reason: '用户申请原图用于印刷',
      code: await freshCode(srv, op.id),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { url, id } = res.body.data;
    expect(url).toMatch(/^\/api\/unlabelled\/[\w-]{43}$/);
    const first = await fetch(srv.url + url);
    expect(first.status).toBe(200);
    const bytes = Buffer.from(await first.arrayBuffer());
    expect(bytes.equals(await stored(sourceKeyOf(picture.imageUrl) as string))).toBe(true);
    const again = await srv.call('GET', url);
    expect([again.status, again.body.result]).toEqual([404, zh['unlabelled.spent']]);

    const log = await srv.call('GET', '/api/admin/unlabelled', undefined, { cookie: admin.cookie });
    expect(log.body.data.records[0]).toMatchObject({
      id,
      kind: 'drawing',
      itemId: picture.id,
      ownerId: owner.id,
      ownerEmail: 'unlabelled-owner@example.com',
      allowedBy: op.id,
      allowedByEmail: 'unlabelled-op@example.com',
      reason: '用户申请原图用于印刷',
      usedAt: expect.any(String),
    });
    expect(log.body.data.records[0]).not.toHaveProperty('keyHash');
    const audit = await srv.runtime.database.db
      .select()
      .from(adminAudit)
      .where(eq(adminAudit.action, 'unlabelled.allow'));
    expect(audit).toEqual([
      expect.objectContaining({ actorId: op.id, targetId: String(owner.id), reason: '用户申请原图用于印刷' }),
    ]);
  });

  it('has no link an unknown or malformed key opens', async () => {
    expect((await srv.call('GET', `/api/unlabelled/${'A'.repeat(43)}`)).body.result).toBe(
      (await srv.call('GET', `/api/unlabelled/${'B'.repeat(43)}`)).body.result,
    );
    expect((await srv.call('GET', '/api/unlabelled/short')).status).toBe(400);
  });
});
