import { createDecipheriv, type KeyObject, randomBytes } from 'node:crypto';
import { rsaSign, rsaVerify } from './keys';
import type { HeaderGetter } from './types';

const TIMEOUT_MS = 10_000;
const GCM_TAG = 16;
/** WeChat Pay's own guidance: refuse signatures more than five minutes off our clock (replay). */
const MAX_SKEW_S = 300;

export type SignatureRefusal = 'serial' | 'stale' | 'signature';

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

export interface ClientConfig {
  mchId: string;
  serialNo: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
  publicKeyId: string;
  apiV3Key: Buffer;
  apiBase: string;
  fetch: typeof fetch;
  now: () => number;
}

/**
 * The signed transport of WeChat Pay API v3: requests signed with the merchant
 * key, replies and notifies checked against the 微信支付公钥, notify resources
 * decrypted with the APIv3 key (AEAD_AES_256_GCM).
 */
export function wechatClient(cfg: ClientConfig) {
  const base = cfg.apiBase.replace(/\/+$/, '');

  function check(header: HeaderGetter, body: string): SignatureRefusal | null {
    if (header('wechatpay-serial') !== cfg.publicKeyId) return 'serial';
    const ts = header('wechatpay-timestamp') ?? '';
    if (!/^\d{1,12}$/.test(ts) || Math.abs(cfg.now() / 1000 - Number(ts)) > MAX_SKEW_S) return 'stale';
    const nonce = header('wechatpay-nonce');
    const signature = header('wechatpay-signature');
    if (!nonce || !signature) return 'signature';
    return rsaVerify(`${ts}\n${nonce}\n${body}\n`, signature, cfg.publicKey) ? null : 'signature';
  }

  /** The Authorization header of a request: the merchant's signature over method, path, time, nonce and body. */
  function authorize(method: string, url: URL, payload: string) {
    const timestamp = String(Math.floor(cfg.now() / 1000));
    const nonce = randomBytes(16).toString('hex');
    const message = `${method}\n${url.pathname}${url.search}\n${timestamp}\n${nonce}\n${payload}\n`;
    return (
      `WECHATPAY2-SHA256-RSA2048 mchid="${cfg.mchId}",nonce_str="${nonce}",` +
      `signature="${rsaSign(message, cfg.privateKey)}",timestamp="${timestamp}",serial_no="${cfg.serialNo}"`
    );
  }

  /** A signed call; a 2xx reply must carry WeChat Pay's valid signature, or it is not believed. */
  async function call(method: 'GET' | 'POST', path: string, body?: unknown) {
    const url = new URL(base + path);
    const payload = body === undefined ? '' : JSON.stringify(body);
    const authorization = authorize(method, url, payload);
    const res = await cfg.fetch(url, {
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
      const json = parseJson(text) as { code?: unknown; message?: unknown } | null;
      const code = typeof json?.code === 'string' ? json.code : '';
      const msg = typeof json?.message === 'string' ? json.message : '';
      return { status: res.status, code, message: msg, json: null };
    }
    const refused = check((name) => res.headers.get(name) ?? undefined, text);
    if (refused) throw new Error(`WeChat Pay ${path}: reply refused (${refused})`);
    return { status: res.status, code: '', message: '', json: parseJson(text) };
  }

  /**
   * A signed GET of a file WeChat Pay hands out (a bill's download_url). Its
   * reply is not signed (the bill API's hash checks it), and only WeChat Pay's
   * own origin is asked, so the signature never goes elsewhere.
   */
  async function download(href: string, timeoutMs: number): Promise<Response> {
    const url = new URL(href);
    if (url.origin !== new URL(base).origin) throw new Error('WeChat Pay download_url is not on the API origin');
    return cfg.fetch(url, {
      headers: { authorization: authorize('GET', url, ''), 'user-agent': 'miaobi-wechatpay/1' },
      signal: AbortSignal.timeout(timeoutMs),
    });
  }

  function decrypt(r: { ciphertext: string; nonce: string; associated_data?: string }): string | null {
    try {
      const data = Buffer.from(r.ciphertext, 'base64');
      if (data.length <= GCM_TAG) return null;
      const decipher = createDecipheriv('aes-256-gcm', cfg.apiV3Key, Buffer.from(r.nonce, 'utf8'));
      decipher.setAuthTag(data.subarray(data.length - GCM_TAG));
      decipher.setAAD(Buffer.from(r.associated_data ?? '', 'utf8'));
      return Buffer.concat([decipher.update(data.subarray(0, -GCM_TAG)), decipher.final()]).toString('utf8');
    } catch {
      return null;
    }
  }

  return { check, call, download, decrypt };
}
