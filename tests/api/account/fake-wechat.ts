import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { signParams } from '../../../src/server/providers/wechat/callback';
import { startTestServer, type TestServer } from '../helpers';

export const APP_ID = 'wx0123456789abcdef';
export const APP_SECRET = 'secret-0123456789abcdef0123456789';

export interface FakeWechat {
  url: string;
  /** Calls to /cgi-bin/token, successful or not. */
  tokenCalls: number;
  /** Accepted qrcode/create bodies. */
  qrBodies: unknown[];
  /** Makes the current token answer 42001 (expired) on its next use only. */
  expireCurrentToken(): void;
  /** The next qrcode/create call answers this error instead. */
  failNextQr(errcode: number, errmsg: string): void;
  /** While on, every token is refused with 40001. */
  rejectAllTokens(on: boolean): void;
  /** The URL WeChat's reply names for a scene: the text the QR encodes. */
  qrUrl(scene: string): string;
  close(): Promise<void>;
}

/** The query WeChat adds to each call to our server URL, signed with token. */
export function signedQuery(token: string, extra: Record<string, string> = {}, ts = Math.floor(Date.now() / 1000)) {
  const timestamp = String(ts);
  const nonce = String(Math.floor(Math.random() * 1e9));
  return `?${new URLSearchParams({ signature: signParams(token, timestamp, nonce), timestamp, nonce, ...extra })}`;
}

/** An event push in WeChat's plaintext XML format. */
export function eventXml(openId: string, event: string, eventKey: string, msgType = 'event') {
  return (
    `<xml><ToUserName><![CDATA[gh_miaobi]]></ToUserName><FromUserName><![CDATA[${openId}]]></FromUserName>` +
    `<CreateTime>${Math.floor(Date.now() / 1000)}</CreateTime><MsgType><![CDATA[${msgType}]]></MsgType>` +
    `<Event><![CDATA[${event}]]></Event><EventKey><![CDATA[${eventKey}]]></EventKey><Ticket><![CDATA[gQ]]></Ticket></xml>`
  );
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    return null;
  }
}

function validQrBody(body: unknown): boolean {
  const b = body as {
    expire_seconds?: unknown;
    action_name?: unknown;
    action_info?: { scene?: { scene_str?: unknown } };
  };
  const scene = b?.action_info?.scene?.scene_str;
  return (
    b?.action_name === 'QR_STR_SCENE' &&
    typeof b.expire_seconds === 'number' &&
    b.expire_seconds > 0 &&
    b.expire_seconds <= 2_592_000 &&
    typeof scene === 'string' &&
    scene.length >= 1 &&
    scene.length <= 64
  );
}

/** A loopback server answering WeChat's documented access_token and 生成带参数的二维码 formats. */
export async function startFakeWechat(): Promise<FakeWechat> {
  let tokenSeq = 0;
  let current = '';
  let expireOnce = '';
  let nextQrError: { errcode: number; errmsg: string } | null = null;
  let rejectAll = false;
  const qrUrl = (scene: string) => `http://weixin.qq.com/q/02fake${scene}`;

  const fake: Omit<FakeWechat, 'url' | 'close'> = {
    tokenCalls: 0,
    qrBodies: [],
    expireCurrentToken: () => {
      expireOnce = current;
    },
    failNextQr: (errcode, errmsg) => {
      nextQrError = { errcode, errmsg };
    },
    rejectAllTokens: (on) => {
      rejectAll = on;
    },
    qrUrl,
  };

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const send = (body: unknown) =>
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    const q = url.searchParams;
    if (req.method === 'GET' && url.pathname === '/cgi-bin/token') {
      fake.tokenCalls++;
      if (q.get('grant_type') !== 'client_credential') return send({ errcode: 40002, errmsg: 'invalid grant_type' });
      if (q.get('appid') !== APP_ID) return send({ errcode: 40013, errmsg: 'invalid appid' });
      if (q.get('secret') !== APP_SECRET) return send({ errcode: 40125, errmsg: 'invalid appsecret' });
      current = `ACCESS_TOKEN_${++tokenSeq}`;
      return send({ access_token: current, expires_in: 7200 });
    }
    if (req.method === 'POST' && url.pathname === '/cgi-bin/qrcode/create') {
      const token = q.get('access_token') ?? '';
      const body = await readJson(req);
      if (rejectAll || token !== current) return send({ errcode: 40001, errmsg: 'invalid credential' });
      if (token === expireOnce) {
        expireOnce = '';
        return send({ errcode: 42001, errmsg: 'access_token expired' });
      }
      if (nextQrError) {
        const err = nextQrError;
        nextQrError = null;
        return send(err);
      }
      if (!validQrBody(body)) return send({ errcode: 40053, errmsg: 'invalid action info' });
      fake.qrBodies.push(body);
      const { expire_seconds, action_info } = body as {
        expire_seconds: number;
        action_info: { scene: { scene_str: string } };
      };
      const scene = action_info.scene.scene_str;
      return send({ ticket: `gQFake${scene}`, expire_seconds, url: qrUrl(scene) });
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

/**
 * A fresh fake WeChat and a test server whose official-account provider talks
 * to it, its callback signed with mpToken. close() stops both.
 */
export async function startWechatServer(
  mpToken: string,
  extraEnv: Record<string, string> = {},
): Promise<{ fake: FakeWechat; srv: TestServer; close(): Promise<void> }> {
  const fake = await startFakeWechat();
  const srv = await startTestServer({
    WECHAT_MP_APPID: APP_ID,
    WECHAT_MP_SECRET: APP_SECRET,
    WECHAT_MP_TOKEN: mpToken,
    WECHAT_API_BASE: fake.url,
    ...extraEnv,
  }).catch(async (err) => {
    await fake.close();
    throw err;
  });
  return {
    fake,
    srv,
    async close() {
      await srv.dispose();
      await fake.close();
    },
  };
}
