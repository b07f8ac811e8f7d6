import { createHash, createHmac } from 'node:crypto';

/**
 * Volcengine's request signature (HMAC-SHA256, the V4 scheme of its OpenAPI): a canonical request
 * over method, path, sorted query, the signed headers and the body's SHA-256, signed with a key
 * derived from the secret key, the day, the region and the service.
 */
export interface VolcSignInput {
  method: string;
  path: string;
  query: Record<string, string>;
  host: string;
  body: string;
  ak: string;
  sk: string;
  region: string;
  service: string;
  now?: Date;
}

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const hmac = (key: Buffer | string, s: string) => createHmac('sha256', key).update(s).digest();
// RFC 3986: what encodeURIComponent leaves alone beyond the unreserved set is encoded too.
const enc = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** The headers a signed request carries (X-Date, X-Content-Sha256, Content-Type, Authorization). */
export function volcSign(i: VolcSignInput): Record<string, string> {
  const xDate = (i.now ?? new Date())
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
  const day = xDate.slice(0, 8);
  const bodyHash = sha256(i.body);
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    host: i.host,
    'x-content-sha256': bodyHash,
    'x-date': xDate,
  };
  const signed = Object.keys(headers).sort();
  const query = Object.keys(i.query)
    .sort()
    .map((k) => `${enc(k)}=${enc(i.query[k] ?? '')}`)
    .join('&');
  const canonical = [
    i.method,
    i.path,
    query,
    signed.map((h) => `${h}:${headers[h]}\n`).join(''),
    signed.join(';'),
    bodyHash,
  ].join('\n');
  const scope = `${day}/${i.region}/${i.service}/request`;
  const toSign = ['HMAC-SHA256', xDate, scope, sha256(canonical)].join('\n');
  const key = hmac(hmac(hmac(hmac(i.sk, day), i.region), i.service), 'request');
  const signature = createHmac('sha256', key).update(toSign).digest('hex');
  return {
    'Content-Type': headers['content-type'] as string,
    'X-Date': xDate,
    'X-Content-Sha256': bodyHash,
    Authorization: `HMAC-SHA256 Credential=${i.ak}/${scope}, SignedHeaders=${signed.join(';')}, Signature=${signature}`,
  };
}
