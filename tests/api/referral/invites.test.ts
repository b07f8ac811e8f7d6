import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachInviter } from '../../../src/server/services/referral/invites';
import { markPaid } from '../../../src/server/services/shop/mark-paid';
import { startAccountServers } from '../account/account-flows';
import type { TestServer } from '../helpers';
import type { TestMailServer } from '../mail-server';
import { codeFrom } from '../mail-server';
import { scanAndConfirm } from '../sandbox-helpers';
import * as pay from '../shop/pay-helpers';
import { codeOf, daysLeft, invitee, inviteOf, payOrder, REFERRAL_ENV, user } from './referral-helpers';

// Invites (docs/referral.md#invites): recorded at sign-up, converted and rewarded on the first paid order only.
let srv: TestServer;
let mail: TestMailServer;
let close: () => Promise<void>;

beforeAll(async () => {
  const servers = await startAccountServers({ ...REFERRAL_ENV, ALLOW_SANDBOX: 'true' });
  ({ srv, mail, close } = servers);
  await pay.setPrice(srv, 'VIP_MONTH', 10_000);
}, 60_000);
afterAll(() => close?.());

const db = () => srv.runtime.database.db;

describe('an invite link', () => {
  it('is recorded at e-mail registration with the sign-up signals', async () => {
    const inviter = await user(srv, 'inviter');
    const code = await codeOf(srv, inviter.headers);
    expect(code).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
    expect(await codeOf(srv, inviter.headers)).toBe(code);

    const email = `reg-${Date.now()}@example.com`;
    const before = mail.messages.length;
    const sent = await srv.call('GET', `/api/user/getEmailVerifycode?${new URLSearchParams({ email })}`);
    const session = sent.body.data.picCodeSessionId as string;
    const verification = codeFrom(await mail.waitFor(email, before));
    const body = {
      identity: email,
      password: 'secret123',
      picCodeSessionId: session,
      picVerificationCode: verification,
    };
    // A malformed code is bad input: refused with the field named, nothing created.
    const bad = await srv.call('POST', '/api/user/register/email', { ...body, inviteCode: 'bad code' });
    expect(bad.status).toBe(400);
    expect(bad.body.data.fields).toHaveProperty('inviteCode');
    const res = await srv.call(
      'POST',
      '/api/user/register/email',
      { ...body, inviteCode: code },
      { 'x-forwarded-for': '10.77.0.1', 'user-agent': 'farm-phone' },
    );
    expect(res.body.code, JSON.stringify(res.body)).toBe(200);
    const login = await srv.call('POST', '/api/user/login/email', { username: email, password: 'secret123' });
    const me = await srv.call('GET', '/api/user/info', undefined, { authorization: `Bearer ${login.body.data.token}` });
    const invite = await inviteOf(srv, me.body.data.baseUserId);
    expect(invite).toMatchObject({ inviterId: inviter.id, ip: '10.77.0.1', convertedAt: null });
    expect(invite?.uaHash).toMatch(/^[0-9a-f]{16}$/);
    const mine = await srv.call('GET', '/api/referral/mine', undefined, inviter.headers);
    expect(mine.body.data).toMatchObject({ invitees: 1, converted: 0, rewardDays: 0 });
  });

  it('is recorded at a WeChat sign-up, never for an account that existed', async () => {
    const inviter = await user(srv, 'inviter');
    const code = await codeOf(srv, inviter.headers);
    const scan = await scanAndConfirm(srv);
    const login = await srv.call('POST', '/api/user/login/openid', { ...scan, inviteCode: code });
    expect(login.body.code).toBe(200);
    const headers = { authorization: `Bearer ${login.body.data.token}` };
    const me = await srv.call('GET', '/api/referral/mine', undefined, headers);
    expect(me.body.code).toBe(200);
    const mine = await srv.call('GET', '/api/referral/mine', undefined, inviter.headers);
    expect(mine.body.data.invitees).toBe(1);
    // The same phone again, through another inviter's link: it is no new account.
    const other = await user(srv, 'other');
    const again = await scanAndConfirm(srv, scan.identity);
    const back = await srv.call('POST', '/api/user/login/openid', {
      ...again,
      inviteCode: await codeOf(srv, other.headers),
    });
    expect(back.body.code).toBe(200);
    expect((await srv.call('GET', '/api/referral/mine', undefined, other.headers)).body.data.invitees).toBe(0);
  });

  it('refuses self-invites, cycles, unknown codes and a second inviter', async () => {
    const a = await user(srv, 'a');
    const signals = { ip: '10.0.0.1', userAgent: 'x' };
    await expect(attachInviter(db(), a.id, await codeOf(srv, a.headers), signals)).rejects.toMatchObject({
      messageKey: 'referral:invite.self',
    });
    const b = await invitee(srv, a);
    await expect(attachInviter(db(), a.id, await codeOf(srv, b.headers), signals)).rejects.toMatchObject({
      messageKey: 'referral:invite.cycle',
    });
    const c = await invitee(srv, b);
    await expect(attachInviter(db(), a.id, await codeOf(srv, c.headers), signals)).rejects.toMatchObject({
      messageKey: 'referral:invite.cycle',
    });
    await expect(attachInviter(db(), c.id, await codeOf(srv, a.headers), signals)).rejects.toMatchObject({
      messageKey: 'referral:invite.already',
    });
    await expect(attachInviter(db(), c.id, 'ZZZZZZZZ', signals)).rejects.toMatchObject({
      messageKey: 'referral:invite.unknown',
    });
    expect((await inviteOf(srv, c.id))?.inviterId).toBe(b.id);
  });
});

describe('conversion', () => {
  it('happens on the first paid order only: both sides rewarded once, nothing at sign-up', async () => {
    const inviter = await user(srv, 'inviter');
    const friend = await invitee(srv, inviter);
    // Signed up, not paid: nothing yet (throwaway accounts earn nothing).
    expect(await daysLeft(srv, inviter.id)).toBeCloseTo(0, 1);
    expect((await inviteOf(srv, friend.id))?.convertedAt).toBeNull();

    const first = await payOrder(srv, friend.headers);
    const invite = await inviteOf(srv, friend.id);
    expect(invite).toMatchObject({ reward: 'rewarded', inviterDays: 3, inviteeDays: 2 });
    expect(invite?.convertedAt).not.toBeNull();
    expect(await daysLeft(srv, inviter.id)).toBeCloseTo(3, 1);
    // The month bought plus the invitee's two days.
    expect(await daysLeft(srv, friend.id)).toBeCloseTo(32, 1);

    // The same payment notified again, and a second order: no second reward.
    expect(await markPaid(srv.runtime, first.orderNo, { amount: first.orderPrice, source: 'test' })).toBe('already');
    await payOrder(srv, friend.headers);
    expect(await daysLeft(srv, inviter.id)).toBeCloseTo(3, 1);
    expect(await daysLeft(srv, friend.id)).toBeCloseTo(62, 1);
    const mine = await srv.call('GET', '/api/referral/mine', undefined, inviter.headers);
    expect(mine.body.data).toMatchObject({ invitees: 1, converted: 1, rewardDays: 3 });
  });

  it("stops rewarding at the inviter's daily cap, still converting", async () => {
    const inviter = await user(srv, 'inviter');
    const friends = [];
    for (let i = 0; i < 3; i++) friends.push(await invitee(srv, inviter));
    // Paid at once: the inviter's row lock makes the cap hold under concurrency.
    await Promise.all(friends.map((f) => payOrder(srv, f.headers)));
    const invites = await Promise.all(friends.map((f) => inviteOf(srv, f.id)));
    expect(invites.map((i) => i?.reward).sort()).toEqual(['capped', 'rewarded', 'rewarded']);
    expect(await daysLeft(srv, inviter.id)).toBeCloseTo(6, 1);
    const mine = await srv.call('GET', '/api/referral/mine', undefined, inviter.headers);
    expect(mine.body.data).toMatchObject({ invitees: 3, converted: 3, rewardDays: 6 });
  });
});
