import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers';
import { makeStaff, type Staff } from './admin-helpers';
import {
  addKey,
  createChannel,
  fakeUpstream,
  midjourneyProxyShape,
  mjPlusShape,
  model,
  openAiShape,
  sdWebuiShape,
  sunoShape,
} from './channel-helpers';

// The console's "test" button (docs/channels.md#test) against local fakes of each upstream's shape.

let srv: TestServer;
let admin: Staff;
const closers: Array<() => Promise<void>> = [];

beforeAll(async () => {
  srv = await startTestServer();
  admin = await makeStaff(srv, 'channels-test-admin@example.com', 'admin');
}, 120_000);
afterAll(async () => {
  await Promise.all(closers.map((c) => c()));
  await srv?.dispose();
});

async function upstream(route: Parameters<typeof fakeUpstream>[0]) {
  const fake = await fakeUpstream(route);
  closers.push(fake.close);
  return fake.url;
}

/** A channel with one key, tested in English: the reply's data. */
async function test(over: Record<string, unknown>, key: string | null) {
  const id = await createChannel(srv, admin, over);
  if (key) expect((await addKey(srv, id, key)).body.code).toBe(200);
  const res = await srv.call('POST', `/api/admin/channels/${id}/test`, undefined, {
    cookie: `${admin.cookie}; lang=en-US`,
  });
  expect(res.body.code).toBe(200);
  expect(JSON.stringify(res.body)).not.toContain(key ?? '\u0000');
  return res.body.data as { ok: boolean; detected: string | null; reason: string | null; message: string };
}

const image = (flavour: string, baseUrl: string) => ({ kind: 'image', flavour, baseUrl, models: [] });
const KEY = 'sk-test-key-0042';

describe('channel test', () => {
  it('recognises an OpenAI-compatible chat upstream (models, then a one-token completion)', async () => {
    const url = await upstream(openAiShape(KEY));
    const r = await test({ baseUrl: `${url}/v1`, models: [model('gpt-test', ['user'])] }, KEY);
    expect(r).toMatchObject({ ok: true, detected: 'openai', reason: null });
    expect(r.message).toContain('Works');
  });

  it('recognises midjourney-proxy, and MJ-Plus, by their shapes', async () => {
    const proxy = await upstream(midjourneyProxyShape(KEY));
    expect(await test(image('midjourney-proxy', proxy), KEY)).toMatchObject({ ok: true, detected: 'midjourney-proxy' });
    const plus = await upstream(mjPlusShape(KEY));
    expect(await test(image('mj-plus', plus), KEY)).toMatchObject({ ok: true, detected: 'mj-plus' });
  });

  it('says an MJ-Plus upstream is not midjourney-proxy', async () => {
    const plus = await upstream(mjPlusShape(KEY));
    const r = await test(image('midjourney-proxy', plus), KEY);
    expect(r).toMatchObject({ ok: false, detected: 'mj-plus', reason: 'flavourMismatch' });
    expect(r.message).toBe("This looks like MJ-Plus, not midjourney-proxy: change the channel's flavour to MJ-Plus.");
  });

  it('recognises SD WebUI (HTTP Basic) and tells an SD channel that points at midjourney-proxy', async () => {
    const sd = await upstream(sdWebuiShape('painter:secret-pass'));
    expect(await test(image('sd-webui', sd), 'painter:secret-pass')).toMatchObject({ ok: true, detected: 'sd-webui' });
    const proxy = await upstream(midjourneyProxyShape(KEY));
    const r = await test(image('sd-webui', proxy), KEY);
    expect(r).toMatchObject({ ok: false, detected: 'midjourney-proxy', reason: 'flavourMismatch' });
  });

  it('recognises suno-api', async () => {
    const url = await upstream(sunoShape(KEY));
    const r = await test({ kind: 'music', flavour: 'suno-api', baseUrl: url, models: [] }, KEY);
    expect(r).toMatchObject({ ok: true, detected: 'suno-api' });
  });

  it('explains a refused key (401)', async () => {
    const url = await upstream(openAiShape(KEY));
    const r = await test({ baseUrl: `${url}/v1` }, 'sk-wrong-key-9999');
    expect(r).toMatchObject({ ok: false, reason: 'badKey' });
    expect(r.message).toBe('The upstream refused the key (HTTP 401): it is wrong, expired or lacks permission.');
  });

  it('explains a wrong path (404), and a base URL missing /v1', async () => {
    const url = await upstream(openAiShape(KEY));
    const wrong = await test({ baseUrl: `${url}/nothing/here` }, KEY);
    expect(wrong).toMatchObject({ ok: false, reason: 'notFound' });
    expect(wrong.message).toContain('has no such path (HTTP 404)');
    const noV1 = await test({ baseUrl: url }, KEY);
    expect(noV1).toMatchObject({ ok: false, reason: 'missingV1' });
    expect(noV1.message).toContain('add /v1');
  });

  it('explains a refused connection', async () => {
    // A port that was free a moment ago: nothing listens there.
    const port = await new Promise<number>((resolve) => {
      const s = createServer().listen(0, '127.0.0.1', () => {
        const p = (s.address() as { port: number }).port;
        s.close(() => resolve(p));
      });
    });
    const r = await test({ baseUrl: `http://127.0.0.1:${port}/v1` }, KEY);
    expect(r).toMatchObject({ ok: false, reason: 'refused' });
    expect(r.message).toContain('connection refused');
  });

  it('answers in the page language', async () => {
    const url = await upstream(sunoShape(KEY));
    const id = await createChannel(srv, admin, { kind: 'music', flavour: 'suno-api', baseUrl: url, models: [] });
    const res = await srv.call('POST', `/api/admin/channels/${id}/test`, undefined, {
      cookie: `${admin.cookie}; lang=zh-CN`,
    });
    expect(res.body.data.message).toBe('上游拒绝了密钥（HTTP 401）：密钥错误、已过期或没有权限。');
  });
});
