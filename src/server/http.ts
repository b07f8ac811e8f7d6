import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
import { getRequestListener } from '@hono/node-server';
import compression from 'compression';
import type { ApiApp } from './api/context';
import { redactUrl } from './log';
import { FILES_PREFIX } from './providers/storage';
import type { Runtime } from './runtime';
import { isPublicFile } from './services/file-access';

export type NodeHandler = (req: IncomingMessage, res: ServerResponse) => void;

// Astro islands and its hoisted scripts are inline, hence 'unsafe-inline' for scripts.
const CSP = [
  "default-src 'self'",
  "script-src 'self' 'unsafe-inline'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "media-src 'self' blob:",
  "font-src 'self' data:",
  "connect-src 'self' ws: wss:",
  "worker-src 'self'",
  "manifest-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "object-src 'none'",
].join('; ');

export function securityHeaders(req: IncomingMessage, res: ServerResponse, trustProxy: boolean) {
  res.setHeader('Content-Security-Policy', CSP);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
  res.setHeader('X-Frame-Options', 'DENY');
  res.setHeader('Permissions-Policy', 'camera=(), microphone=(), geolocation=()');
  res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
  const https =
    (req.socket as TLSSocket).encrypted === true ||
    (trustProxy && req.headers['x-forwarded-proto']?.toString().split(',')[0]?.trim() === 'https');
  if (https) res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
}

/**
 * Reads an API body of declared length (up to the body limit) before Hono
 * sees the request, and hands it over as `rawBody`. Hono's body-limit
 * middleware opens the body stream even for routes that never read it; such
 * an unread body stalled, and @hono/node-server cut the connection 500 ms
 * later, under a keep-alive client that had already sent its next request.
 */
function withBufferedBody(
  req: IncomingMessage & { rawBody?: Buffer },
  res: ServerResponse,
  limit: number,
  next: () => void,
) {
  const length = Number(req.headers['content-length']);
  const declared =
    req.method !== 'GET' &&
    req.method !== 'HEAD' &&
    req.headers['transfer-encoding'] === undefined &&
    Number.isSafeInteger(length) &&
    length > 0;
  if (!declared) return next();
  // Too large: answered 413 unread, so the connection ends with the reply.
  if (length > limit) {
    res.shouldKeepAlive = false;
    return next();
  }
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.once('end', () => {
    req.rawBody = Buffer.concat(chunks);
    next();
  });
}

/** The one HTTP server: compression, headers, logs, /api, pages, and the push socket upgrade. */
export function createHttpServer(rt: Runtime, api: ApiApp, pages: NodeHandler): Server {
  const apiListener = getRequestListener(api.fetch);
  const compress = compression({ threshold: 1024 });

  const server = createServer((req, res) => {
    const started = performance.now();
    res.once('finish', () => {
      rt.log.info('request', {
        method: req.method,
        path: redactUrl(req.url ?? ''),
        status: res.statusCode,
        ms: Math.round((performance.now() - started) * 10) / 10,
      });
    });
    securityHeaders(req, res, rt.env.TRUST_PROXY);
    compress(req as never, res as never, () => {
      const url = req.url ?? '/';
      if (url === '/api' || url.startsWith('/api/') || url.startsWith('/api?')) {
        withBufferedBody(req, res, rt.env.BODY_LIMIT, () => void apiListener(req, res));
      } else if (url.startsWith(FILES_PREFIX) && (req.method === 'GET' || req.method === 'HEAD')) {
        rt.storage
          .serve(req, res, (key) => isPublicFile(rt, key))
          .then(
            (served) => served || pages(req, res),
            () => pages(req, res),
          );
      } else pages(req, res);
    });
  });
  server.on('upgrade', (req, socket, head) => rt.hub.handleUpgrade(req, socket, head));
  server.on('clientError', (_err, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
  });
  server.keepAliveTimeout = 5000;
  return server;
}
