import { z } from 'zod';
import { parseWechatBill, readBill } from './bill';
import { loadPrivateKey, loadPublicKey } from './keys';
import type { NotifyAck, NotifyEvent, ParsedNotify, PaymentProvider, ServiceRefund } from './types';
import { parseJson, wechatClient } from './wechatpay-client';

/** Keys are PEM text or paths; publicKey is the 微信支付公钥 and serialNo the merchant certificate's. */
export interface WechatPayConfig {
  mchId: string;
  appId: string;
  serialNo: string;
  privateKey: string;
  apiV3Key: string;
  publicKey: string;
  publicKeyId: string;
  /** https://api.mch.weixin.qq.com, or a local stand-in in tests. */
  apiBase: string;
  /** Payment and refund notifies both come to this one route. */
  notifyUrl: string;
  fetch?: typeof fetch;
  now?: () => number;
}

/** A day's bill may be large: it gets longer than an API call. */
const BILL_TIMEOUT_MS = 120_000;

const transactionSchema = z.object({
  out_trade_no: z.string(),
  transaction_id: z.string().optional(),
  trade_state: z.string(),
  mchid: z.string(),
  appid: z.string().optional(),
  amount: z.object({ total: z.number().int() }).optional(),
});

/** The decrypted resource of REFUND.SUCCESS / REFUND.ABNORMAL / REFUND.CLOSED. */
const refundSchema = z.object({
  mchid: z.string(),
  out_trade_no: z.string(),
  out_refund_no: z.string(),
  refund_id: z.string().optional(),
  refund_status: z.string(),
  amount: z.object({ refund: z.number().int() }).optional(),
});

/** 查询单笔退款's answer: status SUCCESS, PROCESSING, CLOSED or ABNORMAL. */
const refundQuerySchema = z.object({
  out_trade_no: z.string(),
  out_refund_no: z.string(),
  refund_id: z.string().optional(),
  status: z.string(),
  amount: z.object({ refund: z.number().int().positive() }),
});

const notifySchema = z.object({
  event_type: z.string(),
  resource: z.object({
    algorithm: z.literal('AEAD_AES_256_GCM'),
    ciphertext: z.string(),
    nonce: z.string(),
    associated_data: z.string().optional(),
  }),
});

/** RFC 3339 in Beijing time, the form WeChat Pay's documents use for time_expire. */
export function beijingRfc3339(d: Date): string {
  return `${new Date(d.getTime() + 8 * 3_600_000).toISOString().slice(0, 19)}+08:00`;
}

/** WeChat Pay retries a notify until it gets 2xx; its documented failure body is {code:'FAIL', message}. */
function ack(outcome: Parameters<PaymentProvider['ack']>[0], message = ''): NotifyAck {
  const fail = (status: NotifyAck['status'], m: string) => ({
    status,
    body: JSON.stringify({ code: 'FAIL', message: m }),
    contentType: 'application/json',
  });
  switch (outcome) {
    case 'ok':
      return { status: 204, body: '' };
    case 'malformed':
      return fail(400, 'malformed');
    case 'refused':
      return fail(401, `refused: ${message}`);
    case 'rejected':
      return fail(400, message);
    case 'tooLarge':
      return fail(413, 'body too large');
    default:
      return fail(500, 'internal error');
  }
}

export function createWechatPay(cfg: WechatPayConfig): PaymentProvider {
  const client = wechatClient({
    mchId: cfg.mchId,
    serialNo: cfg.serialNo,
    privateKey: loadPrivateKey(cfg.privateKey, 'WECHATPAY_PRIVATE_KEY'),
    publicKey: loadPublicKey(cfg.publicKey, 'WECHATPAY_PUBLIC_KEY'),
    publicKeyId: cfg.publicKeyId,
    apiV3Key: Buffer.from(cfg.apiV3Key, 'utf8'),
    apiBase: cfg.apiBase,
    fetch: cfg.fetch ?? fetch,
    now: cfg.now ?? Date.now,
  });
  const { call } = client;

  const failed = (what: string, r: { status: number; code: string }) =>
    new Error(`WeChat Pay ${what} failed: HTTP ${r.status} ${r.code}`);

  /** A verified, decrypted event in our words; shapes we do not know are acknowledged, not acted on. */
  function translate(event: string, plain: string): ParsedNotify {
    const json = parseJson(plain);
    if (event === 'TRANSACTION.SUCCESS') {
      const t = transactionSchema.safeParse(json);
      if (!t.success || t.data.mchid !== cfg.mchId) return { ok: false, refusal: 'malformed', reason: 'format' };
      if (t.data.trade_state !== 'SUCCESS' || !t.data.amount)
        return { ok: false, refusal: 'rejected', reason: 'not a successful payment' };
      const e: NotifyEvent = {
        kind: 'payment',
        orderNo: t.data.out_trade_no,
        amount: t.data.amount.total,
        tradeNo: t.data.transaction_id,
      };
      return { ok: true, event: e };
    }
    const r = event.startsWith('REFUND.') ? refundSchema.safeParse(json) : null;
    if (!r?.success) return { ok: true, event: { kind: 'ignored', event } };
    if (r.data.mchid !== cfg.mchId) return { ok: false, refusal: 'malformed', reason: 'format' };
    const e: NotifyEvent = {
      kind: 'refund',
      refundNo: r.data.out_refund_no,
      orderNo: r.data.out_trade_no,
      success: event === 'REFUND.SUCCESS' && r.data.refund_status === 'SUCCESS',
      refundId: r.data.refund_id,
      amount: r.data.amount?.refund,
    };
    return { ok: true, event: e };
  }

  return {
    mode: 'wechatpay',

    async createPayment(order) {
      const r = await call('POST', '/v3/pay/transactions/native', {
        appid: cfg.appId,
        mchid: cfg.mchId,
        description: order.description.slice(0, 127),
        out_trade_no: order.orderNo,
        time_expire: beijingRfc3339(order.expiresAt),
        notify_url: cfg.notifyUrl,
        amount: { total: order.amount, currency: 'CNY' },
      });
      const codeUrl = (r.json as { code_url?: unknown } | null)?.code_url;
      if (r.status !== 200 || typeof codeUrl !== 'string' || !codeUrl) throw failed('native order', r);
      return { payLink: codeUrl };
    },

    async queryPayment(orderNo) {
      const path = `/v3/pay/transactions/out-trade-no/${encodeURIComponent(orderNo)}`;
      const r = await call('GET', `${path}?mchid=${encodeURIComponent(cfg.mchId)}`);
      if (r.status === 404) return { paid: false, raw: `HTTP 404 ${r.code}` };
      const t = transactionSchema.safeParse(r.json);
      if (!t.success) throw failed('order query', r);
      const raw = JSON.stringify(r.json);
      const mine = t.data.out_trade_no === orderNo && t.data.mchid === cfg.mchId;
      // REFUND (转入退款): paid, then part or all of it given back; no longer SUCCESS.
      if (mine && t.data.trade_state === 'REFUND') return { paid: false, state: 'refunded', raw };
      if (mine && t.data.trade_state === 'CLOSED') return { paid: false, state: 'closed', raw };
      if (!mine || t.data.trade_state !== 'SUCCESS') return { paid: false, raw };
      // amount.total is what the order asked for; payer_total differs when a coupon paid part of it.
      return { paid: true, amount: t.data.amount?.total, tradeNo: t.data.transaction_id, raw };
    },

    /**
     * 查询单笔退款 (GET /v3/refund/domestic/refunds/{out_refund_no}) for each number we know: API v3
     * lists no refunds by order, so one made on the merchant platform comes by its notify or the bill.
     */
    async queryRefunds(orderNo, refundNos) {
      const found: ServiceRefund[] = [];
      for (const no of new Set(refundNos)) {
        const r = await call('GET', `/v3/refund/domestic/refunds/${encodeURIComponent(no)}`);
        if (r.status === 404) continue;
        const q = refundQuerySchema.safeParse(r.json);
        if (r.status !== 200 || !q.success) throw failed('refund query', r);
        if (q.data.status !== 'SUCCESS' || q.data.out_trade_no !== orderNo || q.data.out_refund_no !== no) continue;
        const raw = JSON.stringify(r.json);
        found.push({ refundNo: no, orderNo, amount: q.data.amount.refund, refundId: q.data.refund_id, raw });
      }
      return found;
    },

    async closePayment(orderNo) {
      const path = `/v3/pay/transactions/out-trade-no/${encodeURIComponent(orderNo)}/close`;
      const r = await call('POST', path, { mchid: cfg.mchId });
      if (r.status !== 204 && r.status !== 200) throw failed('close', r);
    },

    /** 申请交易账单 then its download_url: the file's hash checked, its CSV read (bill.ts). */
    async downloadBill(date) {
      const r = await call('GET', `/v3/bill/tradebill?bill_date=${encodeURIComponent(date)}&bill_type=ALL`);
      const b = r.json as { download_url?: unknown; hash_type?: unknown; hash_value?: unknown } | null;
      if (r.status !== 200 || typeof b?.download_url !== 'string') throw failed('trade bill', r);
      const res = await client.download(b.download_url, BILL_TIMEOUT_MS);
      const file = await readBill(res, 'WeChat Pay trade bill');
      return parseWechatBill(file, { type: String(b.hash_type ?? ''), value: String(b.hash_value ?? '') });
    },

    /** 申请退款 (domestic): usually PROCESSING; REFUND.SUCCESS comes to the notify route. */
    async refund(req) {
      const r = await call('POST', '/v3/refund/domestic/refunds', {
        out_trade_no: req.orderNo,
        out_refund_no: req.refundNo,
        reason: req.reason.slice(0, 80),
        notify_url: cfg.notifyUrl,
        amount: { refund: req.amount, total: req.total, currency: 'CNY' },
      });
      // 4xx is a definite no (parameters, not enough balance, no such order); 429 and 5xx leave it unknown.
      if (r.status >= 400 && r.status < 500 && r.status !== 429)
        return { state: 'refused', message: `${r.code || r.status} ${r.message}`.trim() };
      const body = r.json as { status?: unknown; refund_id?: unknown; out_refund_no?: unknown } | null;
      if (r.status !== 200 || body?.out_refund_no !== req.refundNo) throw failed('refund', r);
      const refundId = typeof body.refund_id === 'string' ? body.refund_id : undefined;
      if (body.status === 'SUCCESS') return { state: 'success', refundId };
      if (body.status === 'PROCESSING') return { state: 'processing', refundId };
      return { state: 'refused', message: String(body.status) };
    },

    parseNotify(body, header) {
      const refused = client.check(header, body);
      if (refused) return { ok: false, refusal: 'refused', reason: refused };
      const envelope = notifySchema.safeParse(parseJson(body));
      if (!envelope.success) return { ok: false, refusal: 'malformed', reason: 'format' };
      const plain = client.decrypt(envelope.data.resource);
      if (plain === null) return { ok: false, refusal: 'refused', reason: 'decrypt' };
      return translate(envelope.data.event_type, plain);
    },

    ack,
  };
}
