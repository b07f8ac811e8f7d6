import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { samplePng } from '../drawing/fake-image-services';

const json = (res: ServerResponse, status: number, body: unknown) =>
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  let text = '';
  for await (const c of req) text += c;
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

/**
 * An MJ-Plus relay as new-api serves midjourney-proxy-plus: the key as `Authorization: Bearer`,
 * numeric task ids, `properties` on the submit reply, and tasks carrying `buttons`, `promptEn`
 * and times. No notifyHook calls: the task moves on with each fetch.
 */
export async function startFakeMjPlus(key: string) {
  const tasks = new Map<string, { fetches: number; prompt: string; body: Record<string, unknown> }>();
  const png = await samplePng('#5544aa', 96, 96);
  let seq = 1728781324658687;
  const server = createServer(async (req, res) => {
    const url = req.url ?? '';
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    if (url.startsWith('/attachments/')) return void res.writeHead(200, { 'content-type': 'image/png' }).end(png);
    if (req.headers.authorization !== `Bearer ${key}`)
      return json(res, 401, { code: 401, description: 'invalid token', result: null });
    if (req.method === 'POST' && url === '/mj/submit/imagine') {
      const body = await readJson(req);
      const id = seq++;
      tasks.set(String(id), { fetches: 0, prompt: String(body.prompt), body });
      return json(res, 200, {
        code: 1,
        description: '提交成功',
        properties: { discordInstanceId: '1118138338562560102' },
        result: id,
      });
    }
    const m = /^\/mj\/task\/(\d+)\/fetch$/.exec(url);
    const task = m?.[1] ? tasks.get(m[1]) : undefined;
    if (req.method === 'GET' && m?.[1] && task) {
      task.fetches++;
      const done = task.fetches >= 2;
      return json(res, 200, {
        id: m[1],
        action: 'IMAGINE',
        status: done ? 'SUCCESS' : 'IN_PROGRESS',
        progress: done ? '100%' : '52%',
        prompt: task.prompt,
        promptEn: task.prompt,
        description: `/imagine ${task.prompt}`,
        submitTime: 1_700_000_000_000,
        startTime: 1_700_000_001_000,
        finishTime: done ? 1_700_000_050_000 : 0,
        imageUrl: done ? `${base}/attachments/${m[1]}.png` : '',
        failReason: '',
        state: String(task.body.state ?? ''),
        properties: { finalPrompt: task.prompt },
        buttons: done ? [{ customId: `MJ::JOB::upsample::1::${m[1]}`, emoji: '', label: 'U1', style: 2, type: 2 }] : [],
      });
    }
    json(res, 404, { code: 404, description: 'not found', result: null });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    tasks,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
