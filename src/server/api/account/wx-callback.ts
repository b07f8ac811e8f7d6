import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { ApiReply } from '../../../shared/codes';
import { MAX_EVENT_XML, wechatEventQuery, wechatEventXml, wechatVerifyQuery } from '../../../shared/contract/account';
import { fileBody, noData } from '../../../shared/contract/common';
import { parseEventXml, sceneFromEvent, textReplyXml, verifySignature } from '../../providers/wechat/callback';
import { confirmWechatLogin } from '../../services/account/wechat-login';
import { access } from '../access';
import type { ApiApp, ApiEnv } from '../context';
import { replySchema } from '../reply-schema';

const PATH = '/wx/callback';
const errorReply = replySchema(noData);
const OPEN_ID = /^[\w-]{1,64}$/;

const errors = {
  403: { description: 'Signature missing, wrong or stale', content: { 'application/json': { schema: errorReply } } },
  404: {
    description: 'The official account is not configured',
    content: { 'application/json': { schema: errorReply } },
  },
};

export const verifyRoute = createRoute({
  security: access.public,
  method: 'get',
  path: PATH,
  tags: ['wechat'],
  summary: "WeChat's server URL check (接入指南): echoes echostr when the signature verifies",
  request: { query: wechatVerifyQuery },
  responses: {
    200: { description: 'echostr, as plain text', content: { 'text/plain': { schema: fileBody } } },
    ...errors,
  },
});

export const eventRoute = createRoute({
  security: access.public,
  method: 'post',
  path: PATH,
  tags: ['wechat'],
  summary: 'WeChat event push (plaintext mode): a scan of a login QR confirms that login',
  request: {
    query: wechatEventQuery,
    body: { content: { 'text/xml': { schema: wechatEventXml } }, required: true },
  },
  responses: {
    200: {
      description: "A passive text reply to the scanning user, or 'success' for anything else",
      content: { 'application/xml': { schema: fileBody }, 'text/plain': { schema: fileBody } },
    },
    413: { description: 'Body over 64 KB', content: { 'application/json': { schema: errorReply } } },
    ...errors,
  },
});

function fail<S extends 403 | 404 | 413>(c: Context<ApiEnv>, status: S, key: string) {
  return c.json({ code: status, result: c.get('t')(key), data: null } satisfies ApiReply, status);
}

function signed(c: Context<ApiEnv>, q: { signature: string; timestamp: string; nonce: string }) {
  return verifySignature(c.get('runtime').env.WECHAT_MP_TOKEN ?? '', q.timestamp, q.nonce, q.signature);
}

export function registerWxCallback(app: ApiApp) {
  // Without an official account nobody may learn these routes exist, nor reach
  // their validation: answer exactly like an unknown path.
  app.use(PATH, async (c, next) => {
    if (c.get('runtime').wechat.mode !== 'official' || !c.get('runtime').env.WECHAT_MP_TOKEN) {
      return fail(c, 404, 'error.notFound');
    }
    await next();
  });
  app.use(PATH, bodyLimit({ maxSize: MAX_EVENT_XML, onError: (c) => fail(c, 413, 'error.payloadTooLarge') }));

  app.openapi(verifyRoute, (c) => {
    const q = c.req.valid('query');
    if (!signed(c, q)) return fail(c, 403, 'wx.badSignature');
    return c.text(q.echostr, 200);
  });

  app.openapi(eventRoute, async (c) => {
    const q = c.req.valid('query');
    if (!signed(c, q)) return fail(c, 403, 'wx.badSignature');
    const rt = c.get('runtime');
    const evt = parseEventXml(await c.req.text());
    const scene = evt ? sceneFromEvent(evt) : null;
    if (!evt || !scene || !OPEN_ID.test(evt.fromUser)) {
      if (!evt && q.encrypt_type === 'aes') {
        rt.log.warn('WeChat event is encrypted: set the official account to plaintext (明文) mode');
      }
      // WeChat's documented "handled, no reply" answer; anything else makes it retry or warn the user.
      return c.text('success', 200);
    }
    const confirmed = await confirmWechatLogin(rt, scene, evt.fromUser);
    rt.log.info('WeChat login scan', { event: evt.event, confirmed });
    // The scanning user reads this in WeChat; the request carries no language of theirs.
    const content = c.get('t')(confirmed ? 'wx.scanConfirmed' : 'wx.scanExpired', { lng: 'zh-CN' });
    return c.body(textReplyXml(evt, content), 200, { 'content-type': 'application/xml; charset=utf-8' });
  });
}
