import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { renderPages } from '../../src/server/page-render';

type AstroApp = Parameters<typeof renderPages>[0];

let server: Server | undefined;
afterEach(() => new Promise<void>((done) => (server ? server.close(() => done()) : done())));

/** A server whose pages come from `render` (standing in for Astro's App); its address. */
async function serve(render: (request: Request, options: Record<string, unknown>) => Promise<Response>) {
  const errors: Array<{ err: unknown; url: string }> = [];
  const app = { match: (r: Request) => ({ route: new URL(r.url).pathname }), render } as unknown as AstroApp;
  const handler = renderPages(app, (err, url) => errors.push({ err, url }));
  server = createServer(handler);
  await new Promise<void>((r) => server?.listen(0, '127.0.0.1', r));
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, errors };
}

describe("the pages' handler (src/server/page-render.ts)", () => {
  it('hands Astro the request, its route and the client address, and writes the page with its length', async () => {
    const seen: Array<Record<string, unknown>> = [];
    const { base } = await serve(async (request, options) => {
      seen.push({ url: request.url, method: request.method, ...options, body: await request.text() });
      return new Response(new TextEncoder().encode('<p>页面</p>'), {
        status: 201,
        headers: { 'content-type': 'text/html', 'set-cookie': 'a=1' },
      });
    });
    const res = await fetch(`${base}/sd?x=1`, { method: 'POST', body: 'prompt=hi' });
    expect(res.status).toBe(201);
    expect(await res.text()).toBe('<p>页面</p>');
    expect(res.headers.get('content-length')).toBe(String(Buffer.byteLength('<p>页面</p>')));
    expect(res.headers.get('set-cookie')).toBe('a=1');
    expect(seen).toEqual([
      {
        url: `${base}/sd?x=1`,
        method: 'POST',
        addCookieHeader: true,
        routeData: { route: '/sd' },
        clientAddress: '127.0.0.1',
        body: 'prompt=hi',
      },
    ]);
  });

  it('answers 500 and reports a render that throws, and goes on serving', async () => {
    let fail = true;
    const { base, errors } = await serve(async () => {
      if (fail) throw new Error('broken template');
      return new Response('ok');
    });
    const res = await fetch(`${base}/chat`);
    expect(res.status).toBe(500);
    expect(await res.text()).toBe('Internal server error');
    expect(errors).toHaveLength(1);
    expect(String(errors[0]?.err)).toContain('broken template');
    expect(errors[0]?.url).toBe(`${base}/chat`);
    fail = false;
    expect(await (await fetch(`${base}/chat`)).text()).toBe('ok');
  });
});
