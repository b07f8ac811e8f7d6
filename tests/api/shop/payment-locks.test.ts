// A payment locks the payer's user row before the order, as every transaction that changes a user
// does (lockUser first): two transactions that took them in opposite orders would deadlock. markPaid
// takes both in one statement (FOR UPDATE OF users, orders), so this holds PostgreSQL to locking a
// joined row's tables in the order the clause names them.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createUserWithToken, startTestServer, type TestServer } from '../helpers';
import { sandboxPay } from '../sandbox-helpers';
import { createOrder, orderRow } from './pay-helpers';

describe.skipIf(!inject('postgresUrl'))('the locks a payment takes (PostgreSQL)', () => {
  let srv: TestServer;
  const clients: pg.Client[] = [];
  const connect = async () => {
    const c = new pg.Client({ connectionString: srv.runtime.env.DATABASE_URL });
    await c.connect();
    clients.push(c);
    return c;
  };
  beforeAll(async () => {
    srv = await startTestServer({ PUBLIC_ORIGIN: 'https://miaobi.example', ALLOW_SANDBOX: 'true' });
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.end()));
    await srv?.dispose();
  });

  it("holds the user row while it waits for the order's lock, and pays once the order is free", async () => {
    const u = await createUserWithToken(srv, 'locks@example.com');
    const { payLink } = (await createOrder(srv, u.headers, 'VIP_MONTH')).body.data;
    const orderNo = new URL(payLink).pathname.split('/').pop() as string;

    // Another transaction holds the order row.
    const holder = await connect();
    await holder.query('begin');
    await holder.query('select 1 from orders where order_no = $1 for update', [orderNo]);

    const paying = sandboxPay(srv, payLink);
    // The payment's statement (it uses the pay link's key up, then locks) waits for the order…
    const watcher = await connect();
    await expect
      .poll(
        async () =>
          (
            await watcher.query(
              `select count(*)::int as n from pg_stat_activity
                where wait_event_type = 'Lock' and query like 'with "used" as (delete from "order_sandbox_keys"%'`,
            )
          ).rows[0].n,
      )
      .toBe(1);
    // …holding the user row already: a third transaction cannot take it.
    const third = await connect();
    await third.query('begin');
    await expect(third.query('select 1 from users where id = $1 for update nowait', [u.id])).rejects.toMatchObject({
      code: '55P03',
    });
    await third.query('rollback');

    await holder.query('rollback');
    const paid = await paying;
    expect(paid.status).toBe(200);
    expect((await orderRow(srv, orderNo)).orderStatus).toBe(1);
  });
});
