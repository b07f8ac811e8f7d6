import { createHash, createHmac } from 'node:crypto';
import { SmsError, type SmsProvider } from './types';

export interface TencentSmsConfig {
  secretId: string;
  secretKey: string;
  sdkAppId: string;
  signName: string;
  templateId: string;
  region: string;
  endpoint: string;
}

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const hmac = (key: string | Buffer, s: string) => createHmac('sha256', key).update(s).digest();
const CONTENT_TYPE = 'application/json; charset=utf-8';

/**
 * TC3-HMAC-SHA256 (Tencent Cloud API 3.0): the canonical request (method, '/', empty query,
 * the signed headers content-type, host and x-tc-action, the body's SHA-256) hashed into the
 * string to sign with the timestamp and `date/sms/tc3_request`; the key is derived from
 * 'TC3' + the secret key through the UTC date, the service and 'tc3_request'.
 */
export function tencentAuthorization(p: {
  secretId: string;
  secretKey: string;
  host: string;
  action: string;
  payload: string;
  timestamp: number;
}): string {
  const date = new Date(p.timestamp * 1000).toISOString().slice(0, 10);
  const signedHeaders = 'content-type;host;x-tc-action';
  const canonical = [
    'POST',
    '/',
    '',
    `content-type:${CONTENT_TYPE}\nhost:${p.host}\nx-tc-action:${p.action.toLowerCase()}\n`,
    signedHeaders,
    sha256(p.payload),
  ].join('\n');
  const scope = `${date}/sms/tc3_request`;
  const toSign = ['TC3-HMAC-SHA256', String(p.timestamp), scope, sha256(canonical)].join('\n');
  const key = hmac(hmac(hmac(`TC3${p.secretKey}`, date), 'sms'), 'tc3_request');
  const signature = createHmac('sha256', key).update(toSign).digest('hex');
  return `TC3-HMAC-SHA256 Credential=${p.secretId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`;
}

interface Answer {
  Response?: { Error?: { Code: string; Message: string }; SendStatusSet?: { Code: string; Message: string }[] };
}

/** SendSms of API version 2021-01-11. */
export function createTencentSms(cfg: TencentSmsConfig): SmsProvider {
  const url = new URL(cfg.endpoint);
  return {
    mode: 'tencent',
    async sendCode(m) {
      const payload = JSON.stringify({
        PhoneNumberSet: [`+86${m.phone}`],
        SmsSdkAppId: cfg.sdkAppId,
        SignName: cfg.signName,
        TemplateId: cfg.templateId,
        TemplateParamSet: [m.code],
      });
      const timestamp = Math.floor(Date.now() / 1000);
      const action = 'SendSms';
      const res = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': CONTENT_TYPE,
          'x-tc-action': action,
          'x-tc-version': '2021-01-11',
          'x-tc-timestamp': String(timestamp),
          'x-tc-region': cfg.region,
          authorization: tencentAuthorization({ ...cfg, host: url.host, action, payload, timestamp }),
        },
        body: payload,
        signal: AbortSignal.timeout(10_000),
      });
      const answer = ((await res.json().catch(() => ({}))) as Answer).Response;
      const error = answer?.Error ?? answer?.SendStatusSet?.find((s) => s.Code !== 'Ok');
      if (error || !answer?.SendStatusSet?.length)
        throw new SmsError('tencent', error?.Code ?? `HTTP ${res.status}`, error?.Message ?? '');
    },
  };
}
