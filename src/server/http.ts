import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
import { getRequestListener } from '@hono/node-server';
import compression from 'compression';
import type { ApiApp } from './api/context';
import { connectionCaps } from './config/limits';
import { guardConnections } from './connection-guard';
import { cspDirectives, SCRIPT_SOURCES, STYLE_SOURCES, storageOrigins } from './csp.mjs';
import { FAST_BROTLI, FAST_GZIP, SMALL_BODY } from './encoding';
import { namesFile } from './file-names';
import { redactUrl } from './log';
import { requestLanguage, servePageHit } from './page-http';
import { FILES_PREFIX } from './providers/storage';
import { answerRefusedPage, type BodyIncoming, readBody } from './request-body';
import type { Runtime } from './runtime';
import { isPublicFile } from './services/file-access';
import { watchPageChanges } from './services/pages/page-cache';

export type NodeHandler = (req: IncomingMessage, res: ServerResponse) => void;

// Pages replace this with Astro's policy: the same list plus the hashes of their inline scripts.
const SOURCES = [`script-src ${SCRIPT_SOURCES.join(' ')}`, `style-src ${STYLE_SOURCES.join(' ')}`];
const cspOf = (fileOrigins: string[]) => [...cspDirectives(fileOrigins), ...SOURCES].join('; ');
const CSP = cspOf([]);
const PERMISSIONS_POLICY = 'camera=(), microphone=(self), geolocation=()';

export function securityHeaders(req: IncomingMessage, res: ServerResponse, trustProxy: boolean, csp = CSP) {
  res.setHeader('Content-Security-Policy', csp);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
  res.setHeader('X-Frame-Options', 'DENY');
  // The chat's voice input needs this page's own microphone; nothing else may ask for it, camera or location.
  res.setHeader('Permissions-Policy', PERMISSIONS_POLICY);
  res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
  const https =
    (req.socket as TLSSocket).encrypted === true ||
    (trustProxy && req.headers['x-forwarded-proto']?.toString().split(',')[0]?.trim() === 'https');
  if (https) res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
}

/**
 * Pages bring their own policy (the list plus their scripts' hashes). A 304
 * must bring none: browsers copy a 304's headers onto the stored page, and
 * the fallback policy there would block the page's inline scripts. A rendered
 * page states its server time until its head (routing, render, compression):
 * `Server-Timing: app;dur=…`, what the bench reads (bench/render.ts).
 */
function pageHead(res: ServerResponse, started: number): void {
  const writeHead = res.writeHead;
  res.writeHead = function (this: ServerResponse, status: number, ...rest: unknown[]) {
    if (status === 304) this.removeHeader('content-security-policy');
    this.setHeader('server-timing', `app;dur=${(performance.now() - started).toFixed(2)}`);
    return (writeHead as (...args: unknown[]) => ServerResponse).call(this, status, ...rest);
  } as ServerResponse['writeHead'];
}

const FAST_COMPRESSION = { ...FAST_GZIP, brotli: FAST_BROTLI };

/**
 * compression decides when the headers go out, and sees a length only as a
 * header. @hono/node-server tells Node a string reply's length internally
 * (`_contentLength`) instead, so every API reply, even the ~100 bytes most
 * routes answer with, went through a brotli stream of its own. Reading the
 * reply back to set the header made undici build a Response per request.
 */
function worthCompressing(req: IncomingMessage, res: ServerResponse): boolean {
  const known = (res as ServerResponse & { _contentLength?: number | null })._contentLength;
  if (typeof known === 'number' && known < SMALL_BODY) return false;
  return compression.filter(req as never, res as never);
}

/** The one HTTP server: compression, headers, logs, /api, pages, and the push socket upgrade. */
export function createHttpServer(rt: Runtime, api: ApiApp, pages: NodeHandler): Server {
  const apiListener = getRequestListener(api.fetch);
  const compress = compression({ threshold: SMALL_BODY, filter: worthCompressing });
  // API replies are compressed per request: the fastest levels take a 15 KB page of orders in a
  // quarter of the time of the defaults (gzip 6, brotli 4) for a few percent more bytes.
  const compressApi = compression({ threshold: SMALL_BODY, filter: worthCompressing, ...FAST_COMPRESSION });

  const env = rt.env;
  // Node checks the header and request timeouts on this interval; a tenth keeps them close to exact.
  const connectionsCheckingInterval = Math.min(30_000, Math.max(100, Math.floor(env.HEADERS_TIMEOUT_MS / 10)));
  const csp = cspOf(storageOrigins(rt.env));
  watchPageChanges(rt);
  const server = createServer({ connectionsCheckingInterval }, (req, res) => {
    const started = performance.now();
    res.once('finish', () => {
      rt.log.info('request', {
        method: req.method,
        path: redactUrl(req.url ?? ''),
        status: res.statusCode,
        ms: Math.round((performance.now() - started) * 10) / 10,
      });
    });
    securityHeaders(req, res, rt.env.TRUST_PROXY, csp);
    // A public page already rendered and compressed: straight from memory (docs/page-cache.md).
    if (servePageHit(rt, req, res)) return;
    const url = req.url ?? '/';
    if (url === '/api' || url.startsWith('/api/') || url.startsWith('/api?')) {
      compressApi(req as never, res as never, () => readBody(rt, req, res, () => void apiListener(req, res)));
    } else if (url.startsWith(FILES_PREFIX) && (req.method === 'GET' || req.method === 'HEAD')) {
      compress(req as never, res as never, () =>
        rt.storage
          .serve(req, res, (key) => isPublicFile(rt, key))
          .then(
            (served) => served || pages(req, res),
            () => pages(req, res),
          ),
      );
    } else {
      pageHead(res, started);
      // A page is compressed whole as it ends (page-encoding.ts); a built file is streamed through compression.
      if (namesFile(url)) compress(req as never, res as never, () => pages(req, res));
      // A page's form post is read and bounded as an API body is (the pages get it as `rawBody`).
      else
        readBody(
          rt,
          req,
          res,
          () => answerRefusedPage(req as BodyIncoming, res, requestLanguage(req)) || pages(req, res),
        );
    }
  });
  server.on('upgrade', (req, socket, head) => rt.hub.handleUpgrade(req, socket, head));
  server.on('clientError', (err: NodeJS.ErrnoException, socket) => {
    const status = err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? '408 Request Timeout' : '400 Bad Request';
    // Destroyed once written: a client that never closes its side must not keep the handle.
    if (socket.writable) socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\n\r\n`, () => socket.destroy());
    else socket.destroy();
  });
  server.keepAliveTimeout = env.KEEP_ALIVE_TIMEOUT_MS;
  server.headersTimeout = env.HEADERS_TIMEOUT_MS;
  server.requestTimeout = Math.max(env.REQUEST_TIMEOUT_MS, env.HEADERS_TIMEOUT_MS);
  guardConnections(server, connectionCaps(env), rt.log);
  return server;
}
