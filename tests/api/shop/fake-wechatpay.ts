import { createVerify, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Bills, billApi, encrypt, parseAuthorization } from './fake-wechatpay-parts';
import { type PemPair, readBody, rsaPair, sha256Sign } from './pay-helpers';
import { API_V3_KEY, APPID, codeUrl, MCHID, PUBLIC_KEY_ID, SERIAL_NO } from './wechatpay-merchant';

interface FakeOrder {
  body: Record<string, unknown>;
  total: number;
  /** REFUND (转入退款) once a refund of it was accepted. */
  state: 'NOTPAY' | 'SUCCESS' | 'CLOSED' | 'REFUND';
  transactionId?: string;
}

export interface NotifyOptions {
  total?: number;
  eventType?: string;
  /** Signed with a key that is not WeChat Pay's. */
  forge?: boolean;
  serial?: string;
  timestamp?: number;
  /** Encrypted with another APIv3 key, so it cannot be decrypted (but is signed correctly). */
  wrongKey?: boolean;
  /** Body changed after signing. */
  tamper?: boolean;
}

export interface FakeRefund {
  out_trade_no: string;
  refund: number;
  total: number;
  status: 'PROCESSING' | 'SUCCESS' | 'CLOSED' | 'ABNORMAL';
  refund_id: string;
  /** How many 申请退款 requests carried this out_refund_no. */
  requests: number;
}

/**
 * A loopback WeChat Pay API v3: Native 下单, 查询订单 by out_trade_no, 关闭订单,
 * each checking the merchant's request signature and answering signed with
 * the 微信支付公钥 mode's key; and it builds notifies as WeChat Pay sends them.
 */
export async function startFakeWechatPay() {
  const merchant: PemPair = rsaPair();
  const platform: PemPair = rsaPair();
  const orders = new Map<string, FakeOrder>();
  const state = {
    /** Requests whose signature verified, as "METHOD path". */
    verified: [] as string[],
    refusedAuth: 0,
    closed: [] as string[],
    /** The next reply is signed with the wrong key. */
    forgeNextReply: false,
    /** The next Native order is refused, as WeChat Pay refuses a bad parameter. */
    refuseNextOrder: false,
    /** The refusal's code. */
    refusalCode: 'PARAM_ERROR',
    /** What 申请退款 answers for a new refund: PROCESSING as WeChat Pay usually does, or SUCCESS at once. */
    refundStatus: 'PROCESSING' as 'PROCESSING' | 'SUCCESS',
    // 申请退款 records new refunds but never answers them (a crash's window: the service made the refund,
    // the merchant never heard); held replies are dropped when this is switched off.
    holdRefundReplies: false,
    /** A refund asked again this many times turns SUCCESS at that ask (WeChat Pay finished it meanwhile). */
    settleOnRequest: 0,
    /** A refund asked again is answered this much later (a slow service). */
    refundReplyDelayMs: 0,
    /** 关闭订单 answers 500 (the order stays open at WeChat Pay). */
    failClose: false,
  };
  const bills: Bills = new Map();
  /** Refunds by out_refund_no: the same number again is the same refund, never a second one. */
  const refunds = new Map<string, FakeRefund>();

  const signedHeaders = (body: string, privatePem = platform.privatePem, at = Math.floor(Date.now() / 1000)) => {
    const timestamp = String(at);
    const nonce = randomBytes(16).toString('hex');
    return {
      'Wechatpay-Timestamp': timestamp,
      'Wechatpay-Nonce': nonce,
      'Wechatpay-Serial': PUBLIC_KEY_ID,
      'Wechatpay-Signature': sha256Sign(`${timestamp}\n${nonce}\n${body}\n`, privatePem),
    };
  };

  const transaction = (orderNo: string, o: FakeOrder, total = o.total) => ({
    appid: APPID,
    mchid: MCHID,
    out_trade_no: orderNo,
    transaction_id: o.transactionId,
    trade_type: 'NATIVE',
    trade_state: o.state,
    trade_state_desc: { SUCCESS: '支付成功', REFUND: '转入退款', CLOSED: '已关闭', NOTPAY: '未支付' }[o.state],
    success_time: '2025-01-01T10:00:00+08:00',
    payer: { openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' },
    amount: { total, payer_total: total, currency: 'CNY', payer_currency: 'CNY' },
  });

  const server = createServer(async (req, res) => {
    const body = await readBody(req);
    const send = (status: number, reply?: unknown) => {
      const text = reply === undefined ? '' : JSON.stringify(reply);
      const key = state.forgeNextReply ? rsaPair().privatePem : platform.privatePem;
      state.forgeNextReply = false;
      const headers = { ...signedHeaders(text, key), ...(text ? { 'Content-Type': 'application/json' } : {}) };
      res.writeHead(status, headers).end(text);
    };
    const auth = parseAuthorization(req.headers.authorization);
    const message = `${req.method}\n${req.url}\n${auth?.timestamp}\n${auth?.nonce_str}\n${body}\n`;
    const ok =
      auth?.mchid === MCHID &&
      auth.serial_no === SERIAL_NO &&
      Math.abs(Date.now() / 1000 - Number(auth.timestamp)) < 300 &&
      createVerify('RSA-SHA256')
        .update(message)
        .verify(merchant.publicPem, auth.signature ?? '', 'base64');
    if (!ok) {
      state.refusedAuth++;
      return send(401, { code: 'SIGN_ERROR', message: '签名错误' });
    }
    const url = new URL(req.url ?? '/', 'http://fake');
    state.verified.push(`${req.method} ${url.pathname}`);
    if (billApi(req.method, url, bills, fakeUrl(), send, res)) return;
    if (req.method === 'POST' && url.pathname === '/v3/pay/transactions/native') {
      if (state.refuseNextOrder) {
        state.refuseNextOrder = false;
        return send(400, { code: state.refusalCode, message: '参数错误' });
      }
      const b = JSON.parse(body) as { out_trade_no: string; amount: { total: number } };
      orders.set(b.out_trade_no, { body: b, total: b.amount.total, state: 'NOTPAY' });
      return send(200, { code_url: codeUrl(b.out_trade_no) });
    }
    if (req.method === 'POST' && url.pathname === '/v3/refund/domestic/refunds') return refundApi(body, send);
    const q = /^\/v3\/refund\/domestic\/refunds\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && q?.[1]) {
      // 查询单笔退款: the refund by out_refund_no, as 申请退款 answered it.
      const no = decodeURIComponent(q[1]);
      const r = refunds.get(no);
      return r ? send(200, refundReply(no, r)) : send(404, { code: 'RESOURCE_NOT_EXISTS', message: '退款单不存在' });
    }
    const m = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)(\/close)?$/.exec(url.pathname);
    const order = m?.[1] ? orders.get(m[1]) : undefined;
    if (!m?.[1] || !order) return send(404, { code: 'ORDER_NOT_EXIST', message: '订单不存在' });
    if (req.method === 'GET' && !m[2] && url.searchParams.get('mchid') === MCHID) {
      return send(200, transaction(m[1], order));
    }
    if (req.method === 'POST' && m[2] && (JSON.parse(body) as { mchid?: string }).mchid === MCHID) {
      if (state.failClose) return send(500, { code: 'SYSTEM_ERROR', message: '系统错误' });
      order.state = 'CLOSED';
      state.closed.push(m[1]);
      return send(204);
    }
    send(400, { code: 'PARAM_ERROR', message: '参数错误' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const fakeUrl = () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const refundReply = (no: string, r: FakeRefund) => ({
    refund_id: r.refund_id,
    out_refund_no: no,
    transaction_id: orders.get(r.out_trade_no)?.transactionId,
    out_trade_no: r.out_trade_no,
    channel: 'ORIGINAL',
    user_received_account: '支付用户零钱',
    create_time: '2025-01-02T10:00:00+08:00',
    status: r.status,
    amount: { total: r.total, refund: r.refund, payer_total: r.total, payer_refund: r.refund, currency: 'CNY' },
  });

  /** 申请退款 (POST /v3/refund/domestic/refunds): refunds a paid order up to its total, by out_refund_no. */
  function refundApi(body: string, send: (status: number, reply?: unknown) => void) {
    const b = JSON.parse(body) as {
      out_trade_no?: string;
      out_refund_no?: string;
      notify_url?: string;
      amount?: { refund?: number; total?: number; currency?: string };
    };
    const no = b.out_refund_no ?? '';
    const seen = refunds.get(no);
    if (seen) {
      seen.requests++;
      if (state.settleOnRequest > 0 && seen.requests >= state.settleOnRequest) seen.status = 'SUCCESS';
      if (state.holdRefundReplies) return;
      if (state.refundReplyDelayMs > 0)
        return void setTimeout(() => send(200, refundReply(no, seen)), state.refundReplyDelayMs);
      return send(200, refundReply(no, seen));
    }
    const order = orders.get(b.out_trade_no ?? '');
    if (order?.state !== 'SUCCESS' && order?.state !== 'REFUND')
      return send(404, { code: 'RESOURCE_NOT_EXISTS', message: '订单不存在' });
    const already = [...refunds.values()]
      // A closed or abnormal refund gave nothing back: it does not count against the total.
      .filter((r) => r.out_trade_no === b.out_trade_no && (r.status === 'PROCESSING' || r.status === 'SUCCESS'))
      .reduce((n, r) => n + r.refund, 0);
    const refund = b.amount?.refund ?? 0;
    const valid =
      /^[\w-]{1,64}$/.test(no) &&
      b.amount?.total === order.total &&
      b.amount.currency === 'CNY' &&
      refund > 0 &&
      typeof b.notify_url === 'string';
    if (!valid) return send(400, { code: 'PARAM_ERROR', message: '参数错误' });
    if (already + refund > order.total)
      return send(400, { code: 'INVALID_REQUEST', message: '申请退款金额超过订单可退金额' });
    const r: FakeRefund = {
      out_trade_no: b.out_trade_no ?? '',
      refund,
      total: order.total,
      status: state.refundStatus,
      refund_id: `50300${Date.now()}${refunds.size}`,
      requests: 1,
    };
    refunds.set(no, r);
    order.state = 'REFUND';
    if (state.holdRefundReplies) return;
    send(200, refundReply(no, r));
  }

  return {
    state,
    merchant,
    platform,
    url: fakeUrl(),
    orders,
    bills,
    /** The user pays: WeChat Pay's record turns SUCCESS (no notify is sent). */
    pay(orderNo: string) {
      const o = orders.get(orderNo);
      if (!o) throw new Error(`fake has no order ${orderNo}`);
      o.state = 'SUCCESS';
      o.transactionId = `4200000${Date.now()}`;
    },
    /** The notify WeChat Pay would POST for a paid order: headers and raw body. */
    notify(orderNo: string, opts: NotifyOptions = {}) {
      const o = orders.get(orderNo);
      if (!o) throw new Error(`fake has no order ${orderNo}`);
      const plain = JSON.stringify(transaction(orderNo, { ...o, state: 'SUCCESS' }, opts.total ?? o.total));
      const envelope = {
        id: `EV-${randomBytes(8).toString('hex')}`,
        create_time: '2025-01-01T10:00:00+08:00',
        resource_type: 'encrypt-resource',
        event_type: opts.eventType ?? 'TRANSACTION.SUCCESS',
        summary: '支付成功',
        resource: {
          original_type: 'transaction',
          ...encrypt(plain, opts.wrongKey ? 'z'.repeat(32) : API_V3_KEY),
        },
      };
      let body = JSON.stringify(envelope);
      const headers: Record<string, string> = {
        'Content-Type': 'application/json',
        'Wechatpay-Signature-Type': 'WECHATPAY2-SHA256-RSA2048',
        ...signedHeaders(body, opts.forge ? rsaPair().privatePem : platform.privatePem, opts.timestamp),
      };
      if (opts.serial) headers['Wechatpay-Serial'] = opts.serial;
      if (opts.tamper) body = body.replace(envelope.id, `${envelope.id}X`);
      return { headers, body };
    },
    refunds,
    /** The refund notify WeChat Pay POSTs once a refund is done (REFUND.SUCCESS; its record turns SUCCESS). */
    refundNotify(refundNo: string, opts: { eventType?: string; forge?: boolean } = {}) {
      const r = refunds.get(refundNo);
      if (!r) throw new Error(`fake has no refund ${refundNo}`);
      const eventType = opts.eventType ?? 'REFUND.SUCCESS';
      if (eventType === 'REFUND.SUCCESS') r.status = 'SUCCESS';
      const plain = JSON.stringify({
        mchid: MCHID,
        transaction_id: orders.get(r.out_trade_no)?.transactionId,
        out_trade_no: r.out_trade_no,
        refund_id: r.refund_id,
        out_refund_no: refundNo,
        refund_status: eventType === 'REFUND.SUCCESS' ? 'SUCCESS' : eventType.slice('REFUND.'.length),
        success_time: '2025-01-02T10:00:30+08:00',
        user_received_account: '支付用户零钱',
        amount: { total: r.total, refund: r.refund, payer_total: r.total, payer_refund: r.refund },
      });
      const body = JSON.stringify({
        id: `EV-${randomBytes(8).toString('hex')}`,
        create_time: '2025-01-02T10:00:31+08:00',
        resource_type: 'encrypt-resource',
        event_type: eventType,
        summary: '退款成功',
        resource: { original_type: 'refund', ...encrypt(plain, API_V3_KEY, 'refund') },
      });
      const headers: Record<string, string> = {
        'Content-Type': 'application/json',
        ...signedHeaders(body, opts.forge ? rsaPair().privatePem : platform.privatePem),
      };
      return { headers, body };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type FakeWechatPay = Awaited<ReturnType<typeof startFakeWechatPay>>;
