/** Why a channel test failed, each with its own plain-words message (channels:test.<reason>). */
export type ProbeReason =
  | 'refused'
  | 'dns'
  | 'timeout'
  | 'network'
  | 'tls'
  | 'badKey'
  | 'notFound'
  | 'missingV1'
  | 'rateLimited'
  | 'server'
  | 'status'
  | 'shape'
  | 'badModel'
  | 'flavourMismatch';

/** A failed step of a test: the reason, and the HTTP status when there was one. */
export class ProbeFailure extends Error {
  readonly reason: ProbeReason;
  readonly status: number | null;

  constructor(reason: ProbeReason, status: number | null = null) {
    super(`probe ${reason}${status ? ` (${status})` : ''}`);
    this.reason = reason;
    this.status = status;
  }
}

/** Each call of a test is cut off after this long. */
export const PROBE_TIMEOUT_MS = 10_000;
/** Bodies larger than this are not read (a test needs only the shape). */
const MAX_BODY = 2_000_000;

/** Names the connection-level failure from fetch's error and its cause (undici / Node codes). */
export function connectionReason(err: unknown): ProbeReason {
  const e = err as { name?: string; cause?: { code?: string; name?: string } };
  if (e.name === 'TimeoutError' || e.cause?.name === 'ConnectTimeoutError') return 'timeout';
  const code = e.cause?.code ?? '';
  if (code === 'ECONNREFUSED' || code === 'ECONNRESET') return 'refused';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EAI_NONAME') return 'dns';
  if (code === 'UND_ERR_CONNECT_TIMEOUT' || code === 'ETIMEDOUT') return 'timeout';
  if (/CERT|SSL|TLS/i.test(code)) return 'tls';
  return 'network';
}

/** The failure an HTTP status means to an operator. */
export function statusReason(status: number): ProbeReason {
  if (status === 401 || status === 403) return 'badKey';
  if (status === 404 || status === 405) return 'notFound';
  if (status === 429) return 'rateLimited';
  if (status >= 500) return 'server';
  return 'status';
}

export interface Answer {
  status: number;
  body: unknown;
}

/**
 * One time-limited request of a test. Connection failures throw ProbeFailure; any HTTP answer
 * is returned with its body parsed as JSON when it is JSON (else the text, else null).
 */
export async function probeCall(
  url: string,
  init: { method?: 'GET' | 'POST'; headers?: Record<string, string>; json?: unknown },
): Promise<Answer> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: init.method ?? 'GET',
      headers: {
        accept: 'application/json',
        ...(init.json === undefined ? {} : { 'content-type': 'application/json' }),
        ...init.headers,
      },
      body: init.json === undefined ? undefined : JSON.stringify(init.json),
      redirect: 'manual',
      signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
    });
  } catch (err) {
    throw new ProbeFailure(connectionReason(err));
  }
  let text = '';
  try {
    const declared = Number(res.headers.get('content-length') ?? 0);
    text = declared > MAX_BODY ? '' : (await res.text()).slice(0, MAX_BODY);
  } catch (err) {
    throw new ProbeFailure(connectionReason(err));
  }
  try {
    return { status: res.status, body: JSON.parse(text) };
  } catch {
    return { status: res.status, body: text || null };
  }
}

/** The answer when it is a 2xx, else the failure its status means. */
export function expectOk(a: Answer): unknown {
  if (a.status >= 200 && a.status < 300) return a.body;
  throw new ProbeFailure(statusReason(a.status), a.status);
}

export const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
