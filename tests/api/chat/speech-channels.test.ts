import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { channelKeys, usageLedger } from '../../../src/server/db/schema';
import type { SpeechProvider } from '../../../src/server/providers/speech';
import { makeStaff, requestId, type Staff } from '../admin/admin-helpers';
import { addKey, channelBody, createChannel, model } from '../admin/channel-helpers';
import {
  createTestDatabase,
  createUserWithToken,
  startTestServer,
  startTestServerOn,
  type TestServer,
} from '../helpers';
import { FAKE_MP3, type FakeSpeech, startFakeSpeech, webmBytes } from './fake-speech';

// Voice set in the console (docs/channels.md#speech): speech channels added through the console's
// API take transcription and read-aloud from the environment's service, fail over, and give way again.

const unpriced = { price: { inputPer1k: 0, outputPer1k: 0, perImage: 0, perSong: 0 } };
/** A speech channel's models: the first transcribes, the second reads aloud in its voices. */
const speechModels = (voices: { zh: string; en: string }) => [
  model('sensevoice-small', ['visitor', 'user', 'member'], unpriced),
  model('cosyvoice', ['visitor', 'user', 'member'], { ...unpriced, voices }),
];
const speechChannel = (baseUrl: string, over: Record<string, unknown> = {}) => ({
  kind: 'speech',
  flavour: 'openai-speech',
  name: 'Voice',
  baseUrl,
  models: speechModels({ zh: 'longxiaochun', en: '' }),
  ...over,
});

async function transcribeAs(srv: TestServer, token: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(webmBytes(1500))], { type: 'audio/webm' }), 'a.webm');
  const res = await fetch(`${srv.url}/api/chat/transcribe`, {
    method: 'POST',
    headers: { cookie: 'lang=zh-CN', authorization: `Bearer ${token}` },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as { data?: { text: string } } };
}

const speakAs = (srv: TestServer, token: string, lang: 'zh' | 'en') =>
  fetch(`${srv.url}/api/chat/speech`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: 'lang=en-US', authorization: `Bearer ${token}` },
    body: JSON.stringify({ text: '你好', lang }),
  });

const voiceFlags = async (srv: TestServer) => {
  const { data } = (await srv.call('GET', '/api/chat/models')).body;
  return { transcription: data.transcription, readAloud: data.readAloud };
};

async function setEnabled(srv: TestServer, admin: Staff, id: number, over: Record<string, unknown>) {
  const res = await srv.call('POST', `/api/admin/channels/${id}`, channelBody({ ...over, requestId: requestId() }), {
    cookie: admin.cookie,
  });
  expect(res.body.code).toBe(200);
}

const ledgerOf = (srv: TestServer, userId: number) =>
  srv.runtime.database.db.select().from(usageLedger).where(eq(usageLedger.userId, userId)).orderBy(usageLedger.id);

describe('speech channels over the environment’s speech service', () => {
  let srv: TestServer;
  let admin: Staff;
  let envFake: FakeSpeech;
  let first: FakeSpeech;
  let second: FakeSpeech;
  beforeAll(async () => {
    [envFake, first, second] = await Promise.all([startFakeSpeech(), startFakeSpeech(), startFakeSpeech()]);
    srv = await startTestServer({
      SPEECH_BASE_URL: envFake.url,
      SPEECH_API_KEY: 'sk-env-speech',
      SPEECH_VOICE_ZH: 'env-voice',
      SPEECH_PER_MINUTE: '1000',
      SPEECH_READ_PER_MINUTE: '1000',
    });
    admin = await makeStaff(srv, 'speech-admin@example.com', 'admin');
  }, 120_000);
  afterAll(async () => {
    await srv?.dispose();
    await Promise.all([envFake, first, second].map((f) => f?.close()));
  });

  it('goes to a console speech channel instead of the environment, fails over on 5xx, and gives way when disabled', async () => {
    const { id: userId, token } = await createUserWithToken(srv, 'speech-channels@example.com');
    const low = await createChannel(srv, admin, speechChannel(first.url, { priority: 1 }));
    expect((await addKey(srv, low, 'sk-first-channel')).body.code).toBe(200);

    first.reply.text = '频道听到的';
    const heard = await transcribeAs(srv, token);
    expect(heard).toMatchObject({ status: 200, body: { data: { text: '频道听到的' } } });
    expect(first.heard.at(-1)).toMatchObject({ authorization: 'Bearer sk-first-channel', model: 'sensevoice-small' });
    const spoken = await speakAs(srv, token, 'zh');
    expect(spoken.status).toBe(200);
    expect(
      Buffer.from(await spoken.arrayBuffer())
        .subarray(0, FAKE_MP3.length)
        .equals(FAKE_MP3),
    ).toBe(true);
    expect(first.spoken.at(-1)?.body).toMatchObject({ model: 'cosyvoice', voice: 'longxiaochun', input: '你好' });
    expect(envFake.heard.length + envFake.spoken.length).toBe(0);
    // Neither the channel nor the environment names an English voice.
    expect((await speakAs(srv, token, 'en')).status).toBe(404);
    expect((await ledgerOf(srv, userId)).map((r) => [r.kind, r.channelId, r.model, r.outcome])).toEqual([
      ['transcription', low, 'sensevoice-small', 'ok'],
      ['speech', low, 'cosyvoice', 'ok'],
    ]);

    // A channel of higher priority that fails with 503: the call moves on to the other, and its key cools down.
    const high = await createChannel(srv, admin, speechChannel(second.url, { priority: 9 }));
    expect((await addKey(srv, high, 'sk-second-channel')).body.code).toBe(200);
    second.reply.status = 503;
    const before = { second: second.heard.length, first: first.heard.length };
    first.reply.text = '换了频道';
    expect(await transcribeAs(srv, token)).toMatchObject({ status: 200, body: { data: { text: '换了频道' } } });
    expect(second.heard.length).toBe(before.second + 1);
    expect(first.heard.length).toBe(before.first + 1);
    const [highKey] = await srv.runtime.database.db.select().from(channelKeys).where(eq(channelKeys.channelId, high));
    expect(highKey?.failures).toBe(1);
    expect((await ledgerOf(srv, userId)).slice(2).map((r) => [r.channelId, r.outcome])).toEqual([
      [high, 'failed'],
      [low, 'ok'],
    ]);

    // Both disabled in the console: the environment's service hears again, at once.
    await setEnabled(srv, admin, high, speechChannel(second.url, { enabled: false }));
    await setEnabled(srv, admin, low, speechChannel(first.url, { enabled: false }));
    envFake.reply.text = '环境听到的';
    expect(await transcribeAs(srv, token)).toMatchObject({ status: 200, body: { data: { text: '环境听到的' } } });
    expect(envFake.heard.at(-1)?.authorization).toBe('Bearer sk-env-speech');
    expect((await speakAs(srv, token, 'zh')).status).toBe(200);
    expect(envFake.spoken.at(-1)?.body).toMatchObject({ voice: 'env-voice' });
  });

  it('tests a speech channel with a read-only model list, naming the models the upstream lacks', async () => {
    const id = await createChannel(srv, admin, speechChannel(first.url, { enabled: false }));
    expect((await addKey(srv, id, 'sk-probed-speech')).body.code).toBe(200);
    const before = { heard: first.heard.length, spoken: first.spoken.length };
    const res = await srv.call('POST', `/api/admin/channels/${id}/test`, undefined, {
      cookie: `${admin.cookie}; lang=en-US`,
    });
    expect(res.body.data).toMatchObject({
      ok: true,
      detected: 'openai-speech',
      upstreamModels: ['whisper-1', 'tts-1'],
      missing: ['sensevoice-small', 'cosyvoice'],
    });
    expect(first.listed.at(-1)).toBe('Bearer sk-probed-speech');
    expect({ heard: first.heard.length, spoken: first.spoken.length }).toEqual(before);
  });
});

describe('speech channels without an environment service', () => {
  let srv: TestServer;
  let admin: Staff;
  let fake: FakeSpeech;
  beforeAll(async () => {
    fake = await startFakeSpeech();
    srv = await startTestServer();
    admin = await makeStaff(srv, 'speech-only-admin@example.com', 'admin');
  }, 120_000);
  afterAll(async () => {
    await srv?.dispose();
    await fake?.close();
  });

  it('offers voice while an enabled channel exists, and 404 once it is disabled', async () => {
    const { token } = await createUserWithToken(srv, 'speech-console@example.com');
    expect(await voiceFlags(srv)).toEqual({ transcription: false, readAloud: false });
    const id = await createChannel(srv, admin, speechChannel(fake.url, { models: speechModels({ zh: '', en: '' }) }));
    // A channel without a key is not used.
    expect(await voiceFlags(srv)).toEqual({ transcription: false, readAloud: false });
    expect((await addKey(srv, id, 'sk-console-speech')).body.code).toBe(200);
    // No voice named: it transcribes, and reading stays the browser's.
    expect(await voiceFlags(srv)).toEqual({ transcription: true, readAloud: false });
    expect((await speakAs(srv, token, 'zh')).status).toBe(404);
    await setEnabled(srv, admin, id, speechChannel(fake.url, { models: speechModels({ zh: '', en: 'alloy' }) }));
    expect(await voiceFlags(srv)).toEqual({ transcription: true, readAloud: true });
    expect((await speakAs(srv, token, 'en')).status).toBe(200);
    expect(fake.spoken.at(-1)?.body).toMatchObject({ voice: 'alloy', model: 'cosyvoice' });
    expect((await transcribeAs(srv, token)).status).toBe(200);

    await setEnabled(srv, admin, id, speechChannel(fake.url, { enabled: false }));
    expect(await voiceFlags(srv)).toEqual({ transcription: false, readAloud: false });
    const before = fake.heard.length;
    expect((await transcribeAs(srv, token)).status).toBe(404);
    expect((await speakAs(srv, token, 'en')).status).toBe(404);
    expect(fake.heard.length).toBe(before);
  });

  it('refuses a voice name that is too long, with a translated message, changing nothing', async () => {
    const res = await srv.call(
      'POST',
      '/api/admin/channels',
      channelBody(speechChannel(fake.url, { models: speechModels({ zh: 'v'.repeat(101), en: '' }) })),
      { cookie: `${admin.cookie}; lang=en-US` },
    );
    expect(res.status).toBe(400);
    expect(res.body.result).toBe('A voice name can be at most 100 characters');
    const list = (await srv.call('GET', '/api/admin/channels', undefined, { cookie: admin.cookie })).body.data;
    expect(list.filter((c: { kind: string }) => c.kind === 'speech')).toHaveLength(1);
  });
});

describe('speech adapters and other processes', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let srv: TestServer;
  let admin: Staff;
  let fake: FakeSpeech;
  const handed: SpeechProvider[] = [];
  beforeAll(async () => {
    fake = await startFakeSpeech();
    db = await createTestDatabase();
    srv = await startTestServerOn(db, { SPEECH_PER_MINUTE: '1000' });
    admin = await makeStaff(srv, 'speech-registry-admin@example.com', 'admin');
    const speech = srv.runtime.registry.speech.bind(srv.runtime.registry);
    srv.runtime.registry.speech = (target) => {
      const adapter = speech(target);
      handed.push(adapter);
      return adapter;
    };
  }, 120_000);
  afterAll(async () => {
    await srv?.dispose();
    await db?.drop();
    await fake?.close();
  });

  it('shares one adapter per channel key, and builds a new one when the console changes the channel', async () => {
    const { token } = await createUserWithToken(srv, 'speech-registry@example.com');
    const id = await createChannel(srv, admin, speechChannel(fake.url));
    expect((await addKey(srv, id, 'sk-registry-speech')).body.code).toBe(200);
    expect((await transcribeAs(srv, token)).status).toBe(200);
    expect((await transcribeAs(srv, token)).status).toBe(200);
    expect(handed).toHaveLength(2);
    expect(handed[1]).toBe(handed[0]);
    await setEnabled(srv, admin, id, speechChannel(fake.url, { models: speechModels({ zh: 'other', en: '' }) }));
    expect((await speakAs(srv, token, 'zh')).status).toBe(200);
    expect(handed.at(-1)).not.toBe(handed[0]);
    expect(fake.spoken.at(-1)?.body).toMatchObject({ voice: 'other' });
  });

  it.runIf(Boolean(inject('postgresUrl')))(
    "another process follows the console's speech channels at once",
    async () => {
      const other = await startTestServerOn(db);
      try {
        const flags = () => voiceFlags(other);
        expect(await flags()).toEqual({ transcription: true, readAloud: true });
        const [channel] = (await srv.call('GET', '/api/admin/channels', undefined, { cookie: admin.cookie })).body.data;
        await setEnabled(srv, admin, channel.id, speechChannel(fake.url, { enabled: false }));
        await expect.poll(flags).toEqual({ transcription: false, readAloud: false });
        await setEnabled(srv, admin, channel.id, speechChannel(fake.url));
        await expect.poll(flags).toEqual({ transcription: true, readAloud: true });
      } finally {
        await other.dispose();
      }
    },
  );
});
