import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { drawings } from '../../../src/server/db/schema';
import { FILES_PREFIX } from '../../../src/server/providers/storage';
import { sourceKeyOf } from '../../../src/server/services/drawing/store';
import { createUserWithToken, type TestServer } from '../helpers';
import { startDrawServer, submit, waitForStatus } from './draw-helpers';

type Message = {
  id: string;
  status: number;
  grid: boolean;
  actions: string[];
  action: string | null;
  parentId: string | null;
  width: number;
  height: number;
  prompt: string;
};

const GRID = [
  'upscale:1',
  'upscale:2',
  'upscale:3',
  'upscale:4',
  'variation:1',
  'variation:2',
  'variation:3',
  'variation:4',
  'reroll',
];

/** A black PNG data URL with a white square in the middle: the part to repaint. */
async function maskUrl(width: number, height: number, painted = true) {
  const white = await sharp({ create: { width: width / 2, height: height / 2, channels: 3, background: '#fff' } })
    .png()
    .toBuffer();
  const png = await sharp({ create: { width, height, channels: 3, background: '#000' } })
    .composite(painted ? [{ input: white, left: width / 4, top: height / 4 }] : [])
    .png()
    .toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}

describe('actions on a finished picture', () => {
  let srv: TestServer;
  let headers: Record<string, string>;
  let other: Record<string, string>;

  beforeAll(async () => {
    srv = await startDrawServer();
    other = (await createUserWithToken(srv, 'actions-other@example.com')).headers;
  });
  // Each test its own user: drawings are limited per user and minute.
  let n = 0;
  beforeEach(async () => {
    headers = (await createUserWithToken(srv, `actions-${++n}@example.com`)).headers;
  });
  afterAll(() => srv?.dispose());

  const act = async (body: Record<string, unknown>, h = headers) => srv.call('POST', '/api/sd/submit/action', body, h);
  /** Presses a button and waits for the new picture. */
  async function press(body: Record<string, unknown>): Promise<Message> {
    const res = await act(body);
    expect(res.body.code, JSON.stringify(res.body)).toBe(1000000);
    expect(res.body.data.action).toBe(body.action);
    expect(res.body.data.parentId).toBe(body.id);
    const done = (await waitForStatus(srv, headers, res.body.data.id)) as Message;
    expect(done.status, JSON.stringify(done)).toBe(10);
    return done;
  }

  it('the image chat draws grids: U2 gives one picture, zoom, pan and inpaint grids again, each a task of its own', async () => {
    const first = await submit(srv, headers, { drawSteps: 4, prompt: '湖边的木屋', mode: 'midjourney' });
    const grid = (await waitForStatus(srv, headers, first.id)) as Message;
    expect([grid.status, grid.grid, grid.width, grid.height]).toEqual([10, true, 768, 768]);
    expect(grid.actions).toEqual(GRID);

    const u2 = await press({ id: grid.id, action: 'upscale', index: 2 });
    expect([u2.grid, u2.width, u2.height]).toEqual([false, 768, 768]);
    expect(u2.actions).toContain('vary:subtle');
    expect(u2.actions).toContain('pan:left');
    expect(u2.actions).not.toContain('upscale:1');

    const zoomed = await press({ id: u2.id, action: 'zoom', zoom: 2 });
    expect([zoomed.grid, zoomed.width]).toEqual([true, 768]);
    const panned = await press({ id: u2.id, action: 'pan', direction: 'right', prompt: '湖边的木屋和森林' });
    expect([panned.width, panned.height, panned.prompt]).toEqual([1152, 768, '湖边的木屋和森林']);
    const region = await press({ id: u2.id, action: 'inpaint', mask: await maskUrl(256, 256) });
    expect(region.grid).toBe(true);
    await press({ id: u2.id, action: 'zoom', zoom: 1.3 });
    await press({ id: grid.id, action: 'variation', index: 4 });
  });

  it('a /draw picture offers the single-picture buttons; vary and upscale work there', async () => {
    const first = await submit(srv, headers, { drawSteps: 4, prompt: '雪山日出' });
    const single = (await waitForStatus(srv, headers, first.id)) as Message;
    expect([single.grid, single.actions.includes('upscale'), single.actions.includes('upscale:1')]).toEqual([
      false,
      true,
      false,
    ]);
    const subtle = await press({ id: single.id, action: 'vary', strength: 'subtle' });
    expect([subtle.width, subtle.height]).toEqual([single.width, single.height]);
    const big = await press({ id: single.id, action: 'upscale' });
    expect(big.width).toBe(Math.min(2048, single.width * 2));
  });

  it('refuses what the picture does not offer, bad parameters and masks, others’ pictures, with a clear reason', async () => {
    const first = await submit(srv, headers, { drawSteps: 4, prompt: '城市夜景', mode: 'midjourney' });
    const refusedWhileRunning = await act({ id: first.id, action: 'upscale', index: 1 });
    expect(refusedWhileRunning.body.code).toBe(400);
    const grid = (await waitForStatus(srv, headers, first.id)) as Message;
    const cases: [Record<string, unknown>, number, RegExp][] = [
      [{ id: grid.id, action: 'upscale' }, 400, /不支持|offer/],
      [{ id: grid.id, action: 'variation' }, 400, /参数|valid/],
      [{ id: grid.id, action: 'zoom', zoom: 3 }, 400, /1 到 2|between/],
      [{ id: grid.id, action: 'warp' }, 400, /./],
      [{ id: 'dnosuchpicture', action: 'reroll' }, 404, /./],
    ];
    for (const [body, code, text] of cases) {
      const res = await act(body);
      expect([res.body.code ?? res.status, res.body.message ?? res.body.result], JSON.stringify(body)).toEqual([
        code,
        expect.stringMatching(text),
      ]);
    }
    expect((await act({ id: grid.id, action: 'reroll' }, other)).status).toBe(404);

    const u1 = await press({ id: grid.id, action: 'upscale', index: 1 });
    for (const [mask, text] of [
      [undefined, /涂抹|Paint/],
      [await maskUrl(64, 64, false), /没有涂抹|Nothing/],
      ['data:image/png;base64,AAAA', /./],
    ] as const) {
      const res = await act({ id: u1.id, action: 'inpaint', mask });
      expect(res.body.code, JSON.stringify(res.body)).toBe(400);
      expect(res.body.message ?? res.body.result).toMatch(text);
    }
    const [row] = await srv.runtime.database.db.select().from(drawings).where(eq(drawings.taskId, u1.id));
    const after = await srv.runtime.database.db
      .select({ id: drawings.id })
      .from(drawings)
      .where(eq(drawings.userId, row?.userId ?? 0));
    // Nothing refused became a task: the grid, its U1, the earlier tasks of this user.
    expect(after.filter((r) => r.id > (row?.id ?? 0))).toEqual([]);
  });

  it('an action whose picture is gone fails; once it is back, retry runs the same action as a new task', async () => {
    const rt = srv.runtime;
    const first = await submit(srv, headers, { drawSteps: 4, prompt: '海上的帆船', mode: 'midjourney' });
    const grid = (await waitForStatus(srv, headers, first.id)) as Message & { imageUrl: string };
    const [parent] = await rt.database.db.select().from(drawings).where(eq(drawings.taskId, grid.id));
    const key = sourceKeyOf(parent?.imageUrl ?? null) as string;
    const chunks: Buffer[] = [];
    for await (const c of (await rt.storage.read(key)) ?? []) chunks.push(c as Buffer);
    await rt.storage.remove(FILES_PREFIX + key);

    const res = await act({ id: grid.id, action: 'upscale', index: 3 });
    const failed = await waitForStatus(srv, headers, res.body.data.id);
    expect(failed.status).toBe(11);
    expect((await srv.call('POST', '/api/sd/retry', { id: grid.id }, headers)).body.code).toBe(400);
    expect((await srv.call('POST', '/api/sd/retry', { id: failed.id }, other)).status).toBe(404);

    await rt.storage.put(key, Buffer.concat(chunks));
    const again = await srv.call('POST', '/api/sd/retry', { id: failed.id }, headers);
    expect(again.body.code, JSON.stringify(again.body)).toBe(1000000);
    expect([again.body.data.action, again.body.data.parentId]).toEqual(['upscale', grid.id]);
    const done = await waitForStatus(srv, headers, again.body.data.id);
    expect([done.status, done.grid]).toEqual([10, false]);
    const [row] = await rt.database.db.select().from(drawings).where(eq(drawings.taskId, done.id));
    expect(row?.actionParams).toEqual({ index: 3 });
  });
});
