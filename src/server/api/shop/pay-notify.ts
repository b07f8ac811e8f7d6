import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { type ApiReply, Code } from '../../../shared/codes';
import {
  alipayAck,
  alipayNotify,
  wechatPayFail as fail,
  MAX_NOTIFY,
  wechatPayHeaders,
  wechatPayNotify,
} from '../../../shared/contract/shop';
import type { NotifyAck, PaymentProvider } from '../../providers/payment';
import { receiveNotify } from '../../services/shop/notify';
import { access } from '../access';
import type { ApiApp, ApiEnv } from '../context';

const WECHAT = '/pay/wechat/notify';
const ALIPAY = '/pay/alipay/notify';

function notFound(c: Context<ApiEnv>) {
  return c.json({ code: Code.NOT_FOUND, result: c.get('t')('error.notFound'), data: null } satisfies ApiReply, 404);
}

/** The provider's own form of answer (WeChat Pay: 204 or {code:'FAIL'}; Alipay: the text success/fail). */
function send(c: Context<ApiEnv>, ack: NotifyAck) {
  if (ack.status === 204) return c.body(null, 204);
  return c.body(ack.body, ack.status, ack.contentType ? { 'content-type': ack.contentType } : {});
}

/**
 * A notify route exists only while its provider is the active one; otherwise
 * it answers exactly like an unknown path. The body is read raw (never
 * through a validator) because the signature covers its exact bytes.
 */
function guard(app: ApiApp, path: string, mode: PaymentProvider['mode']) {
  app.use(path, async (c, next) => {
    if (c.get('runtime').payment.mode !== mode) return notFound(c);
    await next();
  });
  app.use(path, bodyLimit({ maxSize: MAX_NOTIFY, onError: (c) => send(c, c.get('runtime').payment.ack('tooLarge')) }));
}

function document(app: ApiApp) {
  app.openAPIRegistry.registerPath({
    // No site credential: the payment service's signature is checked by the handler.
    security: access.public,
    method: 'post',
    path: WECHAT,
    tags: ['payment'],
    summary: 'WeChat Pay 支付通知 (API v3): signed by the WeChat Pay public key, resource encrypted with the APIv3 key',
    request: {
      headers: wechatPayHeaders,
      body: {
        required: true,
        content: {
          'application/json': {
            schema: wechatPayNotify,
          },
        },
      },
    },
    responses: {
      204: { description: 'Accepted (also for a notify already handled)' },
      400: {
        description: 'Unknown order, amount mismatch or malformed: WeChat Pay retries',
        content: { 'application/json': { schema: fail } },
      },
      401: { description: 'Signature, serial or timestamp refused', content: { 'application/json': { schema: fail } } },
    },
  });
  app.openAPIRegistry.registerPath({
    // No site credential: the payment service's signature is checked by the handler.
    security: access.public,
    method: 'post',
    path: ALIPAY,
    tags: ['payment'],
    summary: 'Alipay 异步通知: form fields signed RSA2 with the Alipay private key',
    request: {
      body: {
        required: true,
        content: {
          'application/x-www-form-urlencoded': {
            schema: alipayNotify,
          },
        },
      },
    },
    responses: {
      200: {
        description: "'success' when handled, 'fail' otherwise (Alipay retries)",
        content: { 'text/plain': { schema: alipayAck } },
      },
    },
  });
}

export function registerPayNotify(app: ApiApp) {
  guard(app, WECHAT, 'wechatpay');
  guard(app, ALIPAY, 'alipay');
  document(app);

  for (const [path, mode] of [
    [WECHAT, 'wechatpay'],
    [ALIPAY, 'alipay'],
  ] as const) {
    app.post(path, async (c) => {
      const rt = c.get('runtime');
      const pay = rt.payment;
      if (pay.mode !== mode) return notFound(c);
      const body = await c.req.text();
      return send(c, await receiveNotify(rt, body, (name) => c.req.header(name), c.get('ip')));
    });
  }
}
