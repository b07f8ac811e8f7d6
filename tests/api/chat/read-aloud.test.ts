import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usageLedger } from '../../../src/server/db/schema';
import { createUserWithToken, startTestServer, type TestServer } from '../helpers';
import { FAKE_MP3, type FakeSpeech, startFakeSpeech } from './fake-speech';

const speak = (srv: TestServer, body: unknown, token?: string) =>
  fetch(`${srv.url}/api/chat/speech`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: 'lang=en-US',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });

describe('POST /api/chat/speech with a Chinese voice only', () => {
  let srv: TestServer;
  let fake: FakeSpeech;
  beforeAll(async () => {
    fake = await startFakeSpeech();
    srv = await startTestServer({
      SPEECH_BASE_URL: fake.url,
      SPEECH_API_KEY: 'sk-tts',
      SPEECH_TTS_MODEL: 'cosyvoice',
      SPEECH_VOICE_ZH: 'longxiaochun',
    });
  });
  afterAll(async () => {
    await srv?.dispose();
    await fake?.close();
  });

  it('says the site reads aloud, and answers the MP3 the service made, with a ledger row', async () => {
    expect((await srv.call('GET', '/api/chat/models')).body.data.readAloud).toBe(true);
    const { id: userId, token } = await createUserWithToken(srv, 'tts@example.com');
    const res = await speak(srv, { text: '你好，世界', lang: 'zh' }, token);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('audio/mpeg');
    const audio = Buffer.from(await res.arrayBuffer());
    expect(audio.equals(Buffer.concat([FAKE_MP3, Buffer.from('你好，世界')]))).toBe(true);
    expect(fake.spoken.at(-1)).toEqual({
      authorization: 'Bearer sk-tts',
      body: { model: 'cosyvoice', input: '你好，世界', voice: 'longxiaochun', response_format: 'mp3' },
    });
    const rows = await srv.runtime.database.db.select().from(usageLedger).where(eq(usageLedger.userId, userId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'speech', model: 'cosyvoice', inputTokens: 5, outputTokens: audio.length });
  });

  it('answers a translated 404 for a language without a voice, and 400 for bad input, calling nothing', async () => {
    const before = fake.spoken.length;
    const en = await speak(srv, { text: 'hello', lang: 'en' });
    expect(en.status).toBe(404);
    expect(((await en.json()) as { result: string }).result).toBe('Reading aloud through this site is not available');
    expect((await speak(srv, { text: '   ', lang: 'zh' })).status).toBe(400);
    expect((await speak(srv, { text: 'x'.repeat(4001), lang: 'zh' })).status).toBe(400);
    expect((await speak(srv, { text: 'hi', lang: 'fr' })).status).toBe(400);
    expect(fake.spoken.length).toBe(before);
  });
});

describe('POST /api/chat/speech without a voice', () => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startTestServer();
  });
  afterAll(async () => srv?.dispose());

  it('is not available, and the models reply says so', async () => {
    expect((await srv.call('GET', '/api/chat/models')).body.data.readAloud).toBe(false);
    expect((await speak(srv, { text: '你好', lang: 'zh' })).status).toBe(404);
  });
});
