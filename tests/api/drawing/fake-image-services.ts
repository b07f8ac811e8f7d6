import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

const json = (res: ServerResponse, status: number, body: unknown) =>
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

function readBody(req: IncomingMessage): Promise<string> {
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

async function listen(handler: (req: IncomingMessage, res: ServerResponse) => void) {
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

export interface MjTask {
  id: string;
  action: string;
  prompt: string;
  state: string;
  status: 'NOT_START' | 'SUBMITTED' | 'IN_PROGRESS' | 'SUCCESS' | 'FAILURE';
  progress: string;
  imageUrl: string | null;
  failReason: string | null;
}

/**
 * midjourney-proxy's wire format (novicezk/midjourney-proxy): submit/imagine
 * answers {code, description, result}; task/{id}/fetch the task; progress is
 * posted to the notifyHook. The prompt picks the behaviour: 'banned' (code
 * 24), 'hang' (stays in progress), 'fail' (FAILURE), anything else succeeds.
 */
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

export async function startFakeMidjourney(secret = 'mj-secret', images?: { url: string }) {
  const tasks = new Map<string, MjTask>();
  const submits: Array<Record<string, unknown>> = [];
  const fetches: string[] = [];
  const hookCalls: number[] = [];
  let seq = 1320098173412546;
  const png = await samplePng('#cc6633', 128, 128);
  const srv = await listen(async (req, res) => {
    const url = req.url ?? '';
    if (url.startsWith('/img/')) return res.writeHead(200, { 'content-type': 'image/png' }).end(png);
    if (req.headers['mj-api-secret'] !== secret) return json(res, 401, { code: 401, description: 'unauthorized' });
    if (req.method === 'POST' && url === '/mj/submit/imagine') {
      const body = JSON.parse(await readBody(req)) as Record<string, unknown>;
      submits.push(body);
      const prompt = String(body.prompt);
      if (prompt.includes('banned')) return json(res, 200, { code: 24, description: '可能包含敏感词', result: null });
      const id = String(seq++);
      const task: MjTask = {
        id,
        action: 'IMAGINE',
        prompt,
        state: String(body.state ?? ''),
        status: 'SUBMITTED',
        progress: '0%',
        imageUrl: null,
        failReason: null,
      };
      tasks.set(id, task);
      json(res, 200, { code: 1, description: '提交成功', properties: {}, result: id });
      const hook = String(body.notifyHook ?? '');
      const step = async (patch: Partial<MjTask>, delay: number) => {
        await new Promise((r) => setTimeout(r, delay));
        Object.assign(task, patch);
        if (hook)
          hookCalls.push(
            (
              await fetch(hook, {
                method: 'POST',
                headers: { 'content-type': 'application/json' },
                body: JSON.stringify(task),
              })
            ).status,
          );
      };
      await step({ status: 'IN_PROGRESS', progress: '35%' }, 60);
      if (prompt.includes('hang')) return;
      if (prompt.includes('fail')) return step({ status: 'FAILURE', failReason: 'Midjourney job failed' }, 60);
      await step({ progress: '80%' }, 60);
      // On the image host: 'notimage' prompts get text posing as a PNG, 'gone' ones a 404.
      const folder = prompt.includes('notimage') ? 'text' : prompt.includes('gone') ? 'gone' : 'img';
      const imageUrl = `${images?.url ?? srv.url}/${folder}/${id}.png`;
      await step({ status: 'SUCCESS', progress: '100%', imageUrl }, 60);
      return;
    }
    const m = /^\/mj\/task\/([^/]+)\/fetch$/.exec(url);
    if (req.method === 'GET' && m?.[1]) {
      fetches.push(m[1]);
      const task = tasks.get(m[1]);
      return task ? json(res, 200, task) : json(res, 404, null);
    }
    json(res, 404, { code: 3, description: 'not found' });
  });
  return { ...srv, secret, tasks, submits, fetches, hookCalls };
}

/** Stable Diffusion WebUI's API: txt2img / img2img answer {images, parameters, info}; /progress reports 0–1. */
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
    const m = /^\/sdapi\/v1\/(txt2img|img2img)$/.exec(url);
    if (req.method === 'POST' && m?.[1]) {
      const body = JSON.parse(await readBody(req)) as Record<string, unknown>;
      requests.push({ endpoint: m[1], body });
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

/** OpenAI's images API: generations answer {created, data: [{b64_json}]}; 'forbidden' prompts get a policy error. */
export async function startFakeOpenAiImages() {
  const requests: Array<Record<string, unknown>> = [];
  const auth: string[] = [];
  const png = await samplePng('#aa3377', 80, 80);
  const srv = await listen(async (req, res) => {
    if (req.method !== 'POST' || req.url !== '/v1/images/generations') return json(res, 404, { error: {} });
    const body = JSON.parse(await readBody(req)) as Record<string, unknown>;
    requests.push(body);
    auth.push(req.headers.authorization ?? '');
    if (String(body.prompt).includes('forbidden'))
      return json(res, 400, {
        error: { code: 'content_policy_violation', message: 'Your request was rejected by the safety system.' },
      });
    json(res, 200, { created: 1, data: [{ b64_json: png.toString('base64') }] });
  });
  return { ...srv, requests, auth };
}
