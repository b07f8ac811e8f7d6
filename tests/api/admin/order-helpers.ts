import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { expect } from 'vitest';
import { adminAudit, adminTotp } from '../../../src/server/db/schema';
import { markPaid } from '../../../src/server/services/shop/mark-paid';
import { createUserWithToken, type TestServer } from '../helpers';
import * as pay from '../shop/pay-helpers';
import { codeFor, requestId, type Staff } from './admin-helpers';

/**
 * A code the account has not used yet: a code is accepted once per 30 s
 * step, so the test forgets the last step taken instead of waiting for the next.
 */
export async function freshCode(srv: TestServer, userId: number) {
  await srv.runtime.database.db.update(adminTotp).set({ lastStep: null }).where(eq(adminTotp.userId, userId));
  return codeFor(srv, userId);
}

/**
 * The body of a console action that asks for a fresh TOTP code, for the route matrix: a new request id, and
 * the admin's real code (anyone else's is refused before the code matters).
 */
export const coded =
  (srv: TestServer, admin: { id: number }, body: Record<string, unknown>) => async (who: string) => ({
    ...body,
    requestId: requestId(),
    code: who === 'admin' ? await freshCode(srv, admin.id) : '000000',
  });

let n = 0;
/** A user with a paid order of `code` (paid as a verified notify would). */
export async function paidOrder(srv: TestServer, code = 'VIP_MONTH', opts: { pay?: (orderNo: string) => void } = {}) {
  const email = `buyer${++n}-${Date.now()}@example.com`;
  const u = await createUserWithToken(srv, email);
  const created = await pay.createOrder(srv, u.headers, code);
  expect(created.body.code).toBe(1000000);
  const order = created.body.data as { orderNo: string; orderPrice: number };
  opts.pay?.(order.orderNo);
  if (!opts.pay)
    expect(await markPaid(srv.runtime, order.orderNo, { amount: order.orderPrice, source: 'test' })).toBe('paid');
  return { u, email, orderNo: order.orderNo, price: order.orderPrice };
}

/** POST …/refund as `staff` with a fresh code (or the one given). */
export async function refund(
  srv: TestServer,
  staff: Staff,
  orderNo: string,
  body: { amount: number; reason?: string; requestId?: string; code?: string },
) {
  const code = body.code ?? (await freshCode(srv, staff.id));
  return srv.call(
    'POST',
    `/api/admin/orders/${orderNo}/refund`,
    { reason: 'customer asked', requestId: requestId(), ...body, code },
    { cookie: staff.cookie },
  );
}

export const auditOf = (srv: TestServer, orderNo: string) =>
  srv.runtime.database.db.select().from(adminAudit).where(eq(adminAudit.targetId, orderNo));

/** The mails in the outbox (no SMTP_URL in tests) sent to `to`, parsed. */
export const mailsTo = (srv: TestServer, to: string) => mailsIn(srv.runtime.env.DATA_DIR, to);

/** The mails in DATA_DIR's outbox sent to `to`, parsed. */
export async function mailsIn(dataDir: string, to: string) {
  const outbox = path.join(dataDir, 'outbox');
  let names: string[] = [];
  try {
    names = readdirSync(outbox).sort();
  } catch {
    return [];
  }
  const mails = await Promise.all(names.map((f) => simpleParser(readFileSync(path.join(outbox, f), 'utf8'))));
  return mails.filter((m) => m.to && JSON.stringify(m.to).includes(to));
}

export const DAY = 86_400_000;
export const daysLeft = async (srv: TestServer, userId: number) =>
  ((await pay.userRow(srv, userId)).endDate?.getTime() ?? 0) / DAY - Date.now() / DAY;
