import { createRoute } from '@hono/zod-openapi';
import { Code } from '../../../shared/codes';
import {
  loginQr,
  loginQrBody,
  qrcodeSocketParam,
  qrPending,
  sandboxCheckBody,
  sandboxConfirmBody,
  sandboxIdentity,
} from '../../../shared/contract/account';
import { DomainError } from '../../errors';
import { confirmSandboxLogin, createLoginQr, pendingWechatLogin } from '../../services/account/wechat-login';
import { access } from '../access';
import type { ApiApp } from '../context';
import { reply } from '../errors';
import { jsonBody, jsonResponses } from '../route-kit';

const tags = ['wx'];

export const qrRoute = createRoute({
  security: access.public,
  method: 'post',
  path: '/wx/wxacoden',
  tags,
  summary: 'QR for WeChat scan login; then listen on the socket with taskId=qrcodeSocket and token=listenKey',
  request: { body: jsonBody(loginQrBody) },
  responses: jsonResponses(loginQr, {
    1000000: 'QR created',
    400: 'qrcodeSocket already used (pick a new one)',
    503: 'WeChat could not be reached (result says so)',
  }),
});

export const confirmRoute = createRoute({
  security: access.public,
  method: 'post',
  path: '/wx/sandbox/{qrcodeSocket}/confirm',
  tags,
  summary: "Sandbox only: confirm the login with the QR's key, as the phone's sandbox WeChat user or a new one",
  request: { params: qrcodeSocketParam, body: jsonBody(sandboxConfirmBody) },
  responses: jsonResponses(sandboxIdentity, {
    1000000: 'confirmed and pushed; keep identity to come back as the same WeChat user',
    400: 'QR unknown, expired or used, or the key is wrong',
  }),
});

export const checkRoute = createRoute({
  security: access.public,
  method: 'post',
  path: '/wx/sandbox/{qrcodeSocket}/check',
  tags,
  summary: "Sandbox only: whether the QR's one-time key still confirms its login (changes nothing)",
  request: { params: qrcodeSocketParam, body: jsonBody(sandboxCheckBody) },
  responses: jsonResponses(qrPending, {
    1000000: 'the QR waits for this confirmation',
    400: 'QR unknown, expired or used, or the key is wrong',
  }),
});

export function registerWx(app: ApiApp) {
  app.openapi(qrRoute, async (c) => {
    const rt = c.get('runtime');
    const qr = await createLoginQr(rt, c.req.valid('json').qrcodeSocket);
    return reply(
      c,
      {
        filePath: qr.filePath,
        qrcode: qr.qrcode,
        expiresIn: qr.expiresInSeconds,
        sandbox: rt.wechat.mode === 'sandbox',
        listenKey: qr.listenKey,
      },
      'success',
      Code.SUCCESS,
    );
  });

  // The sandbox page asks before it offers 'confirm'; the key travels in the body, out of every log.
  app.openapi(checkRoute, async (c) => {
    const rt = c.get('runtime');
    if (rt.wechat.mode !== 'sandbox') throw new DomainError(Code.NOT_FOUND, 'error.notFound', { status: 404 });
    const state = await pendingWechatLogin(rt, c.req.valid('param').qrcodeSocket, c.req.valid('json').key);
    if (state !== 'pending') throw new DomainError(Code.BAD_REQUEST, 'account:wx.qrExpired', { status: 400 });
    return reply(c, { pending: true as const }, 'success', Code.SUCCESS);
  });

  app.openapi(confirmRoute, async (c) => {
    const rt = c.get('runtime');
    if (rt.wechat.mode !== 'sandbox') throw new DomainError(Code.NOT_FOUND, 'error.notFound', { status: 404 });
    const { key, identity } = c.req.valid('json');
    const done = await confirmSandboxLogin(rt, { qrcodeSocket: c.req.valid('param').qrcodeSocket, key, identity });
    if (!done) throw new DomainError(Code.BAD_REQUEST, 'account:wx.qrExpired', { status: 400 });
    return reply(c, done, c.get('t')('account:wx.confirmed'), Code.SUCCESS);
  });
}
