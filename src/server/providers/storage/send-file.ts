import { createReadStream } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';

const TYPES: Record<string, string> = {
  webp: 'image/webp',
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  m4a: 'audio/mp4',
  mp4: 'video/mp4',
  json: 'application/json',
  txt: 'text/plain; charset=utf-8',
  // Chat attachments' documents (private: served by the API to their owner, docs/chat.md#attachments).
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  csv: 'text/csv; charset=utf-8',
  md: 'text/markdown; charset=utf-8',
};

/** The Content-Type of a stored file, by its key's extension. */
export const contentTypeOf = (key: string) => TYPES[path.extname(key).slice(1)] ?? 'application/octet-stream';

/** Streams a file of known size, honouring one `Range: bytes=…` (audio seeking) and HEAD. */
export function sendFile(
  req: IncomingMessage,
  res: ServerResponse,
  file: string,
  size: number,
  cacheControl: string,
): void {
  const headers: Record<string, string | number> = {
    'content-type': contentTypeOf(file),
    'cache-control': cacheControl,
    'accept-ranges': 'bytes',
  };
  const range = /^bytes=(\d*)-(\d*)$/.exec(req.headers.range ?? '');
  if (range && (range[1] || range[2])) {
    const start = range[1] ? Number(range[1]) : Math.max(0, size - Number(range[2]));
    const end = range[1] && range[2] ? Math.min(Number(range[2]), size - 1) : size - 1;
    if (start > end || start >= size) {
      res.writeHead(416, { 'content-range': `bytes */${size}` }).end();
      return;
    }
    res.writeHead(206, {
      ...headers,
      'content-range': `bytes ${start}-${end}/${size}`,
      'content-length': end - start + 1,
    });
    if (req.method === 'HEAD') res.end();
    else createReadStream(file, { start, end }).pipe(res);
    return;
  }
  res.writeHead(200, { ...headers, 'content-length': size });
  if (req.method === 'HEAD') res.end();
  else createReadStream(file).pipe(res);
}
