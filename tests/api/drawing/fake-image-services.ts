import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

export const json = (res: ServerResponse, status: number, body: unknown) =>
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

export function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let body = '';
    req.on('data', (d) => {
      body += d;
    });
    req.on('end', () => resolve(body));
  });
}

/** A small real PNG, as the services return. */
export const samplePng = (color = '#3366cc', width = 64, height = 64) =>
  sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();

export async function listen(handler: (req: IncomingMessage, res: ServerResponse) => void) {
  const server = createServer(handler);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

/**
 * A CDN the fake midjourney-proxy links its pictures at (Discord's, in real
 * life): a second port a test may shut down once the picture was re-hosted.
 * `/img/…` answers the picture; `/text/…` text claiming to be a PNG; `/gone/…` 404.
 */
export async function startFakeImageHost() {
  const png = await samplePng('#cc6633', 128, 128);
  const requests: string[] = [];
  const srv = await listen((req, res) => {
    const url = req.url ?? '';
    requests.push(url);
    if (url.startsWith('/img/')) return res.writeHead(200, { 'content-type': 'image/png' }).end(png);
    if (url.startsWith('/text/'))
      return res.writeHead(200, { 'content-type': 'image/png' }).end('<html>no picture</html>');
    res.writeHead(404).end();
  });
  return { ...srv, requests };
}

/**
 * Stable Diffusion WebUI's API: txt2img / img2img answer {images, parameters, info};
 * extra-single-image {image, html_info}; /progress reports 0–1.
 */
export async function startFakeSdWebui() {
  const requests: Array<{ endpoint: string; body: Record<string, unknown> }> = [];
  let progress = 0;
  let progressCalls = 0;
  let interrupts = 0;
  const png = await samplePng('#228855', 96, 64);
  const srv = await listen(async (req, res) => {
    const url = req.url ?? '';
    if (req.method === 'GET' && url.startsWith('/sdapi/v1/progress')) {
      progressCalls++;
      return json(res, 200, { progress, eta_relative: 1, state: { job_count: 1 }, current_image: null });
    }
    if (req.method === 'POST' && url === '/sdapi/v1/interrupt') {
      interrupts++;
      return json(res, 200, {});
    }
    const m = /^\/sdapi\/v1\/(txt2img|img2img|extra-single-image)$/.exec(url);
    if (req.method === 'POST' && m?.[1]) {
      const body = JSON.parse(await readBody(req)) as Record<string, unknown>;
      requests.push({ endpoint: m[1], body });
      if (m[1] === 'extra-single-image') {
        // The extras tab answers one picture, upscaled by the asked factor.
        const source = sharp(Buffer.from(String(body.image), 'base64'));
        const { width = 0, height = 0 } = await source.metadata();
        const k = Number(body.upscaling_resize);
        const image = await source
          .resize(width * k, height * k)
          .png()
          .toBuffer();
        return json(res, 200, { html_info: '', image: image.toString('base64') });
      }
      for (progress = 0.1; progress < 1; progress += 0.2) await new Promise((r) => setTimeout(r, 250));
      progress = 0;
      return json(res, 200, { images: [png.toString('base64')], parameters: body, info: '{"seed":1}' });
    }
    json(res, 404, { detail: 'Not Found' });
  });
  return {
    ...srv,
    requests,
    progressCalls: () => progressCalls,
    interrupts: () => interrupts,
  };
}

/** A multipart request as the fake received it: text fields and files. */
export type MultipartRequest = { path: string; fields: Record<string, string>; files: Record<string, Buffer> };

/**
 * OpenAI's images API: generations (JSON), edits and variations (multipart) answer
 * {created, data: [{b64_json}]}; 'forbidden' prompts get a policy error.
 */
export async function startFakeOpenAiImages() {
  const requests: Array<Record<string, unknown>> = [];
  const multipart: MultipartRequest[] = [];
  const auth: string[] = [];
  const png = await samplePng('#aa3377', 80, 80);
  const srv = await listen(async (req, res) => {
    const path = req.url ?? '';
    if (req.method !== 'POST') return json(res, 404, { error: {} });
    let prompt: string;
    if (path === '/v1/images/generations') {
      const body = JSON.parse(await readBody(req)) as Record<string, unknown>;
      requests.push(body);
      prompt = String(body.prompt);
    } else if (path === '/v1/images/edits' || path === '/v1/images/variations') {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const form = await new Response(Buffer.concat(chunks), {
        headers: { 'content-type': req.headers['content-type'] ?? '' },
      }).formData();
      const got: MultipartRequest = { path, fields: {}, files: {} };
      for (const [name, value] of form.entries()) {
        if (typeof value === 'string') got.fields[name] = value;
        else got.files[name] = Buffer.from(await value.arrayBuffer());
      }
      multipart.push(got);
      prompt = got.fields.prompt ?? '';
    } else return json(res, 404, { error: {} });
    auth.push(req.headers.authorization ?? '');
    if (prompt.includes('forbidden'))
      return json(res, 400, {
        error: { code: 'content_policy_violation', message: 'Your request was rejected by the safety system.' },
      });
    json(res, 200, { created: 1, data: [{ b64_json: png.toString('base64') }] });
  });
  return { ...srv, requests, multipart, auth };
}
