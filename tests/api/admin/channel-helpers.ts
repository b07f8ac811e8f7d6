import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestServer } from '../helpers';
import { codeFor, makeStaff, requestId, type Staff } from './admin-helpers';

/** A chat model as the console form sends it (prices in micro-yuan). */
export const model = (id: string, levels: string[], over: Record<string, unknown> = {}) => ({
  id,
  name: { 'zh-CN': `${id} 中文名`, 'en-US': `${id} English`, 'zh-TW': `${id} 繁體名` },
  description: { 'zh-CN': `${id} 说明`, 'en-US': `${id} description`, 'zh-TW': `${id} 說明` },
  levels,
  vision: false,
  reasoning: false,
  contextTokens: 0,
  price: { inputPer1k: 2500, outputPer1k: 10_000, perImage: 0, perSong: 0 },
  ...over,
});

export const channelBody = (over: Record<string, unknown> = {}) => ({
  kind: 'chat',
  flavour: 'openai',
  name: 'Main chat',
  baseUrl: 'https://api.example.com/v1/',
  priority: 10,
  weight: 2,
  enabled: true,
  models: [model('gpt-test', ['visitor', 'user', 'member'])],
  requestId: requestId(),
  ...over,
});

let admins = 0;
/** Adds a key as a fresh admin (a TOTP code is accepted once, so each key gets its own admin). */
export async function addKey(srv: TestServer, channelId: number, secret: string) {
  admins += 1;
  const boss: Staff = await makeStaff(srv, `key-admin-${admins}@example.com`, 'admin');
  const code = await codeFor(srv, boss.id, 1);
  return srv.call(
    'POST',
    `/api/admin/channels/${channelId}/keys`,
    { secret, code, requestId: requestId() },
    { cookie: boss.cookie },
  );
}

/** Creates a channel as `admin` and answers its id. */
export async function createChannel(srv: TestServer, admin: Staff, over: Record<string, unknown> = {}) {
  const res = await srv.call('POST', '/api/admin/channels', channelBody(over), { cookie: admin.cookie });
  if (res.body.code !== 200 || !res.body.data.id) throw new Error(`create: ${JSON.stringify(res.body)}`);
  return res.body.data.id as number;
}

type Route = (req: IncomingMessage, body: string) => { status: number; json?: unknown } | undefined;

/** A local upstream answering `route`, or 404 for paths it does not know. */
export async function fakeUpstream(route: Route): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let body = '';
    req.on('data', (c: Buffer) => {
      body += c.toString();
    });
    req.on('end', () => {
      const out = route(req, body) ?? { status: 404, json: { error: 'not found' } };
      res.writeHead(out.status, { 'content-type': 'application/json' }).end(JSON.stringify(out.json ?? {}));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const path = (req: IncomingMessage) => new URL(req.url ?? '/', 'http://fake').pathname;

/** OpenAI-compatible: /v1/models and /v1/chat/completions behind a bearer key. */
export const openAiShape =
  (key: string): Route =>
  (req) => {
    if (req.headers.authorization !== `Bearer ${key}`) return { status: 401, json: { error: { message: 'bad key' } } };
    if (req.method === 'GET' && path(req) === '/v1/models')
      return { status: 200, json: { object: 'list', data: [{ id: 'gpt-test', object: 'model' }] } };
    if (req.method === 'POST' && path(req) === '/v1/chat/completions')
      return {
        status: 200,
        json: {
          id: 'c1',
          object: 'chat.completion',
          choices: [{ index: 0, message: { role: 'assistant', content: 'p' } }],
        },
      };
    return undefined;
  };

/** midjourney-proxy (novicezk): `mj-api-secret`, /mj/task/list-by-condition, no /mj/submit/action. */
export const midjourneyProxyShape =
  (secret: string): Route =>
  (req) => {
    if (req.headers['mj-api-secret'] !== secret)
      return { status: 401, json: { code: 401, description: 'unauthorized' } };
    if (req.method === 'POST' && path(req) === '/mj/task/list-by-condition') return { status: 200, json: [] };
    if (req.method === 'POST' && path(req) === '/mj/submit/imagine')
      return { status: 200, json: { code: 1, description: '提交成功', result: '1700000000000' } };
    return undefined;
  };

/** MJ-Plus (midjourney-proxy-plus): the same list, plus /mj/submit/action refusing an empty action. */
export const mjPlusShape =
  (secret: string): Route =>
  (req, body) => {
    if (req.headers['mj-api-secret'] !== secret)
      return { status: 401, json: { code: 401, description: 'unauthorized' } };
    if (req.method === 'POST' && path(req) === '/mj/task/list-by-condition') return { status: 200, json: [] };
    if (req.method === 'POST' && path(req) === '/mj/submit/action') {
      const b = JSON.parse(body || '{}') as { customId?: string };
      if (!b.customId) return { status: 200, json: { code: 4, description: 'customId不能为空', result: null } };
    }
    return undefined;
  };

/** SD WebUI with --api-auth: /sdapi/v1/sd-models behind HTTP Basic. */
export const sdWebuiShape =
  (auth: string): Route =>
  (req) => {
    if (req.headers.authorization !== `Basic ${Buffer.from(auth).toString('base64')}`)
      return { status: 401, json: { detail: 'Incorrect credentials' } };
    if (req.method === 'GET' && path(req) === '/sdapi/v1/sd-models')
      return { status: 200, json: [{ title: 'v1-5.safetensors [abc]', model_name: 'v1-5', hash: 'abc' }] };
    return undefined;
  };

/** suno-api: /api/get_limit answers the credits. */
export const sunoShape =
  (key: string): Route =>
  (req) => {
    if (req.headers.authorization !== `Bearer ${key}`) return { status: 401, json: { error: 'unauthorized' } };
    if (req.method === 'GET' && path(req) === '/api/get_limit')
      return { status: 200, json: { credits_left: 50, period: 'day', monthly_limit: 50, monthly_usage: 0 } };
    return undefined;
  };
