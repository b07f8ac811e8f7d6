import type { IncomingMessage, ServerResponse } from 'node:http';
import { type Language, translatorOf } from '../shared/i18n';
import { bodyLimitFor } from './body-limits';
import { userIdForToken } from './db/queries/sessions';
import type { Runtime } from './runtime';
import { bearer } from './services/account/auth';

/** What the body reader leaves on the request for the API and the pages: the body, or why it was refused. */
export interface BodyIncoming extends IncomingMessage {
  rawBody?: Buffer;
  bodyRefused?: 408 | 413;
}

/**
 * Reads a request's body before Hono sees the request (the API's, and the
 * pages' through page-render.ts), against the route's limit (body-limits.ts:
 * a page's form gets the default) and with a timeout on pauses, and hands it
 * over as `rawBody`; a refused body leaves `bodyRefused` for the API or
 * answerRefusedPage to answer. Reading it here also keeps keep-alive connections usable: Hono's
 * body-limit middleware opened the body stream even for routes that never
 * read it, and such an unread body stalled the connection.
 */
export function readBody(rt: Runtime, req: BodyIncoming, res: ServerResponse, next: () => void) {
  if (req.method === 'GET' || req.method === 'HEAD') return next();
  const chunked = req.headers['transfer-encoding'] !== undefined;
  const length = Number(req.headers['content-length']);
  const declared = !chunked && req.headers['content-length'] !== undefined && Number.isSafeInteger(length);
  if (!chunked && (!declared || length <= 0)) return next();

  const max = rt.env.BODY_LIMIT;
  const limits = bodyLimitFor(req.method, req.url ?? '/', max);
  const token = bearer(req.headers.authorization);
  const needsMember = limits.member > limits.visitor && token !== null && (chunked || length > limits.visitor);
  const readUpTo = (limit: number) => read(rt, req, res, declared ? length : null, limit, next);
  if (!needsMember) return readUpTo(limits.visitor);
  // Only a live session may send more than a visitor: one lookup, before any of the body is held.
  userIdForToken(rt.database.db, token).then(
    (userId) => readUpTo(userId === null ? limits.visitor : limits.member),
    () => readUpTo(limits.visitor),
  );
}

function read(
  rt: Runtime,
  req: BodyIncoming,
  res: ServerResponse,
  length: number | null,
  limit: number,
  next: () => void,
) {
  const refuse = (status: 408 | 413, keepAlive: boolean) => {
    req.bodyRefused = status;
    req.rawBody = Buffer.alloc(0);
    if (!keepAlive) {
      res.shouldKeepAlive = false;
      res.once('finish', () => req.socket.destroy());
    }
    next();
  };
  if (length !== null && length > limit) {
    // Beyond BODY_LIMIT: answered unread and closed. Otherwise answered at once while the body is
    // read and dropped behind the reply, so a keep-alive client can go on; a stall ends the connection.
    if (length > rt.env.BODY_LIMIT) return refuse(413, false);
    consume(rt, req, null, (ok) => ok || req.socket.destroy());
    return refuse(413, true);
  }
  consume(rt, req, limit, (ok, body) => {
    if (!ok) return refuse(408, false);
    if (body === null) return refuse(413, false);
    req.rawBody = body;
    next();
  });
}

/**
 * Reads the body to its end, keeping up to `limit` bytes (beyond, it stops
 * and answers `null`); a null `limit` drops what arrives. `ok` is false when
 * the client paused longer than BODY_TIMEOUT_MS; nothing is called when it
 * went away.
 */
function consume(
  rt: Runtime,
  req: IncomingMessage,
  limit: number | null,
  done: (ok: boolean, body: Buffer | null) => void,
) {
  let chunks: Buffer[] = [];
  let size = 0;
  let finished = false;
  let timer: NodeJS.Timeout | undefined;
  const finish = (ok: boolean, body: Buffer | null) => {
    if (finished) return;
    finished = true;
    clearTimeout(timer);
    req.off('data', onData);
    req.off('end', onEnd);
    chunks = [];
    if (!ok || body === null) req.pause();
    done(ok, body);
  };
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => finish(false, null), rt.env.BODY_TIMEOUT_MS);
  };
  const onData = (chunk: Buffer) => {
    size += chunk.length;
    if (limit !== null && size > limit) return finish(true, null);
    if (limit !== null) chunks.push(chunk);
    arm();
  };
  const onEnd = () => finish(true, limit !== null ? Buffer.concat(chunks, size) : Buffer.alloc(0));
  req.on('data', onData);
  req.once('end', onEnd);
  req.once('close', () => {
    if (finished) return;
    // The client went away mid-body: drop what was held, answer nobody.
    finished = true;
    clearTimeout(timer);
    chunks = [];
  });
  arm();
}

/** A page request whose body was refused (a form post over its limit, or one that stalled): the status and a line of text. */
export function answerRefusedPage(req: BodyIncoming, res: ServerResponse, lang: Language): boolean {
  if (!req.bodyRefused) return false;
  const t = translatorOf(lang);
  const text = req.bodyRefused === 413 ? t('error.payloadTooLarge') : t('error.timeout');
  res.writeHead(req.bodyRefused, { 'content-type': 'text/plain; charset=utf-8' }).end(text);
  return true;
}
