import { parseAlipayBill, readBill } from './bill';
import { loadPrivateKey, loadPublicKey, rsaSign, rsaVerify } from './keys';
import type { NotifyAck, PaymentProvider, ServiceRefund } from './types';

export interface AlipayConfig {
  appId: string;
  /** The app's RSA2 private key: PEM, a path, or bare base64. */
  privateKey: string;
  /** Alipay's public key (支付宝公钥), same forms. */
  publicKey: string;
  /** https://openapi.alipay.com/gateway.do, or a local stand-in in tests. */
  gateway: string;
  notifyUrl: string;
  fetch?: typeof fetch;
  now?: () => number;
}

const TIMEOUT_MS = 10_000;
/** A day's bill may be large: it gets longer than a gateway call. */
const BILL_TIMEOUT_MS = 120_000;
const SUCCESS = '10000';
const NO_TRADE = 'ACQ.TRADE_NOT_EXIST';
const PAID_STATES = new Set(['TRADE_SUCCESS', 'TRADE_FINISHED']);
/** Sub-codes after which the same request may succeed later: the outcome is not known yet. */
const TRY_AGAIN = new Set(['ACQ.SYSTEM_ERROR', 'aop.ACQ.SYSTEM_ERROR']);

/** Fen to Alipay's yuan string ("0.01", "268.00"), in integers so no float error creeps in. */
export function fenToYuan(fen: number): string {
  if (!Number.isSafeInteger(fen) || fen < 0) throw new Error(`not an amount in fen: ${fen}`);
  return `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;
}

/** Alipay's yuan string to fen; null for anything that is not a plain amount with at most two decimals. */
export function yuanToFen(yuan: string): number | null {
  const m = /^(\d{1,11})(?:\.(\d{1,2}))?$/.exec(yuan);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/** Alipay wants "yyyy-MM-dd HH:mm:ss" in Beijing time. */
const beijing = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');

/** 待签名字符串: parameters sorted by name, name=value with raw (not URL-encoded) values, joined by &. */
export function signContent(params: Iterable<[string, string]>): string {
  return [...params]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
}

/**
 * The exact text of a top-level object value: Alipay signs the reply's bytes
 * as sent, which a JSON.parse / stringify round trip would not reproduce.
 */
export function rawObject(text: string, key: string): string | null {
  const at = text.indexOf(`"${key}"`);
  const start = at < 0 ? -1 : text.indexOf('{', at);
  if (start < 0 || text.slice(at + key.length + 2, start).trim() !== ':') return null;
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const ch = text[i];
    if (inString) {
      if (ch === '\\') i++;
      else if (ch === '"') inString = false;
    } else if (ch === '"') inString = true;
    else if (ch === '{') depth++;
    else if (ch === '}' && --depth === 0) return text.slice(start, i + 1);
  }
  return null;
}

type Reply = Record<string, unknown> & { code?: string; sub_code?: string };

/** Alipay reads the text 'success' as "stop resending"; anything else, it retries. */
function ack(outcome: Parameters<PaymentProvider['ack']>[0]): NotifyAck {
  const text = (status: NotifyAck['status'], body: string) => ({ status, body, contentType: 'text/plain' });
  if (outcome === 'ok') return text(200, 'success');
  return text(outcome === 'error' ? 500 : outcome === 'tooLarge' ? 413 : 200, 'fail');
}

export function createAlipay(cfg: AlipayConfig): PaymentProvider {
  const privateKey = loadPrivateKey(cfg.privateKey, 'ALIPAY_PRIVATE_KEY');
  const publicKey = loadPublicKey(cfg.publicKey, 'ALIPAY_PUBLIC_KEY');
  const fetchFn = cfg.fetch ?? fetch;
  const now = cfg.now ?? Date.now;

  /** One gateway call; a successful reply must carry Alipay's valid sign, or it is not believed. */
  async function call(method: string, biz: Record<string, string>, extra: Record<string, string> = {}) {
    const common: Record<string, string> = {
      app_id: cfg.appId,
      method,
      format: 'JSON',
      charset: 'utf-8',
      sign_type: 'RSA2',
      timestamp: beijing(now()),
      version: '1.0',
      ...extra,
    };
    const bizContent = JSON.stringify(biz);
    const sign = rsaSign(signContent(Object.entries({ ...common, biz_content: bizContent })), privateKey);
    // As Alipay's SDKs do: common parameters in the query, the business content in the form body.
    const res = await fetchFn(`${cfg.gateway}?${new URLSearchParams({ ...common, sign })}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded;charset=utf-8' },
      body: new URLSearchParams({ biz_content: bizContent }).toString(),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!res.ok) throw new Error(`Alipay ${method} failed: HTTP ${res.status}`);
    const text = await res.text();
    const key = `${method.replaceAll('.', '_')}_response`;
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(text) as Record<string, unknown>;
    } catch {
      throw new Error(`Alipay ${method} failed: reply is not JSON`);
    }
    const reply = body[key] as Reply | undefined;
    if (!reply || typeof reply !== 'object') throw new Error(`Alipay ${method} failed: no ${key}`);
    if (reply.code === SUCCESS) {
      const signed = rawObject(text, key);
      if (!signed || typeof body.sign !== 'string' || !rsaVerify(signed, body.sign, publicKey))
        throw new Error(`Alipay ${method}: reply sign did not verify`);
    }
    return reply;
  }

  const failed = (method: string, r: Reply) =>
    new Error(`Alipay ${method} failed: ${r.code ?? '?'} ${r.sub_code ?? ''}`.trim());

  function verifyNotify(params: URLSearchParams): boolean {
    const sign = params.get('sign');
    if (!sign || params.get('sign_type') !== 'RSA2') return false;
    const rest = [...params].filter(([k]) => k !== 'sign' && k !== 'sign_type');
    // A repeated name would make "which value was signed" ambiguous.
    if (new Set(rest.map(([k]) => k)).size !== rest.length) return false;
    return rsaVerify(signContent(rest), sign, publicKey);
  }

  /** fund_change N (a repeated request, or not settled yet) is confirmed by the refund query. */
  async function refundSettled(orderNo: string, refundNo: string) {
    const q = await call('alipay.trade.fastpay.refund.query', { out_trade_no: orderNo, out_request_no: refundNo });
    if (q.code !== SUCCESS) throw failed('refund query', q);
    return q.refund_status === 'REFUND_SUCCESS';
  }

  return {
    mode: 'alipay',

    async createPayment(order) {
      // A precreated trade only exists once scanned, so closing cannot stop a late scan: the timeout does.
      const minutes = Math.max(1, Math.ceil((order.expiresAt.getTime() - now()) / 60_000));
      const biz = {
        out_trade_no: order.orderNo,
        total_amount: fenToYuan(order.amount),
        subject: order.description.slice(0, 256),
        timeout_express: `${minutes}m`,
      };
      const r = await call('alipay.trade.precreate', biz, { notify_url: cfg.notifyUrl });
      if (r.code !== SUCCESS || typeof r.qr_code !== 'string' || !r.qr_code) throw failed('precreate', r);
      return { payLink: r.qr_code };
    },

    async queryPayment(orderNo) {
      const r = await call('alipay.trade.query', { out_trade_no: orderNo });
      const raw = JSON.stringify(r);
      if (r.sub_code === NO_TRADE) return { paid: false, raw };
      if (r.code !== SUCCESS) throw failed('query', r);
      // TRADE_CLOSED: unpaid past its time, or paid and then refunded in whole.
      if (r.out_trade_no === orderNo && r.trade_status === 'TRADE_CLOSED') return { paid: false, state: 'closed', raw };
      if (r.out_trade_no !== orderNo || !PAID_STATES.has(String(r.trade_status))) return { paid: false, raw };
      return {
        raw,
        paid: true,
        amount: yuanToFen(String(r.total_amount)) ?? undefined,
        tradeNo: typeof r.trade_no === 'string' ? r.trade_no : undefined,
      };
    },

    /**
     * alipay.trade.fastpay.refund.query for each number, and for the order number itself: Alipay
     * files a refund asked without out_request_no (as on its merchant site) under the order number.
     * Only REFUND_SUCCESS counts; no refund_status means not received or failed.
     */
    async queryRefunds(orderNo, refundNos) {
      const found: ServiceRefund[] = [];
      for (const no of new Set([...refundNos, orderNo])) {
        const r = await call('alipay.trade.fastpay.refund.query', { out_trade_no: orderNo, out_request_no: no });
        if (r.sub_code === NO_TRADE) return found;
        if (r.code !== SUCCESS) throw failed('refund query', r);
        const amount = yuanToFen(String(r.refund_amount ?? ''));
        if (r.refund_status !== 'REFUND_SUCCESS' || r.out_trade_no !== orderNo || !amount) continue;
        const refundNo = typeof r.out_request_no === 'string' && r.out_request_no ? r.out_request_no : no;
        const refundId = typeof r.trade_no === 'string' ? r.trade_no : undefined;
        found.push({ refundNo, orderNo, amount, refundId, raw: JSON.stringify(r) });
      }
      return found;
    },

    async closePayment(orderNo) {
      const r = await call('alipay.trade.close', { out_trade_no: orderNo });
      if (r.code !== SUCCESS && r.sub_code !== NO_TRADE) throw failed('close', r);
    },

    /** alipay.data.dataservice.bill.downloadurl.query, then its zip of GBK CSV files (bill.ts). */
    async downloadBill(date) {
      const r = await call('alipay.data.dataservice.bill.downloadurl.query', { bill_type: 'trade', bill_date: date });
      if (r.code !== SUCCESS || typeof r.bill_download_url !== 'string') throw failed('bill', r);
      const res = await fetchFn(r.bill_download_url, { signal: AbortSignal.timeout(BILL_TIMEOUT_MS) });
      return parseAlipayBill(await readBill(res, 'Alipay trade bill'));
    },

    /** alipay.trade.refund answers at once; out_request_no (our refund number) makes partial refunds distinct. */
    async refund(req) {
      const r = await call('alipay.trade.refund', {
        out_trade_no: req.orderNo,
        refund_amount: fenToYuan(req.amount),
        out_request_no: req.refundNo,
        refund_reason: req.reason.slice(0, 256),
      });
      if (r.code !== SUCCESS) {
        if (TRY_AGAIN.has(String(r.sub_code))) throw failed('refund', r);
        return { state: 'refused', message: `${r.sub_code ?? r.code ?? '?'} ${r.sub_msg ?? ''}`.trim() };
      }
      if (r.out_trade_no !== req.orderNo) throw failed('refund', r);
      const settled = r.fund_change === 'Y' || (await refundSettled(req.orderNo, req.refundNo));
      const refundId = typeof r.trade_no === 'string' ? r.trade_no : undefined;
      return settled ? { state: 'success', refundId } : { state: 'processing', refundId };
    },

    /** 异步通知: RSA2-verified, our app_id; only TRADE_SUCCESS / TRADE_FINISHED pay, other statuses are acknowledged. */
    parseNotify(body) {
      const params = new URLSearchParams(body);
      if (!verifyNotify(params)) return { ok: false, refusal: 'refused', reason: 'sign' };
      if (params.get('app_id') !== cfg.appId) return { ok: false, refusal: 'refused', reason: 'app_id' };
      const status = params.get('trade_status') ?? '';
      // WAIT_BUYER_PAY, TRADE_CLOSED (also after a whole refund): nothing to record, answered so Alipay stops.
      if (!PAID_STATES.has(status)) return { ok: true, event: { kind: 'ignored', event: status } };
      const orderNo = params.get('out_trade_no') ?? '';
      const amount = yuanToFen(params.get('total_amount') ?? '');
      if (amount === null) return { ok: false, refusal: 'rejected', reason: 'total_amount' };
      const tradeNo = params.get('trade_no') ?? undefined;
      return { ok: true, event: { kind: 'payment', orderNo, amount, tradeNo } };
    },

    ack,
  };
}
