import { z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { type ApiReply, Code } from '../../../shared/codes';
import type { NotifyAck, PaymentProvider } from '../../providers/payment';
import { applyNotify } from '../../services/shop/notify';
import { access } from '../access';
import type { ApiApp, ApiEnv } from '../context';
import { rawText } from '../validation';

const WECHAT = '/pay/wechat/notify';
const ALIPAY = '/pay/alipay/notify';
/** Real notifies are a few KB; anything bigger is not from a payment service. */
const MAX_NOTIFY = 64 * 1024;
// Documentation only: the routes read the signed body raw. The shapes are still the shared ones.
const text = (max: number) => rawText(max);

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
  const fail = z.object({ code: z.literal('FAIL'), message: z.string() });
  app.openAPIRegistry.registerPath({
    // No site credential: the payment service's signature is checked by the handler.
    security: access.public,
    method: 'post',
    path: WECHAT,
    tags: ['payment'],
    summary: 'WeChat Pay 支付通知 (API v3): signed by the WeChat Pay public key, resource encrypted with the APIv3 key',
    request: {
      headers: z.object({
        'wechatpay-signature': text(512),
        'wechatpay-timestamp': text(16),
        'wechatpay-nonce': text(64),
        'wechatpay-serial': text(64),
      }),
      body: {
        required: true,
        content: {
          'application/json': {
            schema: z.object({
              id: text(64),
              event_type: text(64),
              resource_type: text(32),
              resource: z.object({
                algorithm: text(32),
                ciphertext: text(MAX_NOTIFY),
                nonce: text(32),
                associated_data: text(64).optional(),
                original_type: text(32).optional(),
              }),
            }),
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
            schema: z.object({
              app_id: text(32),
              out_trade_no: text(64),
              trade_no: text(64),
              trade_status: text(32),
              total_amount: text(16),
              sign_type: text(10),
              sign: text(1024),
            }),
          },
        },
      },
    },
    responses: {
      200: {
        description: "'success' when handled, 'fail' otherwise (Alipay retries)",
        content: { 'text/plain': { schema: z.enum(['success', 'fail']) } },
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
      const parsed = pay.parseNotify(await c.req.text(), (name) => c.req.header(name));
      if (!parsed.ok) {
        rt.log.warn('payment notify refused', { mode, reason: parsed.reason, ip: c.get('ip') });
        return send(c, pay.ack(parsed.refusal, parsed.reason));
      }
      try {
        const done = await applyNotify(rt, parsed.event, mode);
        return send(c, done.ok ? pay.ack('ok') : pay.ack('rejected', done.outcome));
      } catch (err) {
        rt.log.error('payment notify failed', { mode, err: (err as Error).message });
        return send(c, pay.ack('error'));
      }
    });
  }
}
