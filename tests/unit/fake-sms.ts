import { createHash, createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Local stand-ins for Aliyun's dysmsapi and Tencent Cloud's SMS API. Each checks a request's
 * signature the way its service documents it, written here from the documentation, not from the
 * adapters, and answers in the service's format; `sent` holds what each accepted.
 */
export interface FakeSms {
  url: string;
  sent: Record<string, unknown>[];
  close(): Promise<void>;
}

const read = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    const parts: Buffer[] = [];
    req.on('data', (p: Buffer) => parts.push(p));
    req.on('end', () => resolve(Buffer.concat(parts).toString('utf8')));
  });

async function serve(handle: (req: IncomingMessage, body: string) => { status: number; body: unknown }): Promise<{
  server: Server;
  url: string;
}> {
  const server = createServer(async (req, res) => {
    const out = handle(req, await read(req));
    res.writeHead(out.status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(out.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

const stop = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));

/** Percent-encoding per RFC 3986, byte by byte: what Aliyun's "POP" signature document asks for. */
function popEncode(s: string): string {
  let out = '';
  for (const byte of Buffer.from(s, 'utf8')) {
    const c = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-_.~]/.test(c) ? c : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** dysmsapi: RPC signature v1 (HMAC-SHA1) over the form's parameters. */
export async function fakeAliyun(secrets: Record<string, string>): Promise<FakeSms> {
  const sent: Record<string, unknown>[] = [];
  const nonces = new Set<string>();
  const refuse = (Code: string, Message: string) => ({ status: 400, body: { Code, Message, RequestId: 'r' } });
  const { server, url } = await serve((req, raw) => {
    const params = Object.fromEntries(new URLSearchParams(raw));
    const { Signature, ...rest } = params;
    const secret = secrets[rest.AccessKeyId ?? ''];
    if (!secret) return refuse('InvalidAccessKeyId.NotFound', 'Specified access key is not found.');
    if (rest.SignatureMethod !== 'HMAC-SHA1' || rest.SignatureVersion !== '1.0')
      return refuse('InvalidSignatureMethod', 'bad method');
    const at = Date.parse(rest.Timestamp ?? '');
    if (!/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/.test(rest.Timestamp ?? '') || Math.abs(Date.now() - at) > 15 * 60_000)
      return refuse('InvalidTimeStamp.Expired', 'bad timestamp');
    if (!rest.SignatureNonce || nonces.has(rest.SignatureNonce)) return refuse('SignatureNonceUsed', 'nonce used');
    const query = Object.keys(rest)
      .sort()
      .map((k) => `${popEncode(k)}=${popEncode(rest[k] ?? '')}`)
      .join('&');
    const toSign = `${req.method}&${popEncode('/')}&${popEncode(query)}`;
    const expected = createHmac('sha1', `${secret}&`).update(toSign).digest('base64');
    if (Signature !== expected) return refuse('SignatureDoesNotMatch', 'Specified signature is not matched.');
    nonces.add(rest.SignatureNonce);
    if (rest.Action !== 'SendSms' || rest.Version !== '2017-05-25') return refuse('InvalidAction', 'bad action');
    sent.push(rest);
    return { status: 200, body: { Code: 'OK', Message: 'OK', BizId: '1', RequestId: 'r' } };
  });
  return { url, sent, close: () => stop(server) };
}

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const hmac = (key: string | Buffer, s: string) => createHmac('sha256', key).update(s).digest();

/** Tencent Cloud API 3.0: TC3-HMAC-SHA256 over the headers the request names as signed. */
export async function fakeTencent(secrets: Record<string, string>): Promise<FakeSms> {
  const sent: Record<string, unknown>[] = [];
  const refuse = (Code: string, Message: string) => ({
    status: 200,
    body: { Response: { Error: { Code, Message }, RequestId: 'r' } },
  });
  const { server, url } = await serve((req, payload) => {
    const m =
      /^TC3-HMAC-SHA256 Credential=([^/]+)\/(\d{4}-\d\d-\d\d)\/([^/]+)\/tc3_request, SignedHeaders=([^,]+), Signature=([0-9a-f]{64})$/.exec(
        req.headers.authorization ?? '',
      );
    if (!m) return refuse('AuthFailure.InvalidAuthorization', 'malformed Authorization');
    const [, id, date, service, signedHeaders, signature] = m as unknown as string[];
    const secret = secrets[id ?? ''];
    if (!secret) return refuse('AuthFailure.SecretIdNotFound', 'unknown SecretId');
    const timestamp = Number(req.headers['x-tc-timestamp']);
    if (Math.abs(Date.now() / 1000 - timestamp) > 300) return refuse('AuthFailure.SignatureExpire', 'expired');
    if (new Date(timestamp * 1000).toISOString().slice(0, 10) !== date || service !== 'sms')
      return refuse('AuthFailure.InvalidAuthorization', 'credential scope');
    const names = (signedHeaders ?? '').split(';');
    if (!names.includes('content-type') || !names.includes('host'))
      return refuse('AuthFailure.InvalidAuthorization', 'content-type and host must be signed');
    const headers = names
      .map(
        (n) =>
          `${n}:${String(req.headers[n] ?? '')
            .trim()
            .toLowerCase()}\n`,
      )
      .join('');
    const canonical = ['POST', '/', '', headers, signedHeaders, sha256(payload)].join('\n');
    const toSign = ['TC3-HMAC-SHA256', String(timestamp), `${date}/sms/tc3_request`, sha256(canonical)].join('\n');
    const key = hmac(hmac(hmac(`TC3${secret}`, date ?? ''), 'sms'), 'tc3_request');
    if (createHmac('sha256', key).update(toSign).digest('hex') !== signature)
      return refuse('AuthFailure.SignatureFailure', 'The provided credentials could not be validated.');
    if (req.headers['x-tc-action'] !== 'SendSms' || req.headers['x-tc-version'] !== '2021-01-11')
      return refuse('InvalidAction', 'bad action');
    const body = JSON.parse(payload) as { PhoneNumberSet: string[] };
    sent.push({ ...body, region: req.headers['x-tc-region'] });
    const SendStatusSet = body.PhoneNumberSet.map((PhoneNumber) => ({
      Code: 'Ok',
      Message: 'send success',
      PhoneNumber,
    }));
    return { status: 200, body: { Response: { SendStatusSet, RequestId: 'r' } } };
  });
  return { url, sent, close: () => stop(server) };
}
