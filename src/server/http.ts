import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
import { getRequestListener } from '@hono/node-server';
import compression from 'compression';
import type { ApiApp } from './api/context';
import { redactUrl } from './log';
import { FILES_PREFIX } from './providers/storage';
import type { Runtime } from './runtime';

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
      if (url === '/api' || url.startsWith('/api/') || url.startsWith('/api?')) void apiListener(req, res);
      else if (url.startsWith(FILES_PREFIX) && (req.method === 'GET' || req.method === 'HEAD')) {
        rt.storage.serve(req, res).then(
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
