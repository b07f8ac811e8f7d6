import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { paymentRecords } from '../../../src/server/db/schema';
import { makeStaff, type Staff } from '../admin/admin-helpers';
import { createUserWithToken, startTestServer, type TestServer } from '../helpers';
import { type FakeWechatPay, startFakeWechatPay } from './fake-wechatpay';
import * as pay from './pay-helpers';
import { wechatPayEnv } from './wechatpay-merchant';

// The server payments-never-lost and reconciliation share: WeChat Pay is the fake, the poller and the
// sweeper are stopped (the tests run them at the times they choose), notifies come through the real
// route, and an operator and an admin are there. The bindings below are live: a file calls
// withWechatPaySuite() once, and its tests read them after its beforeAll.

export let srv: TestServer;
export let fake: FakeWechatPay;
export let op: Staff;
export let admin: Staff;
let api: pay.NotifyApi | undefined;
let n = 0;

export function withWechatPaySuite() {
  beforeAll(async () => {
    fake = await startFakeWechatPay();
    srv = await startTestServer(wechatPayEnv(fake));
    await srv.runtime.jobs.payments.stop();
    await srv.runtime.jobs.orders.stop();
    api = await pay.startNotifyApi(srv);
    op = await makeStaff(srv, 'pay-op@example.com', 'operator');
    admin = await makeStaff(srv, 'pay-admin@example.com', 'admin');
  }, 60_000);
  afterAll(async () => {
    await api?.close();
    await srv?.dispose();
    await fake?.close();
  });
}

/** A signed message of the fake, posted to the notify route as WeChat Pay would. */
export const send = (m: { headers: Record<string, string>; body: string }) =>
  (api as pay.NotifyApi).post('/api/pay/wechat/notify', m.body, m.headers);

/** An order of a month's membership: a new user's, or the caller's given their headers. */
export async function placeOrder(headers?: Record<string, string>) {
  const u = headers ? null : await createUserWithToken(srv, `lost${++n}-${Date.now()}@example.com`);
  const res = await pay.createOrder(srv, headers ?? u?.headers ?? {}, 'VIP_MONTH');
  expect(res.body.code).toBe(1000000);
  return { u, orderNo: res.body.data.orderNo as string, price: res.body.data.orderPrice as number };
}

/** The payment records of an order number. */
export const records = (orderNo: string) =>
  srv.runtime.database.db.select().from(paymentRecords).where(eq(paymentRecords.orderNo, orderNo));
