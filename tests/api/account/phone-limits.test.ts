import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clearOfWindowEdge, createUserWithToken, startTestServer, type TestServer } from '../helpers';
import { afterGap, freshAddress } from './phone-helpers';

let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer({ TRUST_PROXY: 'true' });
});
afterAll(() => srv.dispose());

const HOUR = 3_600_000;
const send = (phone: string, headers: Record<string, string>) =>
  srv.call('POST', '/api/user/phone/code', { phone, purpose: 'login' }, headers);
const number = (n: number) => `1580000${String(n).padStart(4, '0')}`;

describe('texting limits', () => {
  it('one text a minute per number, whatever the address, however many ask at once', async () => {
    await clearOfWindowEdge(60_000);
    const replies = await Promise.all(Array.from({ length: 6 }, () => send(number(1), freshAddress())));
    expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
    const refused = replies.filter((r) => r.status === 429);
    expect(refused).toHaveLength(5);
    expect(refused[0]?.body.result).toMatch(/^短信已发送，请 \d+ 秒后再重新获取$/);
    expect(refused[0]?.body.data.seconds).toBeGreaterThan(0);
  });

  it('ten texts a day per number', async () => {
    await clearOfWindowEdge(24 * HOUR);
    for (let i = 0; i < 10; i++) {
      await afterGap(srv, number(2));
      expect((await send(number(2), freshAddress())).status).toBe(200);
    }
    await afterGap(srv, number(2));
    const over = await send(number(2), freshAddress());
    expect(over.status).toBe(429);
    expect(over.body.result).toBe('今日获取短信验证码次数已达上限，请明天再试');
  });

  it('ten texts an hour per client address, ten a day per device', async () => {
    await clearOfWindowEdge(HOUR);
    const address = freshAddress();
    for (let i = 0; i < 10; i++) expect((await send(number(100 + i), address)).status).toBe(200);
    const over = await send(number(120), address);
    expect(over.body.result).toBe('获取短信验证码太频繁，请一小时后再试');

    const device = { 'x-device-id': 'phone-limits-device-0001' };
    for (let i = 0; i < 10; i++)
      expect((await send(number(200 + i), { ...device, ...freshAddress() })).status).toBe(200);
    const deviceOver = await send(number(220), { ...device, ...freshAddress() });
    expect(deviceOver.status).toBe(429);
    // Another browser on the same addresses is not held back by that one.
    expect((await send(number(221), { 'x-device-id': 'phone-limits-device-0002', ...freshAddress() })).status).toBe(
      200,
    );
  });

  it('code checks and password checks share one budget per address', async () => {
    await clearOfWindowEdge(10 * 60_000, 20_000);
    const address = freshAddress();
    const { id } = await createUserWithToken(srv, 'shared-budget@example.com');
    expect(id).toBeGreaterThan(0);
    const wrong = await Promise.all(
      Array.from({ length: 30 }, () =>
        srv.call('POST', '/api/user/login/phone', { phone: number(300), code: '000000' }, address),
      ),
    );
    expect(wrong.every((r) => r.status === 400)).toBe(true);
    const password = await srv.call(
      'POST',
      '/api/user/login/email',
      { username: 'shared-budget@example.com', password: 'secret123' },
      address,
    );
    expect(password.status).toBe(429);
    expect(password.body.result).toBe('登录尝试太频繁，请稍后再试');
    const code = await srv.call('POST', '/api/user/login/phone', { phone: number(300), code: '000000' }, address);
    expect(code.status).toBe(429);
  });
});
