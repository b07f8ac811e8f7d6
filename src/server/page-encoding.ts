import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { encodeNow, type FastEncoding, pickFastEncoding, SMALL_BODY } from './encoding';
import type { NodeHandler } from './http';

/** What is worth compressing: markup and text (pages, the sitemap, robots.txt, the icons' sprite). */
const TEXT = /^(?:text\/|image\/svg\+xml|application\/(?:xml|json|javascript|manifest\+json))/;

type Chunk = string | Uint8Array;
type Callback = (err?: Error | null) => void;

/**
 * The pages' handler with what it renders for one request compressed whole,
 * in one call at the fastest level, as the API's replies are (api/errors.ts).
 * The server's compression stream (src/server/http.ts), which leaves encoded
 * bodies alone, ran one zlib job per chunk Astro streamed: ~5 ms of CPU for a
 * 14 KB page. Here, in the server layer, the body Astro writes is gathered
 * and compressed at its end: compressing it inside Astro's middleware cost a
 * second Response, a copy of the page and a second read of its stream per
 * render. A head that already names an encoding (a kept page), a type that is
 * not text, a HEAD or a body without content go out as they come.
 */
export function compressedWhole(pages: NodeHandler): NodeHandler {
  return (req, res) => {
    const accept = String(req.headers['accept-encoding'] ?? '');
    const encoding = req.method === 'GET' || req.method === 'POST' ? pickFastEncoding(accept) : null;
    if (encoding) gatherBody(res, encoding);
    pages(req, res);
  };
}

function gatherBody(res: ServerResponse, encoding: FastEncoding): void {
  const { writeHead, write, end } = res;
  const chunks: Buffer[] = [];
  const gather = (chunk: Chunk | null | undefined, enc?: BufferEncoding) => {
    if (chunk === undefined || chunk === null) return;
    // A view, not a copy: the chunks are the render's own bytes.
    chunks.push(
      typeof chunk === 'string'
        ? Buffer.from(chunk, enc ?? 'utf8')
        : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength),
    );
  };
  const restore = () => {
    res.writeHead = writeHead;
    res.write = write;
    res.end = end;
  };
  /** Back to Node's own methods, the head written and what was gathered sent: not a body to compress. */
  const passThrough = (head: () => void) => {
    restore();
    head();
    for (const chunk of chunks.splice(0)) res.write(chunk);
  };
  let decided = false;
  res.writeHead = function (this: ServerResponse, code: number, ...rest: unknown[]) {
    decided = true;
    const headers = rest.find((r): r is OutgoingHttpHeaders => typeof r === 'object' && r !== null);
    const message = rest.find((r): r is string => typeof r === 'string');
    // Raw header pairs are not what Astro writes: sent as they come.
    if (Array.isArray(headers)) {
      passThrough(() => writeHead.call(this, code, ...(rest as [])));
      return this;
    }
    this.statusCode = code;
    if (message) this.statusMessage = message;
    for (const [name, value] of Object.entries(headers ?? {})) if (value !== undefined) this.setHeader(name, value);
    if (!compressible(this)) passThrough(() => writeHead.call(this, code));
    return this;
  } as ServerResponse['writeHead'];
  res.write = function (this: ServerResponse, chunk: Chunk, encOrCb?: BufferEncoding | Callback, cb?: Callback) {
    // A write before any head: the head is the one set so far, as Node's own would be.
    if (!decided) {
      decided = true;
      if (!compressible(this)) {
        passThrough(() => {});
        return write.call(this, chunk, encOrCb as BufferEncoding, cb);
      }
    }
    gather(chunk, typeof encOrCb === 'string' ? encOrCb : undefined);
    const done = typeof encOrCb === 'function' ? encOrCb : cb;
    if (done) process.nextTick(done);
    return true;
  } as ServerResponse['write'];
  res.end = function (
    this: ServerResponse,
    chunk?: Chunk | Callback,
    encOrCb?: BufferEncoding | Callback,
    cb?: Callback,
  ) {
    restore();
    if (typeof chunk === 'function') cb = chunk;
    else gather(chunk, typeof encOrCb === 'string' ? encOrCb : undefined);
    if (typeof encOrCb === 'function') cb = encOrCb;
    let body = chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks);
    if (body.byteLength >= SMALL_BODY && compressible(this)) {
      body = encodeNow(body, encoding);
      this.setHeader('content-encoding', encoding);
      const vary = this.getHeader('vary');
      this.setHeader('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
    }
    this.setHeader('content-length', body.byteLength);
    writeHead.call(this, this.statusCode);
    return cb ? this.end(body, cb) : this.end(body);
  } as ServerResponse['end'];
}

function compressible(res: ServerResponse): boolean {
  if (res.statusCode === 204 || res.statusCode === 304 || res.hasHeader('content-encoding')) return false;
  return TEXT.test(String(res.getHeader('content-type') ?? ''));
}
