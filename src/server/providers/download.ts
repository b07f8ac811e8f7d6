/**
 * The one downloader of generated files providers hand us as URLs
 * (midjourney-proxy / Discord CDN, OpenAI image URLs, suno audio and covers, videos):
 * each is fetched once, within a time and size limit, and its type is read
 * from its first bytes — never from the upstream's Content-Type — so what is
 * stored is ours and what it claims to be. Users never see the upstream URL.
 */

export type FileKind = 'image' | 'audio' | 'video';

export interface Downloaded {
  bytes: Buffer;
  /** Extension by the file's magic bytes: jpg, png, gif, webp, avif, tiff / mp3, wav, ogg, m4a / mp4. */
  ext: string;
}

export interface DownloadOptions {
  kind: FileKind;
  maxBytes: number;
  signal: AbortSignal;
  timeoutMs?: number;
  headers?: Record<string, string>;
  /** Resolves a relative URL (suno-api answers `/api/…` paths). */
  base?: string;
  fetch?: typeof fetch;
}

/** A download that failed (network, status, size, type): the task fails, never a crash. */
export class DownloadError extends Error {}

const ascii = (b: Buffer, at: number, text: string) => b.subarray(at, at + text.length).toString('latin1') === text;

/** The file's type by its magic bytes, or null when it is not a kind we keep. */
export function sniff(b: Buffer, kind: FileKind): string | null {
  if (kind === 'image') {
    if (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpg';
    if (ascii(b, 0, '\x89PNG\r\n\x1a\n')) return 'png';
    if (ascii(b, 0, 'GIF87a') || ascii(b, 0, 'GIF89a')) return 'gif';
    if (ascii(b, 0, 'RIFF') && ascii(b, 8, 'WEBP')) return 'webp';
    if (ascii(b, 4, 'ftypavif') || ascii(b, 4, 'ftypavis')) return 'avif';
    if (ascii(b, 0, 'II*\0') || ascii(b, 0, 'MM\0*')) return 'tiff';
    return null;
  }
  // An ISO media file (MP4, MOV): its first box is `ftyp`.
  if (kind === 'video') return ascii(b, 4, 'ftyp') ? 'mp4' : null;
  if (ascii(b, 0, 'ID3')) return 'mp3';
  // An MPEG audio frame: 11 sync bits, then a layer that is not 0 (0 would be AAC's ADTS).
  if (b[0] === 0xff && ((b[1] ?? 0) & 0xe0) === 0xe0 && ((b[1] ?? 0) & 0x06) !== 0) return 'mp3';
  if (ascii(b, 0, 'RIFF') && ascii(b, 8, 'WAVE')) return 'wav';
  if (ascii(b, 0, 'OggS')) return 'ogg';
  if (ascii(b, 4, 'ftyp')) return 'm4a';
  return null;
}

/** Downloads one generated file; throws DownloadError (or the caller's abort). */
export async function downloadFile(url: string, o: DownloadOptions): Promise<Downloaded> {
  let target: URL;
  try {
    target = new URL(url, o.base);
  } catch {
    throw new DownloadError(`not a URL: ${url.slice(0, 100)}`);
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') throw new DownloadError('no http(s) file URL');
  const signal = AbortSignal.any([o.signal, AbortSignal.timeout(o.timeoutMs ?? 120_000)]);
  const where = `${o.kind} download from ${target.host}`;
  let res: Response;
  try {
    res = await (o.fetch ?? fetch)(target, { headers: o.headers, signal, redirect: 'follow' });
  } catch (err) {
    o.signal.throwIfAborted();
    throw new DownloadError(`${where} failed: ${(err as Error).message}`);
  }
  if (!res.ok || !res.body) {
    await res.body?.cancel().catch(() => {});
    throw new DownloadError(`${where} answered HTTP ${res.status}`);
  }
  if (Number(res.headers.get('content-length') ?? 0) > o.maxBytes) {
    await res.body.cancel().catch(() => {});
    throw new DownloadError(`${where} is too large`);
  }
  let bytes: Buffer;
  try {
    bytes = await readCapped(res.body, o.maxBytes, where);
  } catch (err) {
    o.signal.throwIfAborted();
    throw err;
  }
  const ext = sniff(bytes, o.kind);
  if (!ext) throw new DownloadError(`${where} is not a known ${o.kind} file`);
  return { bytes, ext };
}

/** Reads a body to its end, refusing it once it passes maxBytes (counted while it streams, never after). */
export async function readCapped(body: ReadableStream<Uint8Array>, maxBytes: number, where: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of body) {
      size += chunk.byteLength;
      if (size > maxBytes) throw new DownloadError(`${where} is too large`);
      chunks.push(Buffer.from(chunk));
    }
  } catch (err) {
    // Leaving the loop cancels the stream: the rest is never read.
    if (err instanceof DownloadError) throw err;
    throw new DownloadError(`${where} broke off: ${(err as Error).message}`);
  }
  return Buffer.concat(chunks);
}
