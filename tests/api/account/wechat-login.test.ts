import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pendingWechatLogin } from '../../../src/server/services/account/wechat-login';
import { startTestServer, type TestServer } from '../helpers';
import { codeFrom } from '../mail-server';
import { confirmQr, openQrLogin, scanAndConfirm as scan, socketId } from '../sandbox-helpers';
import { isConnected, openSocket } from '../socket-helpers';
import { bearer } from './account-flows';

let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer({ PUBLIC_ORIGIN: 'https://miaobi.example', ALLOW_SANDBOX: 'true' });
});
afterAll(() => srv?.dispose());

const scanAndConfirm = (identity?: string) => scan(srv, identity);

describe('WeChat QR login (sandbox)', () => {
  it('logs in with the pushed openId once, and the same phone returns to the same account', async () => {
    const first = await scanAndConfirm();
    const login = await srv.call('POST', '/api/user/login/openid', {
      openId: first.openId,
      qrcodeSocket: first.qrcodeSocket,
    });
    expect(login.body.code).toBe(200);
    const info = await srv.call('GET', '/api/user/info', undefined, bearer(login.body.data.token));
    expect(info.body.data).toMatchObject({ wechatBound: true, email: null, hasPassword: false });
    expect(info.body.data.nickname).toMatch(/^微信用户[0-9a-f]{4}$/);

    const replay = await srv.call('POST', '/api/user/login/openid', {
      openId: first.openId,
      qrcodeSocket: first.qrcodeSocket,
    });
    expect(replay.body.result).toBe('扫码登录已失效，请刷新二维码后重试');

    const second = await scanAndConfirm(first.identity);
    expect(second.openId).toBe(first.openId);
    const again = await srv.call('POST', '/api/user/login/openid', {
      openId: second.openId,
      qrcodeSocket: second.qrcodeSocket,
    });
    const info2 = await srv.call('GET', '/api/user/info', undefined, bearer(again.body.data.token));
    expect(info2.body.data.baseUserId).toBe(info.body.data.baseUserId);
  });

  it('names a new account in the language it logs in with', async () => {
    const { openId, qrcodeSocket } = await scanAndConfirm();
    const en = { cookie: 'lang=en-US' };
    const login = await srv.call('POST', '/api/user/login/openid', { openId, qrcodeSocket }, en);
    const info = await srv.call('GET', '/api/user/info', undefined, { ...bearer(login.body.data.token), ...en });
    expect(info.body.data.nickname).toMatch(/^WeChat user [0-9a-f]{4}$/);
  });

  it('refuses a forged openid login', async () => {
    const forged = await srv.call('POST', '/api/user/login/openid', {
      openId: 'oABCDEFGHIJ',
      qrcodeSocket: socketId(),
    });
    expect(forged.status).toBe(400);
    // A real QR, but not confirmed, or confirmed for another openId.
    const qrcodeSocket = socketId();
    await srv.call('POST', '/api/wx/wxacoden', { qrcodeSocket });
    const early = await srv.call('POST', '/api/user/login/openid', { openId: 'sandbox-guess', qrcodeSocket });
    expect(early.status).toBe(400);
    const { openId, qrcodeSocket: confirmed } = await scanAndConfirm();
    const wrongId = await srv.call('POST', '/api/user/login/openid', { openId: `${openId}x`, qrcodeSocket: confirmed });
    expect(wrongId.status).toBe(400);
    const expired = await srv.call('POST', `/api/wx/sandbox/${socketId()}/confirm`, { key: 'k'.repeat(43) });
    expect(expired.body.result).toBe('二维码已过期或已被使用，请刷新后重新扫码');
  });

  it('rejects a malformed qrcodeSocket', async () => {
    const res = await srv.call('POST', '/api/wx/wxacoden', { qrcodeSocket: 'not-hex' });
    expect(res.status).toBe(400);
  });
});

describe('the sandbox serves only whoever holds the QR', () => {
  it("confirms only with the QR link's one-time key, once", async () => {
    const { qrcodeSocket, qrcode, socket } = await openQrLogin(srv);
    expect(qrcode).toMatch(new RegExp(`^https://miaobi\\.example/wx/sandbox/${qrcodeSocket}\\?key=[\\w-]{43}$`));
    const bare = await srv.call('POST', `/api/wx/sandbox/${qrcodeSocket}/confirm`);
    expect(bare.status).toBe(400);
    // What the sandbox page asks before it offers 'confirm': only the QR's key, and asking changes nothing.
    const key = new URL(qrcode).searchParams.get('key');
    const check = (body?: unknown) => srv.call('POST', `/api/wx/sandbox/${qrcodeSocket}/check`, body);
    expect((await check({ key })).body).toMatchObject({ code: 1000000, data: { pending: true } });
    expect((await check({ key: 'A'.repeat(43) })).status).toBe(400);
    expect((await check()).status).toBe(400);
    const wrong = await srv.call('POST', `/api/wx/sandbox/${qrcodeSocket}/confirm`, { key: 'A'.repeat(43) });
    expect(wrong).toMatchObject({ status: 400, body: { result: '二维码已过期或已被使用，请刷新后重新扫码' } });
    expect(await pendingWechatLogin(srv.runtime, qrcodeSocket)).toBe('pending');
    expect(socket.messages.filter((m) => (m as { code: number }).code === 1000000)).toEqual([]);

    expect((await confirmQr(srv, qrcode)).body.code).toBe(1000000);
    await socket.next((m) => (m as { code: number }).code === 1000000);
    const reused = await confirmQr(srv, qrcode);
    expect(reused.status).toBe(400);
    expect(await check({ key })).toMatchObject({
      status: 400,
      body: { result: '二维码已过期或已被使用，请刷新后重新扫码' },
    });
    socket.ws.close();
  });

  it("takes the WeChat user from the phone's identity, never from a cookie or a known openId", async () => {
    const victim = await scanAndConfirm();
    const victimLogin = await srv.call('POST', '/api/user/login/openid', victim);
    const victimId = (await srv.call('GET', '/api/user/info', undefined, bearer(victimLogin.body.data.token))).body.data
      .baseUserId;

    // The attacker knows the victim's openId: as a cookie, as an identity, or in the openid login.
    const { qrcode, socket, qrcodeSocket } = await openQrLogin(srv);
    const res = await fetch(`${srv.url}/api/wx/sandbox/${qrcodeSocket}/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: `wx_sandbox_openid=${victim.openId}` },
      body: JSON.stringify({
        key: new URL(qrcode).searchParams.get('key'),
        identity: `${victim.openId}-forged-identity`,
      }),
    });
    expect(res.headers.get('set-cookie')).toBeNull();
    expect((await res.json()).code).toBe(1000000);
    const pushed = (await socket.next((m) => (m as { code: number }).code === 1000000)) as { data: { openId: string } };
    socket.ws.close();
    expect(pushed.data.openId).not.toBe(victim.openId);
    const stolen = await srv.call('POST', '/api/user/login/openid', { openId: victim.openId, qrcodeSocket });
    expect(stolen.status).toBe(400);
    const own = await srv.call('POST', '/api/user/login/openid', { openId: pushed.data.openId, qrcodeSocket });
    const ownId = (await srv.call('GET', '/api/user/info', undefined, bearer(own.body.data.token))).body.data
      .baseUserId;
    expect(ownId).not.toBe(victimId);
  });

  it('pushes the login only to the page holding the listen key; a watcher of the QR id gets 4403', async () => {
    const { qrcodeSocket, qrcode, listenKey, socket } = await openQrLogin(srv);
    const watcher = await openSocket(srv.url, { taskId: qrcodeSocket });
    expect((await watcher.closed).code).toBe(4403);
    const guesser = await openSocket(srv.url, { taskId: qrcodeSocket, token: 'A'.repeat(43) });
    expect((await guesser.closed).code).toBe(4403);
    // Asking for the same QR id again does not hand out a new listen key (or confirm key).
    const rekey = await srv.call('POST', '/api/wx/wxacoden', { qrcodeSocket });
    expect(rekey).toMatchObject({ status: 400, body: { result: '该二维码编号已被使用，请刷新二维码' } });

    expect((await confirmQr(srv, qrcode)).body.code).toBe(1000000);
    await socket.next((m) => (m as { code: number }).code === 1000000);
    expect([...watcher.messages, ...guesser.messages]).toEqual([]);
    const second = await openSocket(srv.url, { taskId: qrcodeSocket, token: listenKey });
    await second.next(isConnected);
    second.ws.close();
    socket.ws.close();
  });
});

describe('profile self-service', () => {
  it('edits the nickname and a decoded avatar, refuses a fake image, adds e-mail to a WeChat account, deletes it', async () => {
    const { openId, qrcodeSocket } = await scanAndConfirm();
    const token = (await srv.call('POST', '/api/user/login/openid', { openId, qrcodeSocket })).body.data
      .token as string;
    const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#3a7' } })
      .png()
      .toBuffer();
    const saved = await srv.call(
      'POST',
      '/api/user/profile',
      { nickname: '小林', avatar: `data:image/png;base64,${png.toString('base64')}` },
      bearer(token),
    );
    expect(saved.body).toMatchObject({ code: 200, result: '资料已保存', data: { nickname: '小林' } });
    const avatar = await fetch(srv.url + saved.body.data.avatarUrl);
    expect(avatar.headers.get('content-type')).toBe('image/webp');
    expect((await sharp(Buffer.from(await avatar.arrayBuffer())).metadata()).width).toBe(256);

    const fake = Buffer.concat([png.subarray(0, 16), Buffer.alloc(200, 7)]);
    const refused = await srv.call(
      'POST',
      '/api/user/profile',
      { avatar: `data:image/png;base64,${fake.toString('base64')}` },
      bearer(token),
    );
    expect(refused.body.result).toBe('头像必须是 PNG、JPEG、GIF 或 WebP 图片，且不超过 512 KB');

    // No SMTP_URL here: the code goes to DATA_DIR/outbox as an .eml file.
    const send = await srv.call('GET', '/api/user/getEmailVerifycode?email=wx.user@example.com&type=bind');
    expect(send.body.data.resultCode).toBe('1');
    const outbox = path.join(srv.runtime.env.DATA_DIR, 'outbox');
    const eml = readFileSync(path.join(outbox, readdirSync(outbox).sort().at(-1) ?? ''), 'utf8');
    expect(eml).toMatch(/^To: wx\.user@example\.com$/m);
    const code = codeFrom(await simpleParser(eml));
    const bound = await srv.call(
      'POST',
      '/api/user/email/bind',
      { email: 'wx.user@example.com', code, password: 'secret123' },
      bearer(token),
    );
    expect(bound.body).toMatchObject({
      code: 200,
      data: { email: 'wx.user@example.com', hasPassword: true, wechatBound: true },
    });

    const wrong = await srv.call('POST', '/api/user/delete', { confirm: true, password: 'nope' }, bearer(token));
    expect(wrong.body.result).toBe('当前密码不正确');
    const gone = await srv.call('POST', '/api/user/delete', { confirm: true, password: 'secret123' }, bearer(token));
    expect(gone.body.result).toBe('账号已注销');
    expect((await srv.call('GET', '/api/user/info', undefined, bearer(token))).status).toBe(401);
    const relogin = await srv.call('POST', '/api/user/login/email', {
      username: 'wx.user@example.com',
      password: 'secret123',
    });
    expect(relogin.body.result).toBe('邮箱或密码错误');
    expect((await fetch(srv.url + saved.body.data.avatarUrl)).status).toBe(404);
  });
});
