import { createHmac, randomUUID } from 'node:crypto';
import { SmsError, type SmsProvider } from './types';

export interface AliyunSmsConfig {
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  templateCode: string;
  endpoint: string;
}

/** RFC 3986 percent-encoding as the RPC signature wants it: only A–Z a–z 0–9 - _ . ~ stay. */
export function aliyunEncode(s: string): string {
  return encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * Signature v1 of Alibaba Cloud's RPC APIs (HMAC-SHA1): the parameters sorted by name,
 * each `enc(name)=enc(value)`, joined by '&'; the string to sign is
 * `METHOD&enc("/")&enc(that)`, the key the AccessKey secret followed by '&', the signature base64.
 */
export function aliyunSignature(method: string, params: Record<string, string>, secret: string): string {
  const canonical = Object.keys(params)
    .sort()
    .map((k) => `${aliyunEncode(k)}=${aliyunEncode(params[k] ?? '')}`)
    .join('&');
  const toSign = `${method}&${aliyunEncode('/')}&${aliyunEncode(canonical)}`;
  return createHmac('sha1', `${secret}&`).update(toSign).digest('base64');
}

/** dysmsapi SendSms (version 2017-05-25), a form POST signed with signature v1. */
export function createAliyunSms(cfg: AliyunSmsConfig): SmsProvider {
  return {
    mode: 'aliyun',
    async sendCode(m) {
      const params: Record<string, string> = {
        AccessKeyId: cfg.accessKeyId,
        Action: 'SendSms',
        Format: 'JSON',
        PhoneNumbers: m.phone,
        RegionId: 'cn-hangzhou',
        SignName: cfg.signName,
        SignatureMethod: 'HMAC-SHA1',
        SignatureNonce: randomUUID(),
        SignatureVersion: '1.0',
        TemplateCode: cfg.templateCode,
        TemplateParam: JSON.stringify({ code: m.code }),
        Timestamp: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
        Version: '2017-05-25',
      };
      const body = new URLSearchParams({ ...params, Signature: aliyunSignature('POST', params, cfg.accessKeySecret) });
      const res = await fetch(`${cfg.endpoint.replace(/\/$/, '')}/`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: body.toString(),
        signal: AbortSignal.timeout(10_000),
      });
      const answer = (await res.json().catch(() => ({}))) as { Code?: string; Message?: string };
      if (answer.Code !== 'OK') throw new SmsError('aliyun', answer.Code ?? `HTTP ${res.status}`, answer.Message ?? '');
    },
  };
}
