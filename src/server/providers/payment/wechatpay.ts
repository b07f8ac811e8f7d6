import { createDecipheriv, randomBytes } from 'node:crypto';
import { z } from 'zod';
import { loadPrivateKey, loadPublicKey, rsaSign, rsaVerify } from './keys';
import type { PaymentProvider } from './types';

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
  notifyUrl: string;
  fetch?: typeof fetch;
  now?: () => number;
}

/** Reads a request or reply header by lower-case name (Wechatpay-Signature and friends). */
export type HeaderGetter = (name: string) => string | undefined;

const transactionSchema = z.object({
  out_trade_no: z.string(),
  transaction_id: z.string().optional(),
  trade_state: z.string(),
  mchid: z.string(),
  appid: z.string().optional(),
  amount: z.object({ total: z.number().int() }).optional(),
});
export type WechatTransaction = z.infer<typeof transactionSchema>;

const notifySchema = z.object({
  event_type: z.string(),
  resource: z.object({
    algorithm: z.literal('AEAD_AES_256_GCM'),
    ciphertext: z.string(),
    nonce: z.string(),
    associated_data: z.string().optional(),
  }),
});

export type NotifyRefusal = 'serial' | 'stale' | 'signature' | 'format' | 'decrypt';
export type OpenedNotify =
  | { ok: true; event: string; transaction: WechatTransaction | null }
  | { ok: false; reason: NotifyRefusal };

export interface WechatPay extends PaymentProvider {
  mode: 'wechatpay';
  /** Verifies a notify's signature and decrypts its resource; only TRANSACTION.SUCCESS carries a transaction. */
  openNotify(header: HeaderGetter, body: string): OpenedNotify;
}

export const isWechatPay = (p: PaymentProvider): p is WechatPay => p.mode === 'wechatpay' && 'openNotify' in p;

const TIMEOUT_MS = 10_000;
const GCM_TAG = 16;
/** WeChat Pay's own guidance: refuse signatures more than five minutes off our clock (replay). */
const MAX_SKEW_S = 300;

/** RFC 3339 in Beijing time, the form WeChat Pay's documents use for time_expire. */
export function beijingRfc3339(d: Date): string {
  return `${new Date(d.getTime() + 8 * 3_600_000).toISOString().slice(0, 19)}+08:00`;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

export function createWechatPay(cfg: WechatPayConfig): WechatPay {
  const privateKey = loadPrivateKey(cfg.privateKey, 'WECHATPAY_PRIVATE_KEY');
  const publicKey = loadPublicKey(cfg.publicKey, 'WECHATPAY_PUBLIC_KEY');
  const apiV3Key = Buffer.from(cfg.apiV3Key, 'utf8');
  const fetchFn = cfg.fetch ?? fetch;
  const now = cfg.now ?? Date.now;
  const base = cfg.apiBase.replace(/\/+$/, '');

  function check(header: HeaderGetter, body: string): NotifyRefusal | null {
    if (header('wechatpay-serial') !== cfg.publicKeyId) return 'serial';
    const ts = header('wechatpay-timestamp') ?? '';
    if (!/^\d{1,12}$/.test(ts) || Math.abs(now() / 1000 - Number(ts)) > MAX_SKEW_S) return 'stale';
    const nonce = header('wechatpay-nonce');
    const signature = header('wechatpay-signature');
    if (!nonce || !signature) return 'signature';
    return rsaVerify(`${ts}\n${nonce}\n${body}\n`, signature, publicKey) ? null : 'signature';
  }

  /** A signed call; a 2xx reply must carry WeChat Pay's valid signature, or it is not believed. */
  async function call(method: 'GET' | 'POST', path: string, body?: unknown) {
    const url = new URL(base + path);
    const payload = body === undefined ? '' : JSON.stringify(body);
    const timestamp = String(Math.floor(now() / 1000));
    const nonce = randomBytes(16).toString('hex');
    const message = `${method}\n${url.pathname}${url.search}\n${timestamp}\n${nonce}\n${payload}\n`;
    const authorization =
      `WECHATPAY2-SHA256-RSA2048 mchid="${cfg.mchId}",nonce_str="${nonce}",` +
      `signature="${rsaSign(message, privateKey)}",timestamp="${timestamp}",serial_no="${cfg.serialNo}"`;
    const res = await fetchFn(url, {
      method,
      headers: {
        authorization,
        accept: 'application/json',
        'content-type': 'application/json',
        'user-agent': 'miaobi-wechatpay/1',
      },
      body: payload || undefined,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const text = await res.text();
    if (!res.ok) {
      const code = (parseJson(text) as { code?: unknown } | null)?.code;
      return { status: res.status, code: typeof code === 'string' ? code : '', json: null };
    }
    const refused = check((name) => res.headers.get(name) ?? undefined, text);
    if (refused) throw new Error(`WeChat Pay ${path}: reply refused (${refused})`);
    return { status: res.status, code: '', json: parseJson(text) };
  }

  const failed = (what: string, r: { status: number; code: string }) =>
    new Error(`WeChat Pay ${what} failed: HTTP ${r.status} ${r.code}`);

  function decrypt(r: z.infer<typeof notifySchema>['resource']): string | null {
    try {
      const data = Buffer.from(r.ciphertext, 'base64');
      if (data.length <= GCM_TAG) return null;
      const decipher = createDecipheriv('aes-256-gcm', apiV3Key, Buffer.from(r.nonce, 'utf8'));
      decipher.setAuthTag(data.subarray(data.length - GCM_TAG));
      decipher.setAAD(Buffer.from(r.associated_data ?? '', 'utf8'));
      return Buffer.concat([decipher.update(data.subarray(0, -GCM_TAG)), decipher.final()]).toString('utf8');
    } catch {
      return null;
    }
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
      if (r.status === 404) return { paid: false };
      const t = transactionSchema.safeParse(r.json);
      if (!t.success) throw failed('order query', r);
      const mine = t.data.out_trade_no === orderNo && t.data.mchid === cfg.mchId;
      if (!mine || t.data.trade_state !== 'SUCCESS') return { paid: false };
      // amount.total is what the order asked for; payer_total differs when a coupon paid part of it.
      return { paid: true, amount: t.data.amount?.total, tradeNo: t.data.transaction_id };
    },

    async closePayment(orderNo) {
      const path = `/v3/pay/transactions/out-trade-no/${encodeURIComponent(orderNo)}/close`;
      const r = await call('POST', path, { mchid: cfg.mchId });
      if (r.status !== 204 && r.status !== 200) throw failed('close', r);
    },

    openNotify(header, body) {
      const refused = check(header, body);
      if (refused) return { ok: false, reason: refused };
      const envelope = notifySchema.safeParse(parseJson(body));
      if (!envelope.success) return { ok: false, reason: 'format' };
      const event = envelope.data.event_type;
      const plain = decrypt(envelope.data.resource);
      if (plain === null) return { ok: false, reason: 'decrypt' };
      if (event !== 'TRANSACTION.SUCCESS') return { ok: true, event, transaction: null };
      const t = transactionSchema.safeParse(parseJson(plain));
      if (!t.success || t.data.mchid !== cfg.mchId) return { ok: false, reason: 'format' };
      return { ok: true, event, transaction: t.data };
    },
  };
}
