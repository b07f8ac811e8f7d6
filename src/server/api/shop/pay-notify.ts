import { z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { type ApiReply, Code } from '../../../shared/codes';
import type { PaymentProvider } from '../../providers/payment';
import { isAlipay, yuanToFen } from '../../providers/payment/alipay';
import { isWechatPay } from '../../providers/payment/wechatpay';
import { markPaid } from '../../services/shop/mark-paid';
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

/** WeChat Pay retries a notify until it gets 2xx; its documented failure body is {code:'FAIL', message}. */
function wxFail(c: Context<ApiEnv>, status: 400 | 401 | 413 | 500, message: string) {
  return c.json({ code: 'FAIL', message }, status);
}

/**
 * A notify route exists only while its provider is the active one; otherwise
 * it answers exactly like an unknown path. The body is read raw (never
 * through a validator) because the signature covers its exact bytes.
 */
function guard(
  app: ApiApp,
  path: string,
  active: (p: PaymentProvider) => boolean,
  tooLarge: (c: Context<ApiEnv>) => Response,
) {
  app.use(path, async (c, next) => {
    if (!active(c.get('runtime').payment)) return notFound(c);
    await next();
  });
  app.use(path, bodyLimit({ maxSize: MAX_NOTIFY, onError: tooLarge }));
}

function document(app: ApiApp) {
  const fail = z.object({ code: z.literal('FAIL'), message: z.string() });
  app.openAPIRegistry.registerPath({
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
  guard(app, WECHAT, isWechatPay, (c) => wxFail(c, 413, 'body too large'));
  guard(app, ALIPAY, isAlipay, (c) => c.text('fail', 413));
  document(app);

  app.post(WECHAT, async (c) => {
    const rt = c.get('runtime');
    const pay = rt.payment;
    if (!isWechatPay(pay)) return notFound(c);
    const opened = pay.openNotify((name) => c.req.header(name), await c.req.text());
    if (!opened.ok) {
      rt.log.warn('WeChat Pay notify refused', { reason: opened.reason, ip: c.get('ip') });
      return opened.reason === 'format' ? wxFail(c, 400, 'malformed') : wxFail(c, 401, `refused: ${opened.reason}`);
    }
    const t = opened.transaction;
    if (!t) {
      rt.log.info('WeChat Pay notify ignored', { event: opened.event });
      return c.body(null, 204);
    }
    if (t.trade_state !== 'SUCCESS' || !t.amount) {
      rt.log.warn('WeChat Pay notify refused', { reason: 'not a successful payment', orderNo: t.out_trade_no });
      return wxFail(c, 400, 'not a successful payment');
    }
    try {
      const outcome = await markPaid(rt, t.out_trade_no, {
        amount: t.amount.total,
        source: 'wechatpay',
        tradeNo: t.transaction_id,
      });
      rt.log.info('WeChat Pay notify', { orderNo: t.out_trade_no, outcome });
      return outcome === 'paid' || outcome === 'already' ? c.body(null, 204) : wxFail(c, 400, outcome);
    } catch (err) {
      rt.log.error('WeChat Pay notify failed', { orderNo: t.out_trade_no, err: (err as Error).message });
      return wxFail(c, 500, 'internal error');
    }
  });

  app.post(ALIPAY, async (c) => {
    const rt = c.get('runtime');
    const pay = rt.payment;
    if (!isAlipay(pay)) return notFound(c);
    const params = new URLSearchParams(await c.req.text());
    const refused = !pay.verifyNotify(params) ? 'sign' : params.get('app_id') !== pay.appId ? 'app_id' : null;
    if (refused) {
      rt.log.warn('Alipay notify refused', { reason: refused, ip: c.get('ip') });
      return c.text('fail');
    }
    const status = params.get('trade_status') ?? '';
    // WAIT_BUYER_PAY, TRADE_CLOSED: nothing to record, but answered so Alipay stops resending.
    if (status !== 'TRADE_SUCCESS' && status !== 'TRADE_FINISHED') return c.text('success');
    const orderNo = params.get('out_trade_no') ?? '';
    const amount = yuanToFen(params.get('total_amount') ?? '');
    if (amount === null) {
      rt.log.warn('Alipay notify refused', { reason: 'total_amount', orderNo });
      return c.text('fail');
    }
    try {
      const outcome = await markPaid(rt, orderNo, {
        amount,
        source: 'alipay',
        tradeNo: params.get('trade_no') ?? undefined,
      });
      rt.log.info('Alipay notify', { orderNo, outcome });
      return c.text(outcome === 'paid' || outcome === 'already' ? 'success' : 'fail');
    } catch (err) {
      rt.log.error('Alipay notify failed', { orderNo, err: (err as Error).message });
      return c.text('fail', 500);
    }
  });
}
