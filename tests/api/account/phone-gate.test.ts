import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteSettings } from '../../../src/server/db/schema';
import { forgetSettings } from '../../../src/server/services/site-settings';
import { createUserWithToken, startTestServer, type TestServer } from '../helpers';
import { phoneLogin } from './phone-helpers';

let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer({ TRUST_PROXY: 'true' });
});
afterAll(() => srv.dispose());

async function gate(on: boolean) {
  const db = srv.runtime.database.db;
  await db
    .insert(siteSettings)
    .values({ key: 'PHONE_REQUIRED', value: on })
    .onConflictDoUpdate({ target: siteSettings.key, set: { value: on } });
  await forgetSettings(srv.runtime);
}

const app = { promptTitle: '标题', promptContent: '内容', iconUrl: 'emoji:📚' };
const share = {
  conversationUuid: 1001,
  title: '问候',
  messages: [
    { id: 'q1', dateTime: 1, inversion: true, text: '你好' },
    { id: 'a1', dateTime: 2, inversion: false, text: '你好！' },
  ],
};

/** The reply's code, read from its head and JSON only: a chat let by streams, and is not waited for. */
async function codeOf(method: string, path: string, body: unknown, headers: Record<string, string> = {}) {
  const stop = new AbortController();
  const res = await fetch(srv.url + path, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
    signal: stop.signal,
  });
  if (!(res.headers.get('content-type') ?? '').includes('json')) {
    stop.abort();
    return { status: res.status, code: undefined, result: undefined };
  }
  const reply = (await res.json()) as { code: number; result: string };
  return { status: res.status, code: reply.code, result: reply.result };
}
/** Each generating or publishing route, with a request that reaches its own checks when the gate lets it by. */
const gated: [string, string, unknown][] = [
  ['POST', '/api/sd/visibility', { id: 'nosuchtask', drawPublicFlag: 1 }],
  ['POST', '/api/music/visibility', { id: 'song_nosuchsong', isPublic: true }],
  ['POST', '/api/music/lyrics', { prompt: '春天' }],
  ['POST', '/api/music/submit', { mode: 'inspiration', prompt: '春天' }],
  ['POST', '/api/sd/submit/imagine', { prompt: '春天' }],
  ['POST', '/api/app/create', { ...app, published: true }],
  ['POST', '/api/chat/shares', share],
  ['POST', '/api/chat/process', { prompt: '你好' }],
  ['POST', '/api/video/submit', { prompt: '春天' }],
  ['POST', '/api/video/retry', { id: 'video_nosuchvideo' }],
  ['POST', '/api/video/visibility', { id: 'video_nosuchvideo', isPublic: true }],
];

describe('the phone gate (PHONE_REQUIRED)', () => {
  it('off (the default): an account without a phone generates and publishes as before', async () => {
    await gate(false);
    const { headers } = await createUserWithToken(srv, 'gate-off@example.com');
    for (const [method, path, body] of gated) {
      const r = await codeOf(method, path, body, headers);
      expect(r.code, `${path} ${r.result}`).not.toBe(1000002);
      expect(r.status, `${path} ${r.result}`).not.toBe(400);
    }
  });

  it('on: each route refuses an account without a phone with a translated code, and lets a bound one by', async () => {
    await gate(true);
    const { headers } = await createUserWithToken(srv, 'gate-on@example.com');
    for (const [method, path, body] of gated) {
      const r = await codeOf(method, path, body, headers);
      expect(r, path).toEqual({ status: 403, code: 1000002, result: '根据实名要求，请先绑定手机号再生成或发布内容' });
    }
    const en = await srv.call('POST', '/api/music/lyrics', { prompt: 'spring' }, { ...headers, cookie: 'lang=en-US' });
    expect(en.body.result).toBe('Bind a phone number before generating or publishing (real-name rule)');

    const withPhone = await phoneLogin(srv, '13100131000');
    for (const [method, path, body] of gated) {
      const r = await codeOf(method, path, body, withPhone);
      expect(r.code, `${path} ${r.result}`).not.toBe(1000002);
    }
  });

  it('on: making something private, an unpublished app and a visitor chat are not gated', async () => {
    await gate(true);
    const { headers } = await createUserWithToken(srv, 'gate-private@example.com');
    const pictures = await srv.call('POST', '/api/sd/visibility', { id: 'nosuchtask', drawPublicFlag: 2 }, headers);
    expect(pictures.status).toBe(404);
    const song = await srv.call('POST', '/api/music/visibility', { id: 'song_nosuchsong', isPublic: false }, headers);
    expect(song.status).toBe(404);
    const video = await srv.call(
      'POST',
      '/api/video/visibility',
      { id: 'video_nosuchvideo', isPublic: false },
      headers,
    );
    expect(video.status).toBe(404);
    const draft = await srv.call('POST', '/api/app/create', { ...app, published: false }, headers);
    expect(draft.body.code).not.toBe(1000002);
    const visitor = await codeOf('POST', '/api/chat/process', { prompt: '你好' });
    expect(visitor.code).not.toBe(1000002);
  });
});
