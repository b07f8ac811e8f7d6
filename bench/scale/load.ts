// Load at 50 connections against the scale targets (autocannon): each request
// may carry another user's session, so order creation and coupon claims are
// real first-time actions, not refusals of a repeat.
import http from 'node:http';
import autocannon from 'autocannon';

export const CONNECTIONS = 50;

export interface Target {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  /** One session per request, rotating (actions a user does once); else the heavy user's. */
  rotate?: boolean;
  /** One body per request, rotating (a sign-in of another account each time, as real traffic). */
  bodies?: unknown[];
  /** The reply code of success (1000000 unless the route answers otherwise: login answers 200). */
  success?: number;
  /** Connections at once (CONNECTIONS unless told). */
  connections?: number;
}

export interface Measured {
  rps: number;
  p50: number;
  p99: number;
  /** Non-2xx, errors and timeouts. */
  bad: number;
  /** Replies whose JSON code was not 1000000. */
  refused: number;
}

export interface Sessions {
  heavy: string;
  many: string[];
}

/** Where each set of sessions' rotation stands: a row's warm-up and its measured run hand out other accounts. */
const rotation = new WeakMap<Sessions, number>();

export async function hammer(base: string, t: Target, s: Sessions, seconds: number): Promise<Measured> {
  let next = rotation.get(s) ?? 0;
  let refused = 0;
  const body = t.body === undefined ? undefined : JSON.stringify(t.body);
  const auth = (token: string) => ({
    authorization: `Bearer ${token}`,
    'accept-encoding': 'gzip',
    ...(body ? { 'content-type': 'application/json' } : {}),
  });
  const result = await autocannon({
    url: base + t.path,
    method: t.method,
    body,
    headers: auth(s.heavy),
    connections: t.connections ?? CONNECTIONS,
    duration: seconds,
    requests:
      t.rotate || t.bodies
        ? [
            {
              setupRequest: (req) => {
                const i = next++;
                return {
                  ...req,
                  ...(t.rotate ? { headers: auth(s.many[i % s.many.length] ?? s.heavy) } : {}),
                  ...(t.bodies ? { body: JSON.stringify(t.bodies[i % t.bodies.length]) } : {}),
                };
              },
            },
          ]
        : undefined,
    setupClient: (client) => {
      client.on('body', (buf: Buffer) => {
        const text = buf.toString();
        if (text.startsWith('{') && !text.includes(`"code":${t.success ?? 1000000},`)) refused++;
      });
    },
  });
  rotation.set(s, next);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    bad: result.non2xx + result.errors + result.timeouts,
    refused,
  };
}

// The payment row's client: node:http on kept-alive sockets. fetch (undici) cost this 2-core machine
// ~2 ms of CPU a payment (four requests), taken from the server it measures; this costs under half.
const agent = new http.Agent({ keepAlive: true });

function call(base: string, token: string, path: string, body?: unknown) {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise<{ code: number; data?: Record<string, unknown> }>((resolve, reject) => {
    const req = http.request(
      base + path,
      {
        agent,
        method: payload === undefined ? 'GET' : 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          try {
            resolve(JSON.parse(Buffer.concat(chunks).toString()));
          } catch (err) {
            reject(err);
          }
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/**
 * One sandbox payment end to end, as the browser and the phone make it: the order (its answer
 * holds the pay link with its one-time key, the QR the dialog shows) → the phone confirms with
 * that key → the page asks the order's detail and reads "paid". `reopen` first asks for the link
 * again, as a pay dialog reopened from the order list does.
 */
async function payOnce(
  base: string,
  token: string,
  product: { id: number; code: string },
  reopen: boolean,
): Promise<boolean> {
  const made = await call(base, token, '/api/order/create', { productId: product.id, productCode: product.code });
  const orderNo = made.data?.orderNo as string | undefined;
  if (!orderNo) return false;
  const link = reopen
    ? (await call(base, token, `/api/pay/sandbox/${orderNo}/link`, {})).data?.payLink
    : made.data?.payLink;
  const key = new URL(String(link ?? ''), base).searchParams.get('key');
  if (!key) return false;
  await call(base, token, `/api/pay/sandbox/${orderNo}/confirm`, { key });
  const detail = await call(base, token, `/api/order/detail?orderNo=${orderNo}`);
  return detail.data?.orderStatus === 1;
}

/** Payments in flight at once in the payment rows (each a sequence of requests, one after another). */
export const PAYING = 10;

/** Sandbox payments by `concurrency` users at once for `seconds`; latency of the whole sequence. */
export async function payments(
  base: string,
  tokens: string[],
  product: { id: number; code: string },
  seconds: number,
  opts: { reopen?: boolean; concurrency?: number } = {},
): Promise<Measured> {
  const times: number[] = [];
  let bad = 0;
  let next = 0;
  const end = Date.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: opts.concurrency ?? PAYING }, async () => {
      while (Date.now() < end && next < tokens.length) {
        const token = tokens[next++] as string;
        const started = performance.now();
        const ok = await payOnce(base, token, product, opts.reopen ?? false).catch(() => false);
        times.push(performance.now() - started);
        if (!ok) bad++;
      }
    }),
  );
  times.sort((a, b) => a - b);
  const at = (q: number) => Math.round(times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0);
  return { rps: times.length / seconds, p50: at(0.5), p99: at(0.99), bad, refused: bad };
}
