// A user's lists (pictures, orders, conversations) are kept per process until
// the user's rows change (services/user-lists.ts). The user's own changes show
// on the next read; a change made anywhere else (a direct write here stands for
// a worker of another process, a payment notify or the console) shows within a
// second over the tables' NOTIFY. The kept lists' safety-net expiry is 30 s, so
// only the notification can make the polls below pass.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { USER_LISTS_CHANNEL } from '../../../src/server/services/user-lists';
import { DRAW_TEST_ENV, submit, waitForStatus } from '../drawing/draw-helpers';
import { createUserWithToken, startTestServer, type TestServer } from '../helpers';
import { createOrder } from '../shop/pay-helpers';
import { spawnServerProcess } from '../socket-helpers';

const fast = { timeout: 1000, interval: 50 };
const conversation = (changedAt: number, title: string) => ({
  title,
  systemPrompt: null,
  description: null,
  templateId: null,
  messages: [{ id: 'm1', dateTime: changedAt, text: '你好', inversion: true }],
  changedAt,
});

describe('kept user lists', { timeout: 90_000 }, () => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startTestServer(DRAW_TEST_ENV);
  }, 60_000);
  afterAll(() => srv?.dispose());

  const exec = (query: ReturnType<typeof sql>) => srv.runtime.database.db.execute(query);
  /** Every notification sent so far has reached this process: they arrive in order, so a last one of ours says so. */
  const notificationsLanded = async () => {
    const mark = `landed_${Math.random().toString(36).slice(2)}:0`;
    let landed = () => {};
    const arrived = new Promise<void>((resolve) => {
      landed = resolve;
    });
    await srv.runtime.database.notifier.listen(USER_LISTS_CHANNEL, (payload) => payload === mark && landed());
    await srv.runtime.database.notifier.publish(USER_LISTS_CHANNEL, mark);
    await arrived;
  };

  it('conversations: the owner’s writes at once, other writes within a second, nothing read between', async () => {
    const u = await createUserWithToken(srv, 'kept-conversations@example.com');
    const titles = async () =>
      (await srv.call('GET', '/api/chat/conversations', undefined, u.headers)).body.data.records.map(
        (r: { title: string }) => r.title,
      );
    const one = async () => (await srv.call('GET', '/api/chat/conversations/11', undefined, u.headers)).body.data;
    expect(await titles()).toEqual([]);
    await srv.call('PUT', '/api/chat/conversations/11', conversation(1000, '第一'), u.headers);
    expect(await titles()).toEqual(['第一']);
    expect((await one()).title).toBe('第一');

    await exec(sql`update chat_conversations set title = '改名' where user_id = ${u.id}`);
    await expect.poll(titles, fast).toEqual(['改名']);
    await expect.poll(async () => (await one()).title, fast).toBe('改名');
    // A read during which a change is announced is served but not kept, and the notifications of the
    // writes above may still be in flight: once they have landed, this read is the one kept.
    await notificationsLanded();
    expect(await titles()).toEqual(['改名']);

    // With the announcement switched off, a write is not seen: the list is served as kept.
    await exec(sql`alter table chat_conversations disable trigger chat_conversations_lists_update`);
    try {
      await exec(sql`update chat_conversations set title = '悄悄改' where user_id = ${u.id}`);
      expect(await titles()).toEqual(['改名']);
    } finally {
      await exec(sql`alter table chat_conversations enable trigger chat_conversations_lists_update`);
    }
    // The owner's own next write makes the list current again.
    await srv.call('PUT', '/api/chat/conversations/12', conversation(2000, '第二'), u.headers);
    expect(await titles()).toEqual(['第二', '悄悄改']);

    // Another user's lists are their own.
    const other = await createUserWithToken(srv, 'kept-other@example.com');
    expect((await srv.call('GET', '/api/chat/conversations', undefined, other.headers)).body.data.records).toEqual([]);
  });

  it('orders: created, cancelled and changed elsewhere', async () => {
    const u = await createUserWithToken(srv, 'kept-orders@example.com');
    const statuses = async () =>
      (await srv.call('POST', '/api/order/list', { pageNum: 1, pageSize: 10 }, u.headers)).body.data.records.map(
        (r: { orderStatus: number }) => r.orderStatus,
      );
    expect(await statuses()).toEqual([]);
    const made = await createOrder(srv, u.headers, 'VIP_MONTH');
    const orderNo = made.body.data.orderNo as string;
    expect(await statuses()).toEqual([made.body.data.orderStatus]);
    const cancelled = await srv.call('POST', '/api/order/cancel', { orderNo }, u.headers);
    expect(cancelled.body.data.orderStatus).toBe(6);
    expect(await statuses()).toEqual([6]);
    // A search is a list of its own, kept and dropped alike.
    const found = async () =>
      (
        await srv.call('POST', '/api/order/list', { pageNum: 1, pageSize: 10, orderNo }, u.headers)
      ).body.data.records.map((r: { orderStatus: number }) => r.orderStatus);
    expect(await found()).toEqual([6]);

    await exec(sql`update orders set order_status = 7 where order_no = ${orderNo}`);
    await expect.poll(statuses, fast).toEqual([7]);
    await expect.poll(found, fast).toEqual([7]);
  });

  it('pictures: finished by the worker, made private, changed elsewhere, deleted', async () => {
    const u = await createUserWithToken(srv, 'kept-pictures@example.com');
    const headers = u.headers;
    const pictures = async () =>
      (await srv.call('POST', '/api/sd/list/user/picture', { pageNum: 1, pageSize: 10 }, headers)).body.data
        .records as Array<{ id: string; prompt: string; drawPublicFlag: number }>;
    expect(await pictures()).toEqual([]);
    const done = await waitForStatus(srv, headers, (await submit(srv, headers, { prompt: '留在列表里的山' })).id);
    const id = done.id as string;
    // The worker finished it in this process: the next read has it.
    expect((await pictures()).map((p) => p.id)).toEqual([id]);

    await srv.call('POST', '/api/sd/visibility', { id, drawPublicFlag: 2 }, headers);
    expect((await pictures())[0]?.drawPublicFlag).toBe(2);

    await exec(sql`update drawings set prompt = '改过的山' where task_id = ${id}`);
    await expect.poll(async () => (await pictures())[0]?.prompt, fast).toBe('改过的山');

    await srv.call('POST', '/api/sd/delete', { id }, headers);
    expect(await pictures()).toEqual([]);
  });

  it.runIf(inject('postgresUrl'))('a change on one process reaches another’s kept list within a second', async () => {
    const env = srv.runtime.env;
    const two = await spawnServerProcess({
      NODE_ENV: 'test',
      DATABASE_URL: env.DATABASE_URL ?? '',
      DATA_DIR: env.DATA_DIR,
    });
    try {
      const u = await createUserWithToken(srv, 'kept-two-processes@example.com');
      const onTwo = async () => {
        const res = await fetch(`${two.url}/api/order/list`, {
          method: 'POST',
          headers: { ...u.headers, 'content-type': 'application/json' },
          body: JSON.stringify({ pageNum: 1, pageSize: 10 }),
        });
        const body = (await res.json()) as { data: { records: Array<{ orderStatus: number }> } };
        return body.data.records.map((r) => r.orderStatus);
      };
      const made = await createOrder(srv, u.headers, 'VIP_MONTH');
      await expect.poll(onTwo, fast).toEqual([made.body.data.orderStatus]);
      await srv.call('POST', '/api/order/cancel', { orderNo: made.body.data.orderNo }, u.headers);
      await expect.poll(onTwo, fast).toEqual([6]);
    } finally {
      await two.stop();
    }
  });
});
