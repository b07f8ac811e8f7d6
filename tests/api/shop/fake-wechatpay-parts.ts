import { createCipheriv, createHash, randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';

// Parts of the fake WeChat Pay (fake-wechatpay.ts): its Authorization parser, notify encryption and bill API.

/** Authorization: WECHATPAY2-SHA256-RSA2048 k="v",… */
export function parseAuthorization(header: string | undefined): Record<string, string> | null {
  const m = /^WECHATPAY2-SHA256-RSA2048 (.+)$/.exec(header ?? '');
  if (!m?.[1]) return null;
  return Object.fromEntries([...m[1].matchAll(/(\w+)="([^"]*)"/g)].map((x) => [x[1] ?? '', x[2] ?? '']));
}

/** AEAD_AES_256_GCM as WeChat Pay encrypts a notify's resource. */
export function encrypt(plain: string, key: string, aad = 'transaction') {
  const nonce = randomBytes(6).toString('hex');
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(key), Buffer.from(nonce));
  cipher.setAAD(Buffer.from(aad));
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return { algorithm: 'AEAD_AES_256_GCM', ciphertext: data.toString('base64'), associated_data: aad, nonce };
}

/** Trade bills by bill_date: the file as served (CSV, or gzipped), and a hash to report instead of its own. */
export type Bills = Map<string, { file: Buffer; hash?: string }>;

/**
 * 申请交易账单 (GET /v3/bill/tradebill: hash and download_url, signed like every reply) and the
 * download itself (the file, unsigned). True when the request was one of them.
 */
export function billApi(
  method: string | undefined,
  url: URL,
  bills: Bills,
  base: string,
  send: (status: number, reply?: unknown) => void,
  res: ServerResponse,
): boolean {
  if (method === 'GET' && url.pathname === '/v3/bill/tradebill') {
    const date = url.searchParams.get('bill_date') ?? '';
    const bill = bills.get(date);
    if (!bill || url.searchParams.get('bill_type') !== 'ALL')
      send(400, { code: 'NO_STATEMENT_EXIST', message: '账单不存在' });
    else
      send(200, {
        hash_type: 'SHA1',
        hash_value: bill.hash ?? createHash('sha1').update(bill.file).digest('hex'),
        download_url: `${base}/v3/billdownload/file?token=${date}`,
      });
    return true;
  }
  if (method === 'GET' && url.pathname === '/v3/billdownload/file') {
    const bill = bills.get(url.searchParams.get('token') ?? '');
    if (bill) res.writeHead(200, { 'Content-Type': 'application/octet-stream' }).end(bill.file);
    else send(404, { code: 'RESOURCE_NOT_EXISTS', message: '文件不存在' });
    return true;
  }
  return false;
}
