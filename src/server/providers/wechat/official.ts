import { z } from 'zod';
import { LOGIN_QR_TTL_SECONDS, type WechatLoginProvider } from './types';

export interface OfficialWechatOptions {
  appId: string;
  secret: string;
  /** https://api.weixin.qq.com, or a local stand-in in tests. */
  apiBase: string;
  fetch?: typeof fetch;
  now?: () => number;
}

/** A WeChat API answer with a non-zero errcode (or an unusable reply). */
export class WechatApiError extends Error {
  readonly errcode: number;
  readonly errmsg: string;

  constructor(what: string, errcode: number, errmsg: string) {
    super(`WeChat ${what} failed: errcode ${errcode}, ${errmsg}`);
    this.name = 'WechatApiError';
    this.errcode = errcode;
    this.errmsg = errmsg;
  }
}

const UPSTREAM_TIMEOUT_MS = 10_000;
/** Refresh this long before WeChat's expiry so a token never dies mid-request. */
const TOKEN_MARGIN_MS = 5 * 60 * 1000;
/** access_token invalid (40001), not the latest (40014), expired (42001): refetch and retry. */
const TOKEN_REJECTED = new Set([40001, 40014, 42001]);

const errorReply = z.object({ errcode: z.number().int(), errmsg: z.string().catch('') });
const tokenReply = z.object({ access_token: z.string().min(1), expires_in: z.number().positive() });
const qrReply = z.object({
  ticket: z.string().min(1),
  expire_seconds: z.number().positive().optional(),
  url: z.string().min(1),
});

/** Real QR login through an official account's 生成带参数的二维码 API. */
export function createOfficialWechat(opts: OfficialWechatOptions): WechatLoginProvider {
  const fetchFn = opts.fetch ?? fetch;
  const now = opts.now ?? Date.now;
  const base = opts.apiBase.replace(/\/+$/, '');
  let cached: { token: string; refreshAt: number } | null = null;
  let inflight: Promise<string> | null = null;

  async function call<T>(what: string, url: string, schema: z.ZodType<T>, init: RequestInit = {}): Promise<T> {
    const res = await fetchFn(url, { ...init, signal: AbortSignal.timeout(UPSTREAM_TIMEOUT_MS) });
    if (!res.ok) throw new WechatApiError(what, -res.status, `HTTP ${res.status}`);
    const body: unknown = await res.json().catch(() => null);
    const failed = errorReply.safeParse(body);
    // Successful replies either omit errcode or (some endpoints) send 0.
    if (failed.success && failed.data.errcode !== 0)
      throw new WechatApiError(what, failed.data.errcode, failed.data.errmsg);
    const ok = schema.safeParse(body);
    if (!ok.success) throw new WechatApiError(what, -1, 'unexpected reply');
    return ok.data;
  }

  async function fetchToken(): Promise<string> {
    const query = new URLSearchParams({ grant_type: 'client_credential', appid: opts.appId, secret: opts.secret });
    const reply = await call('access_token', `${base}/cgi-bin/token?${query}`, tokenReply);
    cached = { token: reply.access_token, refreshAt: now() + reply.expires_in * 1000 - TOKEN_MARGIN_MS };
    return reply.access_token;
  }

  function accessToken(): Promise<string> {
    if (cached && now() < cached.refreshAt) return Promise.resolve(cached.token);
    // Concurrent callers share one fetch: WeChat caps token calls per day and
    // each new token invalidates the previous one after a short overlap.
    inflight ??= fetchToken().finally(() => {
      inflight = null;
    });
    return inflight;
  }

  async function createTicket(token: string, qrcodeSocket: string) {
    const body = {
      expire_seconds: LOGIN_QR_TTL_SECONDS,
      action_name: 'QR_STR_SCENE',
      action_info: { scene: { scene_str: qrcodeSocket } },
    };
    return call('qrcode/create', `${base}/cgi-bin/qrcode/create?access_token=${encodeURIComponent(token)}`, qrReply, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  }

  return {
    mode: 'official',
    async createLoginQr(qrcodeSocket) {
      let token = await accessToken();
      let qr: z.infer<typeof qrReply>;
      try {
        qr = await createTicket(token, qrcodeSocket);
      } catch (err) {
        if (!(err instanceof WechatApiError && TOKEN_REJECTED.has(err.errcode))) throw err;
        // Only forget the token that failed: a concurrent caller may have fetched a newer one.
        if (cached?.token === token) cached = null;
        token = await accessToken();
        qr = await createTicket(token, qrcodeSocket);
      }
      // Our CSP allows only same-origin and data: images, so render WeChat's
      // QR content ourselves instead of linking its showqrcode picture.
      const { default: QRCode } = await import('qrcode');
      const filePath = await QRCode.toDataURL(qr.url, { margin: 1, width: 240, errorCorrectionLevel: 'M' });
      return { filePath, qrcode: qr.url, expiresInSeconds: qr.expire_seconds ?? LOGIN_QR_TTL_SECONDS };
    },
  };
}
