import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wxLogins } from '../../../src/server/db/schema';
import { pendingWechatLogin } from '../../../src/server/services/account/wechat-login';
import { startTestServer, type TestServer } from '../helpers';
import { socketId as scene } from '../sandbox-helpers';
import { isConnected, openSocket, type TestSocket } from '../socket-helpers';
import { eventXml, type FakeWechat, signedQuery, startWechatServer } from './fake-wechat';

const MP_TOKEN = 'mp-token-for-tests';
const SCANNED = '扫码成功，请返回网页继续';
const EXPIRED = '二维码已过期，请在网页上刷新后重新扫码';

let fake: FakeWechat;
let srv: TestServer;
let close = async () => {};
beforeAll(async () => {
  ({ fake, srv, close } = await startWechatServer(MP_TOKEN));
});
afterAll(() => close());

const signed = (extra: Record<string, string> = {}, token = MP_TOKEN, ts?: number) => signedQuery(token, extra, ts);

const push = (query: string, xml: string) =>
  fetch(`${srv.url}/api/wx/callback${query}`, { method: 'POST', headers: { 'content-type': 'text/xml' }, body: xml });

async function expectLoginPush(socket: TestSocket, openId: string) {
  const pushed = await socket.next((m) => (m as { code?: number }).code === 1000000);
  expect(pushed).toEqual({ code: 1000000, data: { openId } });
  socket.ws.close();
}

async function qrWithSocket() {
  const qrcodeSocket = scene();
  const qr = await srv.call('POST', '/api/wx/wxacoden', { qrcodeSocket });
  expect(qr.body.code, JSON.stringify(qr.body)).toBe(1000000);
  const socket = await openSocket(srv.url, { taskId: qrcodeSocket, token: qr.body.data.listenKey });
  await socket.next(isConnected);
  return { qrcodeSocket, socket };
}

describe('WeChat login through the official account', () => {
  it("serves the QR from /api/wx/wxacoden as a data: URL of WeChat's QR content", async () => {
    const qrcodeSocket = scene();
    const res = await srv.call('POST', '/api/wx/wxacoden', { qrcodeSocket });
    expect(res.body.code).toBe(1000000);
    expect(res.body.data).toMatchObject({ qrcode: fake.qrUrl(qrcodeSocket), sandbox: false });
    expect(res.body.data.filePath).toMatch(/^data:image\/png;base64,/);
    expect((await srv.call('GET', '/api/health')).body.data.providers.wechat).toBe('official');
  });

  it('answers 503 when WeChat refuses to make the QR', async () => {
    fake.failNextQr(45009, 'reach max api daily quota limit');
    const res = await srv.call('POST', '/api/wx/wxacoden', { qrcodeSocket: scene() });
    expect(res.status).toBe(503);
    expect(res.body.result).toBe('获取登录二维码失败，请稍后重试');
  });

  it("answers WeChat's server URL check only with a good signature", async () => {
    const ok = await fetch(`${srv.url}/api/wx/callback${signed({ echostr: '5838479218127813673' })}`);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await ok.text()).toBe('5838479218127813673');
    const stale = Math.floor(Date.now() / 1000) - 600;
    for (const query of [
      signed({ echostr: 'x' }, 'wrong-token'),
      signed({ echostr: 'x' }, MP_TOKEN, stale),
      '?echostr=x',
    ]) {
      const res = await srv.call('GET', `/api/wx/callback${query}`);
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ code: 403, result: '签名校验失败', data: null });
    }
  });

  it('a signed SCAN pushes the openId to the waiting browser, which can then log in', async () => {
    const { qrcodeSocket, socket } = await qrWithSocket();
    const openId = 'oFake_scanner-0001';
    const res = await push(signed({ openid: openId }), eventXml(openId, 'SCAN', qrcodeSocket));
    expect(res.headers.get('content-type')).toMatch(/xml/);
    const xml = await res.text();
    expect(xml).toContain(`<ToUserName><![CDATA[${openId}]]></ToUserName>`);
    expect(xml).toContain('<FromUserName><![CDATA[gh_miaobi]]></FromUserName>');
    expect(xml).toContain(`<MsgType><![CDATA[text]]></MsgType><Content><![CDATA[${SCANNED}]]></Content>`);
    await expectLoginPush(socket, openId);
    const login = await srv.call('POST', '/api/user/login/openid', { openId, qrcodeSocket });
    expect(login.body.code, JSON.stringify(login.body)).toBe(200);
  });

  it('a subscribe with qrscene_ confirms too', async () => {
    const { qrcodeSocket, socket } = await qrWithSocket();
    const openId = 'oFake_follower-0002';
    const res = await push(signed(), eventXml(openId, 'subscribe', `qrscene_${qrcodeSocket}`));
    expect(await res.text()).toContain(SCANNED);
    await expectLoginPush(socket, openId);
  });

  it('an unsigned or forged event changes nothing and pushes nothing', async () => {
    const { qrcodeSocket, socket } = await qrWithSocket();
    const xml = eventXml('oAttacker-000003', 'SCAN', qrcodeSocket);
    for (const query of ['', signed({}, 'guessed-token'), signed().replace(/signature=\w{8}/, 'signature=00000000')]) {
      const res = await push(query, xml);
      expect(res.status).toBe(403);
    }
    expect(await pendingWechatLogin(srv.runtime, qrcodeSocket)).toBe('pending');
    // A signed scan after them: pushes reach a socket in order, so anything the forged ones pushed comes first.
    const openId = 'oGenuine-scan-0003';
    await push(signed({ openid: openId }), eventXml(openId, 'SCAN', qrcodeSocket));
    await expectLoginPush(socket, openId);
    expect(socket.messages.filter((m) => !isConnected(m))).toEqual([{ code: 1000000, data: { openId } }]);
  });

  it('an unknown or expired scene gets the expired reply', async () => {
    const unknown = await push(signed(), eventXml('oLate-0000004', 'SCAN', scene()));
    expect(await unknown.text()).toContain(EXPIRED);
    const { qrcodeSocket, socket } = await qrWithSocket();
    await srv.runtime.database.db
      .update(wxLogins)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(wxLogins.qrcodeSocket, qrcodeSocket));
    const expired = await push(signed(), eventXml('oLate-0000004', 'subscribe', `qrscene_${qrcodeSocket}`));
    expect(await expired.text()).toContain(EXPIRED);
    expect(socket.messages.filter((m) => !isConnected(m))).toEqual([]);
    socket.ws.close();
  });

  it("answers 'success' to anything else, and 413 to an oversized body", async () => {
    for (const xml of [
      eventXml('oUser-0000005', 'unsubscribe', ''),
      eventXml('oUser-0000005', 'subscribe', ''),
      eventXml('oUser-0000005', 'SCAN', 'not-a-scene'),
      eventXml('oUser-0000005', '', '', 'text'),
      'not xml at all',
    ]) {
      const res = await push(signed(), xml);
      expect(res.status).toBe(200);
      expect(await res.text()).toBe('success');
    }
    const big = await push(signed(), `<xml>${'x'.repeat(70 * 1024)}</xml>`);
    expect(big.status).toBe(413);
  });

  it('documents the callback with bounded inputs', async () => {
    const doc = (await srv.call('GET', '/api/openapi.json')).body;
    const ops = doc.paths['/api/wx/callback'];
    for (const op of [ops.get, ops.post]) {
      for (const p of op.parameters) expect(p.schema.maxLength, p.name).toBeGreaterThan(0);
    }
    expect(ops.post.requestBody.content['text/xml'].schema.maxLength).toBe(64 * 1024);
  });
});

describe('without an official account', () => {
  it('hides the callback like an unknown path', async () => {
    const plain = await startTestServer();
    try {
      for (const method of ['GET', 'POST']) {
        const res = await plain.call(method, `/api/wx/callback${signed({ echostr: 'x' })}`);
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ code: 404, result: '请求的接口不存在', data: null });
      }
    } finally {
      await plain.dispose();
    }
  });
});
