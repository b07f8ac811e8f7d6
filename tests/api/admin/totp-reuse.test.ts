import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminCode } from '../../../src/shared/admin';
import { clearOfWindowEdge, startTestServer, type TestServer } from '../helpers';
import { codeFor, makeStaff, openConsole, requestId } from './admin-helpers';
import { freshCode } from './order-helpers';

let srv: TestServer;

beforeAll(async () => {
  srv = await startTestServer();
}, 60_000);
afterAll(() => srv?.dispose());

const messages = (lang: string) =>
  JSON.parse(readFileSync(`locales/${lang}/admin.json`, 'utf8')) as Record<string, string>;
/** The rate limit's window (services/admin/totp.ts): a test's tries must fall in one. */
const WINDOW_MS = 15 * 60_000;

describe('a TOTP code used twice', () => {
  it('answers "just used" in each language, and five reuses do not lock; wrong codes still do', async () => {
    await clearOfWindowEdge(WINDOW_MS);
    const staff = await makeStaff(srv, 'reuse@example.com', 'admin');
    // The enrolment took the current step: a second console session sends the same code.
    const { cookie } = await openConsole(srv, staff.token);
    const used = await codeFor(srv, staff.id);
    const verify = (code: string, lang = 'zh-CN') =>
      srv.call('POST', '/api/admin/totp/verify', { code }, { cookie: `${cookie}; lang=${lang}` });
    for (const lang of ['zh-CN', 'en-US', 'zh-TW', 'en-US', 'zh-CN']) {
      const res = await verify(used, lang);
      expect([res.status, res.body.result]).toEqual([400, messages(lang)['totp.reused']]);
    }
    // Five reuses later the next code is still let in (five wrong codes would have locked the account).
    expect((await verify(await codeFor(srv, staff.id, 1))).status).toBe(200);
    for (let i = 0; i < 5; i++) {
      const wrong = await verify(String(100000 + i), 'en-US');
      expect([wrong.status, wrong.body.result]).toEqual([400, messages('en-US')['totp.wrong']]);
    }
    const locked = await verify(await freshCode(srv, staff.id), 'en-US');
    expect([locked.status, locked.body.result]).toEqual([429, messages('en-US')['totp.tooMany']]);
  });

  it('a sensitive action sent twice with one code says so, and the admin is not locked out of it', async () => {
    await clearOfWindowEdge(WINDOW_MS);
    const staff = await makeStaff(srv, 'settings-twice@example.com', 'admin');
    let limit = 40;
    // Each save sets a new value: saving the stored one is refused as no change.
    const save = (code: string) =>
      srv.call(
        'POST',
        '/api/admin/settings',
        { values: { COUPON_DAILY_LIMIT: ++limit }, requestId: requestId(), code },
        { cookie: `${staff.cookie}; lang=en-US` },
      );
    const code = await freshCode(srv, staff.id);
    expect((await save(code)).status).toBe(200);
    for (let i = 0; i < 5; i++) {
      const again = await save(code);
      expect([again.status, again.body.code, again.body.result]).toEqual([
        403,
        AdminCode.TOTP_AGAIN,
        messages('en-US')['totp.reused'],
      ]);
    }
    expect((await save(await codeFor(srv, staff.id, 1))).status).toBe(200);
    // A wrong code is still the plain refusal, and counts.
    const wrong = await save('000000');
    expect([wrong.status, wrong.body.result]).toEqual([403, messages('en-US')['totp.again']]);
  });
});
