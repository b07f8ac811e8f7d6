import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drawings } from '../../../src/server/db/schema';
import { createUserWithToken, type TestServer } from '../helpers';
import { isConnected, openSocket } from '../socket-helpers';
import { recordPushes, startDrawServer, statusesOf, submit, waitForStatus } from './draw-helpers';

let srv: TestServer;
let n = 0;
beforeAll(async () => {
  srv = await startDrawServer();
});
afterAll(() => srv?.dispose());

const newUser = () => createUserWithToken(srv, `painter${++n}@example.com`);

describe('drawing with the offline renderer', () => {
  it('submit → 1, 13, 2 (progress) → 10, pushed to the owner; the picture is in my works and the square', async () => {
    const pushes = recordPushes(srv.runtime);
    const u = await newUser();
    const task = await submit(srv, u.headers, {
      prompt: '夕阳下的雪山',
      drawRate: '16:9',
      drawQuality: 2,
      drawSteps: 30,
    });
    expect(task.status).toBe(1);
    const socket = await openSocket(srv.url, { taskId: task.id, token: u.token });
    await socket.next(isConnected);
    const done = await waitForStatus(srv, u.headers, task.id);
    expect(done).toMatchObject({
      status: 10,
      progress: 100,
      drawRate: '16:9',
      drawQuality: 2,
      width: 1024,
      height: 576,
    });

    // The last push follows the commit that the status poll can already see: wait for it first.
    const final = (await socket.next(
      (m) => (m as { mjChatMessage?: { status: number } }).mjChatMessage?.status === 10,
    )) as {
      code: number;
      mjChatMessage: { id: string; progress: number; imageUrl: string };
    };
    expect(final).toMatchObject({ code: 1000000, mjChatMessage: { id: task.id, progress: 100 } });
    const statuses = statusesOf(pushes, task.id);
    expect(statuses[0]).toBe(1);
    expect(statuses.indexOf(13)).toBeGreaterThan(0);
    expect(statuses.indexOf(2)).toBeGreaterThan(statuses.indexOf(13));
    expect(statuses.at(-1)).toBe(10);
    expect(statuses.filter((s) => s === 2).length).toBeGreaterThan(2);
    expect(pushes.filter((p) => p.taskId === task.id).every((p) => p.userId === u.id)).toBe(true);
    socket.ws.close();

    // The picture is re-hosted WebP with a thumbnail and the AI label in its metadata.
    const image = await fetch(srv.url + done.imageUrl);
    expect(image.headers.get('content-type')).toBe('image/webp');
    const meta = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 1024, height: 576 });
    expect(meta.xmp?.toString()).toContain('AI生成');
    const thumb = await sharp(Buffer.from(await (await fetch(srv.url + done.thumbnailsUrl)).arrayBuffer())).metadata();
    expect(thumb).toMatchObject({ format: 'webp', width: 480 });

    const mine = await srv.call('POST', '/api/sd/list/user/picture', { pageNum: 1, pageSize: 30 }, u.headers);
    expect(mine.body.data.records[0]).toMatchObject({ id: task.id, status: 10, prompt: '夕阳下的雪山' });
    const square = await srv.call('POST', '/api/sd/list/picture', { pageNum: 1, pageSize: 30 });
    expect(square.body.data.records.map((r: { id: string }) => r.id)).toContain(task.id);
    expect(square.body.data.records[0]).not.toHaveProperty('seed');
    // Keyset paging: the page after a picture holds only older ones; an unknown cursor falls back to pageNum.
    const after = await srv.call('POST', '/api/sd/list/picture', { pageNum: 2, pageSize: 30, cursor: task.id });
    expect(after.body.data.records.map((r: { id: string }) => r.id)).not.toContain(task.id);
    expect(after.body.data.total).toBe(square.body.data.total);
    const unknown = await srv.call('POST', '/api/sd/list/picture', { pageNum: 1, pageSize: 30, cursor: 'gone0' });
    expect(unknown.body.data.records.map((r: { id: string }) => r.id)).toContain(task.id);
  });

  it('keeps private pictures out of every public list, and another user cannot read, delete or listen', async () => {
    const owner = await newUser();
    const other = await newUser();
    const task = await submit(srv, owner.headers, { prompt: '私人的花园 flower', drawPublicFlag: 2 });
    await waitForStatus(srv, owner.headers, task.id);
    const square = await srv.call('POST', '/api/sd/list/picture', { pageNum: 1, pageSize: 30 });
    expect(square.body.data.records.map((r: { id: string }) => r.id)).not.toContain(task.id);
    const searched = await srv.call('POST', '/api/sd/list/picture', { pageNum: 1, pageSize: 10, content: '私人' });
    expect(searched.body.data.records).toEqual([]);
    expect((await srv.call('POST', '/api/sd/task', { id: task.id }, other.headers)).status).toBe(404);
    const refused = await srv.call('POST', '/api/sd/delete', { id: task.id }, other.headers);
    expect(refused.status).toBe(404);
    expect(refused.body.code).toBe(404);
    expect((await srv.call('POST', '/api/sd/task', { id: task.id }, owner.headers)).body.data.status).toBe(10);
    const socket = await openSocket(srv.url, { taskId: task.id, token: other.token });
    expect((await socket.closed).code).toBe(4403);

    const deleted = await srv.call('POST', '/api/sd/delete', { id: task.id }, owner.headers);
    expect(deleted.body).toMatchObject({ code: 1000400, result: '删除成功' });
    expect((await srv.call('POST', '/api/sd/task', { id: task.id }, owner.headers)).status).toBe(404);
  });

  it('a deleted public picture leaves the square at once', async () => {
    const u = await newUser();
    const task = await submit(srv, u.headers, { prompt: 'sea waves at night' });
    await waitForStatus(srv, u.headers, task.id);
    // The finished status is written a moment before the square is told (finishTask): a busy machine can ask between.
    const squareIds = async () =>
      (await srv.call('POST', '/api/sd/list/picture', { pageNum: 1, pageSize: 30 })).body.data.records.map(
        (r: { id: string }) => r.id,
      );
    await expect.poll(squareIds).toContain(task.id);
    // The page's reply is encoded once and kept with it: asked again in each encoding, it still names the picture.
    const inEach = async (encoding: string) => {
      const res = await fetch(`${srv.url}/api/sd/list/picture`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'accept-encoding': encoding },
        body: JSON.stringify({ pageNum: 1, pageSize: 30 }),
      });
      return { encoding: res.headers.get('content-encoding'), text: await res.text() };
    };
    for (const encoding of ['br', 'gzip', 'identity']) {
      const res = await inEach(encoding);
      expect(res.encoding).toBe(encoding === 'identity' ? null : encoding);
      expect(res.text).toContain(task.id);
    }
    await srv.call('POST', '/api/sd/delete', { id: task.id }, u.headers);
    const after = await srv.call('POST', '/api/sd/list/picture', { pageNum: 1, pageSize: 30 });
    expect(after.body.data.records.map((r: { id: string }) => r.id)).not.toContain(task.id);
    expect((await inEach('br')).text).not.toContain(task.id);
  });

  it('the owner makes a private picture public and private again: the square and its files follow', async () => {
    const owner = await newUser();
    const other = await newUser();
    const task = await submit(srv, owner.headers, { prompt: 'a lighthouse in fog', drawPublicFlag: 2 });
    const done = await waitForStatus(srv, owner.headers, task.id);
    const onSquare = async () =>
      (await srv.call('POST', '/api/sd/list/picture', { pageNum: 1, pageSize: 30 })).body.data.records.map(
        (r: { id: string }) => r.id,
      );
    // The owner gets signed URLs; the bare path is what anyone else may try.
    const fileStatus = async () => (await fetch(srv.url + String(done.thumbnailsUrl).split('?')[0])).status;
    expect(await onSquare()).not.toContain(task.id);
    expect(await fileStatus()).not.toBe(200);

    const refused = await srv.call('POST', '/api/sd/visibility', { id: task.id, drawPublicFlag: 1 }, other.headers);
    expect(refused.status).toBe(404);
    const bad = await srv.call('POST', '/api/sd/visibility', { id: task.id, drawPublicFlag: 3 }, owner.headers);
    expect(bad.status).toBe(400);
    expect(await onSquare()).not.toContain(task.id);

    const opened = await srv.call('POST', '/api/sd/visibility', { id: task.id, drawPublicFlag: 1 }, owner.headers);
    expect(opened.body.data).toMatchObject({ id: task.id, drawPublicFlag: 1 });
    expect(await onSquare()).toContain(task.id);
    expect(await fileStatus()).toBe(200);

    await srv.call('POST', '/api/sd/visibility', { id: task.id, drawPublicFlag: 2 }, owner.headers);
    expect(await onSquare()).not.toContain(task.id);
    expect(await fileStatus()).not.toBe(200);
  });

  it('refuses visitors, blank prompts, steps over 40 and a second task while one runs', async () => {
    const anonymous = await srv.call('POST', '/api/sd/submit/imagine', { prompt: 'cat' });
    expect(anonymous.body).toMatchObject({ code: 1000001 });
    const u = await newUser();
    const blank = await srv.call('POST', '/api/sd/submit/imagine', { prompt: '   ' }, u.headers);
    expect(blank.status).toBe(400);
    expect(blank.body.result).toBe('请输入提示词');
    const steps = await srv.call('POST', '/api/sd/submit/imagine', { prompt: 'cat', drawSteps: 41 }, u.headers);
    expect(steps.status).toBe(400);
    expect(steps.body.result).toBe('步数不能超过40');
    const defaulted = await submit(srv, u.headers, { prompt: 'a quiet lake', drawSteps: null });
    const second = await srv.call('POST', '/api/sd/submit/imagine', { prompt: 'again' }, u.headers);
    expect(second.body).toMatchObject({ code: 400, result: '存在绘图中的图片，请耐心等待...' });
    const running = await srv.call('POST', '/api/sd/list/user/drawing', { pageNum: 1, pageSize: 10 }, u.headers);
    expect(running.body.data.map((d: { id: string }) => d.id)).toContain(defaulted.id);
    const done = await waitForStatus(srv, u.headers, defaulted.id);
    expect(done.drawSteps).toBe(20);
    const after = await srv.call('POST', '/api/sd/list/user/drawing', {}, u.headers);
    expect(after.body.data).toEqual([]);
  });

  it('moderation: violating words end in 12, personal data in 14, neither drawn', async () => {
    const u = await newUser();
    const bad = await submit(srv, u.headers, { prompt: '画一张 色 情 图片' });
    expect((await waitForStatus(srv, u.headers, bad.id)).status).toBe(12);
    const pii = await submit(srv, u.headers, { prompt: '海报上写着我的身份证号 110101199003070011' });
    const sensitive = await waitForStatus(srv, u.headers, pii.id);
    expect(sensitive).toMatchObject({ status: 14, imageUrl: null });
    const [row] = await srv.runtime.database.db.select().from(drawings).where(eq(drawings.taskId, pii.id));
    expect(row?.failReason).toBeTruthy();
    const mine = await srv.call('POST', '/api/sd/list/user/picture', { pageNum: 1, pageSize: 30 }, u.headers);
    expect(mine.body.data.records).toEqual([]);
  });
});
