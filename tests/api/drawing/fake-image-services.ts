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
  status: 'NOT_START' | 'SUBMITTED' | 'MODAL' | 'IN_PROGRESS' | 'SUCCESS' | 'FAILURE';
  progress: string;
  imageUrl: string | null;
  failReason: string | null;
  buttons: Array<{ customId: string; label: string; emoji: string; style: number; type: number }>;
}

const button = (customId: string, label: string) => ({ customId, label, emoji: '', style: 2, type: 2 });

/** What Midjourney offers on a grid (U1–U4, reroll, V1–V4) and on an upscaled picture. */
function mjButtons(hash: string, grid: boolean) {
  if (grid)
    return [
      ...[1, 2, 3, 4].map((i) => button(`MJ::JOB::upsample::${i}::${hash}`, `U${i}`)),
      button(`MJ::JOB::reroll::0::${hash}::SOLO`, ''),
      ...[1, 2, 3, 4].map((i) => button(`MJ::JOB::variation::${i}::${hash}`, `V${i}`)),
    ];
  return [
    button(`MJ::JOB::upsample_v6_2x_subtle::1::${hash}::SOLO`, 'Upscale (Subtle)'),
    button(`MJ::JOB::high_variation::1::${hash}::SOLO`, 'Vary (Strong)'),
    button(`MJ::JOB::low_variation::1::${hash}::SOLO`, 'Vary (Subtle)'),
    button(`MJ::Inpaint::1::${hash}::SOLO`, 'Vary (Region)'),
    button(`MJ::Outpaint::50::1::${hash}::SOLO`, 'Zoom Out 2x'),
    button(`MJ::Outpaint::75::1::${hash}::SOLO`, 'Zoom Out 1.5x'),
    button(`MJ::CustomZoom::${hash}`, 'Custom Zoom'),
    ...['left', 'right', 'up', 'down'].map((d) => button(`MJ::JOB::pan_${d}::1::${hash}::SOLO`, '')),
  ];
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
 * midjourney-proxy's wire format (novicezk/midjourney-proxy, MJ-Plus for actions): submit/imagine
 * and submit/action answer {code, description, result}; task/{id}/fetch the task with its
 * buttons; progress is posted to the notifyHook. The prompt picks the behaviour: 'banned' (code
 * 24), 'hang' (stays in progress), 'fail' (FAILURE), anything else succeeds. An action on a
 * Vary (Region) or Custom Zoom button answers 21 and waits in MODAL for submit/modal.
 */
export async function startFakeMidjourney(secret = 'mj-secret', images?: { url: string }) {
  const tasks = new Map<string, MjTask>();
  const hooks = new Map<string, string>();
  const submits: Array<Record<string, unknown>> = [];
  const actions: Array<Record<string, unknown>> = [];
  const modals: Array<Record<string, unknown>> = [];
  const fetches: string[] = [];
  const hookCalls: number[] = [];
  let seq = 1320098173412546;
  const png = await samplePng('#cc6633', 128, 128);

  /** Moves a task to SUCCESS (or FAILURE / forever in progress), telling its notifyHook each step. */
  async function run(task: MjTask, grid: boolean) {
    const hook = hooks.get(task.id) ?? '';
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
    if (task.prompt.includes('hang')) return;
    if (task.prompt.includes('fail')) return step({ status: 'FAILURE', failReason: 'Midjourney job failed' }, 60);
    await step({ progress: '80%' }, 60);
    // On the image host: 'notimage' prompts get text posing as a PNG, 'gone' ones a 404.
    const folder = task.prompt.includes('notimage') ? 'text' : task.prompt.includes('gone') ? 'gone' : 'img';
    const imageUrl = `${images?.url ?? srv.url}/${folder}/${task.id}.png`;
    const buttons = mjButtons(`hash-${task.id}`, grid);
    await step({ status: 'SUCCESS', progress: '100%', imageUrl, buttons }, 60);
  }

  function newTask(action: string, prompt: string, body: Record<string, unknown>): MjTask {
    const id = String(seq++);
    const state = String(body.state ?? '');
    const task: MjTask = {
      id,
      action,
      prompt,
      state,
      status: 'SUBMITTED',
      progress: '0%',
      imageUrl: null,
      failReason: null,
      buttons: [],
    };
    tasks.set(id, task);
    hooks.set(id, String(body.notifyHook ?? ''));
    return task;
  }

  const srv = await listen(async (req, res) => {
    const url = req.url ?? '';
    if (url.startsWith('/img/')) return res.writeHead(200, { 'content-type': 'image/png' }).end(png);
    if (req.headers['mj-api-secret'] !== secret) return json(res, 401, { code: 401, description: 'unauthorized' });
    const submit = /^\/mj\/submit\/(imagine|action|modal)$/.exec(url)?.[1];
    if (req.method === 'POST' && submit) {
      const body = JSON.parse(await readBody(req)) as Record<string, unknown>;
      (submit === 'imagine' ? submits : submit === 'action' ? actions : modals).push(body);
      if (submit === 'modal') {
        const task = tasks.get(String(body.taskId));
        if (task?.status !== 'MODAL') return json(res, 200, { code: 4, description: '任务状态错误', result: null });
        task.prompt = String(body.prompt ?? task.prompt);
        json(res, 200, { code: 1, description: '提交成功', properties: {}, result: task.id });
        return run(task, true);
      }
      if (submit === 'action') {
        const parent = tasks.get(String(body.taskId));
        const customId = String(body.customId ?? '');
        if (parent?.status !== 'SUCCESS') return json(res, 404, { code: 3, description: '关联任务不存在或已失效' });
        if (!parent.buttons.some((b) => b.customId === customId))
          return json(res, 200, { code: 4, description: 'customId不存在', result: null });
        const task = newTask('ACTION', parent.prompt, body);
        if (/^MJ::(Inpaint|CustomZoom)::/.test(customId)) {
          task.status = 'MODAL';
          return json(res, 200, { code: 21, description: 'Waiting for window confirm', result: task.id });
        }
        json(res, 200, { code: 1, description: '提交成功', properties: {}, result: task.id });
        return run(task, !/^MJ::JOB::upsample(::|_v)/.test(customId));
      }
      const prompt = String(body.prompt);
      if (prompt.includes('banned')) return json(res, 200, { code: 24, description: '可能包含敏感词', result: null });
      const task = newTask('IMAGINE', prompt, body);
      json(res, 200, { code: 1, description: '提交成功', properties: {}, result: task.id });
      return run(task, true);
    }
    const m = /^\/mj\/task\/([^/]+)\/fetch$/.exec(url);
    if (req.method === 'GET' && m?.[1]) {
      fetches.push(m[1]);
      const task = tasks.get(m[1]);
      return task ? json(res, 200, task) : json(res, 404, null);
    }
    json(res, 404, { code: 3, description: 'not found' });
  });
  return { ...srv, secret, tasks, submits, actions, modals, fetches, hookCalls };
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
