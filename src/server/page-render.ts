import { getRequestListener, type Http2Bindings, type HttpBindings } from '@hono/node-server';
import type { createApp } from 'astro/app/entrypoint';
import type { NodeHandler } from './http';

type AstroApp = ReturnType<typeof createApp>;

/**
 * Astro's pages over Node's HTTP, through the same adapter as the API
 * (@hono/node-server): it hands Astro a Request that reads Node's request
 * lazily and writes the page Astro rendered to one byte array as it is. The
 * handler of Astro's node adapter read that array back through a stream, a
 * Response built around it and a copy of its bytes, for every render: ~18 %
 * of an uncached page's server time (bench/RESULTS.md). Bodies arrive read
 * and bounded (request-body.ts, `rawBody`); nothing is prerendered, so every
 * address is matched among the rendered routes, an unknown one gets the 404 page.
 */
export function renderPages(app: AstroApp, onError: (err: unknown, url: string) => void): NodeHandler {
  const listener = getRequestListener(async (request: Request, env: HttpBindings | Http2Bindings) => {
    try {
      return await app.render(request, {
        addCookieHeader: true,
        routeData: app.match(request),
        clientAddress: env.incoming.socket.remoteAddress,
      });
    } catch (err) {
      // Astro renders its own errors as the 500 page; this is a failure of that too.
      onError(err, request.url);
      return new Response('Internal server error', { status: 500, headers: { 'content-type': 'text/plain' } });
    }
  });
  return (req, res) => void listener(req, res);
}
