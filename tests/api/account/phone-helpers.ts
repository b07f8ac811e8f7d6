import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { like } from 'drizzle-orm';
import { expect } from 'vitest';
import { rateLimits } from '../../../src/server/db/schema';
import { phoneHash } from '../../../src/server/services/account/phone-box';
import { normalizePhone } from '../../../src/shared/phone';
import type { TestServer } from '../helpers';

/** The newest code the SMS outbox (the default provider in tests) holds for `phone`. */
export function lastCode(srv: TestServer, phone: string): string {
  const dir = path.join(srv.runtime.env.DATA_DIR, 'sms-outbox');
  const texts = readdirSync(dir)
    .sort()
    .map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as { to: string; code: string });
  const code = texts.filter((m) => m.to === (normalizePhone(phone) ?? phone)).at(-1)?.code;
  if (!code) throw new Error(`no text to ${phone}`);
  return code;
}

/** As if the minute between two texts to `phone` had passed: its gap window is forgotten (the daily count stays). */
export async function afterGap(srv: TestServer, phone: string) {
  const key = `sms:num:gap:${phoneHash(srv.runtime, normalizePhone(phone) ?? phone)}`;
  await srv.runtime.database.db.delete(rateLimits).where(like(rateLimits.key, key));
}

let net = 0;
/** A client address of its own per call site, so per-address limits of one case never reach another. */
export function freshAddress(): Record<string, string> {
  net += 1;
  return { 'x-forwarded-for': `10.77.${Math.floor(net / 250)}.${net % 250}` };
}

/** Texts a login code to `phone` and signs in with it: the session's headers. */
export async function phoneLogin(srv: TestServer, phone: string, headers = freshAddress()) {
  await afterGap(srv, phone);
  const sent = await srv.call('POST', '/api/user/phone/code', { phone, purpose: 'login' }, headers);
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  const login = await srv.call('POST', '/api/user/login/phone', { phone, code: lastCode(srv, phone) }, headers);
  expect(login.status, JSON.stringify(login.body)).toBe(200);
  return { authorization: `Bearer ${login.body.data.token as string}` };
}
