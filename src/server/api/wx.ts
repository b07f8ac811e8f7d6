import { randomBytes } from 'node:crypto';
import { createRoute, z } from '@hono/zod-openapi';
import { getCookie, setCookie } from 'hono/cookie';
import { Code } from '../../lib/codes';
import { confirmWechatLogin, createLoginQr } from '../services/wechat-login';
import type { ApiApp } from './context';
import { ApiError, reply } from './errors';
import { jsonBody, jsonResponses } from './route-kit';
import { openId as openIdSchema, qrcodeSocket } from './user/user.schemas';

const tags = ['wx'];
/** The sandbox plays one WeChat user per phone browser, remembered in this cookie. */
const SANDBOX_COOKIE = 'wx_sandbox_openid';

const qrRoute = createRoute({
  method: 'post',
  path: '/wx/wxacoden',
  tags,
  summary: 'QR for WeChat scan login; then listen on the socket with taskId=qrcodeSocket',
  request: { body: jsonBody(z.object({ qrcodeSocket })) },
  responses: jsonResponses(
    z.object({ filePath: z.string(), qrcode: z.string().optional(), expiresIn: z.number(), sandbox: z.boolean() }),
    {
      1000000: 'QR created',
      503: 'WeChat could not be reached (result says so)',
    },
  ),
});

const confirmRoute = createRoute({
  method: 'post',
  path: '/wx/sandbox/{qrcodeSocket}/confirm',
  tags,
  summary: 'Sandbox only: confirm the login as the WeChat user of this phone browser',
  request: { params: z.object({ qrcodeSocket }) },
  responses: jsonResponses(z.object({ openId: z.string() }), {
    1000000: 'confirmed and pushed',
    400: 'QR unknown, expired or used',
  }),
});

export function registerWx(app: ApiApp) {
  app.openapi(qrRoute, async (c) => {
    const rt = c.get('runtime');
    let qr: Awaited<ReturnType<typeof createLoginQr>>;
    try {
      qr = await createLoginQr(rt, c.req.valid('json').qrcodeSocket);
    } catch (err) {
      rt.log.error('wechat QR failed', { err: (err as Error).message });
      throw new ApiError(Code.UNAVAILABLE, 'account:wx.qrFailed', { status: 503 });
    }
    return reply(
      c,
      {
        filePath: qr.filePath,
        qrcode: qr.qrcode,
        expiresIn: qr.expiresInSeconds,
        sandbox: rt.wechat.mode === 'sandbox',
      },
      'success',
      Code.SUCCESS,
    );
  });

  app.openapi(confirmRoute, async (c) => {
    const rt = c.get('runtime');
    if (rt.wechat.mode !== 'sandbox') throw new ApiError(Code.NOT_FOUND, 'error.notFound', { status: 404 });
    const known = getCookie(c, SANDBOX_COOKIE);
    const openId =
      known && openIdSchema.safeParse(known).success ? known : `sandbox-${randomBytes(12).toString('hex')}`;
    setCookie(c, SANDBOX_COOKIE, openId, { path: '/', httpOnly: true, sameSite: 'Lax', maxAge: 365 * 86_400 });
    if (!(await confirmWechatLogin(rt, c.req.valid('param').qrcodeSocket, openId)))
      throw new ApiError(Code.BAD_REQUEST, 'account:wx.qrExpired', { status: 400 });
    return reply(c, { openId }, c.get('t')('account:wx.confirmed'), Code.SUCCESS);
  });
}
