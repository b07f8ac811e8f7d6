import { DownloadError, downloadFile } from '../download';
import { ImageProviderError } from './types';

/** Largest picture a provider may hand us (bytes). */
export const MAX_IMAGE_BYTES = 30 * 1024 * 1024;

/** Combines the task's signal with a per-request timeout. */
function timed(signal: AbortSignal, ms: number): AbortSignal {
  return AbortSignal.any([signal, AbortSignal.timeout(ms)]);
}

/**
 * A JSON request to a provider. Network failures and non-2xx answers become
 * ImageProviderError('failed'); the caller's abort propagates as is.
 */
export async function requestJson(
  url: string,
  init: RequestInit & { signal: AbortSignal; timeoutMs?: number },
): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal: timed(init.signal, init.timeoutMs ?? 60_000) });
  } catch (err) {
    init.signal.throwIfAborted();
    throw new ImageProviderError('failed', `request to ${new URL(url).host} failed: ${(err as Error).message}`, true);
  }
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // keep the text for the message
  }
  if (!res.ok) throw new HttpStatusError(res.status, body);
  return body;
}

/** A provider answered with a non-2xx status; `body` is its parsed reply. */
export class HttpStatusError extends ImageProviderError {
  readonly status: number;
  readonly body: unknown;

  constructor(status: number, body: unknown) {
    const down = status === 401 || status === 403 || status === 429 || status >= 500;
    super('failed', `provider answered HTTP ${status}: ${JSON.stringify(body).slice(0, 300)}`, down);
    this.status = status;
    this.body = body;
  }
}

/** Downloads a picture the provider hosts (providers/download.ts), so we can re-host it (never hot-linked). */
export async function downloadImage(url: string, signal: AbortSignal, headers: Record<string, string> = {}) {
  try {
    return (await downloadFile(url, { kind: 'image', maxBytes: MAX_IMAGE_BYTES, signal, headers })).bytes;
  } catch (err) {
    if (err instanceof DownloadError) throw new ImageProviderError('failed', err.message);
    throw err;
  }
}

/** Bytes of a base64 string or data URL. */
export function fromBase64(value: string): Buffer {
  return Buffer.from(value.replace(/^data:[^,]*,/, ''), 'base64');
}

export const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
