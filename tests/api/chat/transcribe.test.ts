import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usageLedger } from '../../../src/server/db/schema';
import { clearOfWindowEdge, createUserWithToken, startTestServer, type TestServer } from '../helpers';
import { type FakeSpeech, startFakeSpeech, webmBytes } from './fake-speech';

async function send(srv: TestServer, bytes: Buffer | null, opts: { token?: string; type?: string } = {}) {
  const form = new FormData();
  if (bytes) form.append('file', new Blob([new Uint8Array(bytes)], { type: opts.type ?? 'audio/webm' }), 'a.webm');
  const res = await fetch(`${srv.url}/api/chat/transcribe`, {
    method: 'POST',
    headers: { cookie: 'lang=en-US', ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}) },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as { code: number; result: string; data: { text: string } } };
}

describe('POST /api/chat/transcribe with a speech service', () => {
  let srv: TestServer;
  let fake: FakeSpeech;
  beforeAll(async () => {
    fake = await startFakeSpeech();
    srv = await startTestServer({
      SPEECH_BASE_URL: fake.url,
      SPEECH_API_KEY: 'sk-speech',
      SPEECH_TRANSCRIBE_MODEL: 'sensevoice-small',
      SPEECH_MAX_BYTES: '10000',
      SPEECH_PER_MINUTE: '4',
    });
  });
  afterAll(async () => {
    await srv?.dispose();
    await fake?.close();
  });

  it('says transcription is available in the chat models reply', async () => {
    const res = await srv.call('GET', '/api/chat/models');
    expect(res.body.data.transcription).toBe(true);
  });

  it("transcribes a signed-in user's recording and writes a ledger row", async () => {
    const { id: userId, token } = await createUserWithToken(srv, 'voice@example.com');
    fake.reply.text = '今天天气怎么样';
    const res = await send(srv, webmBytes(3000), { token });
    expect(res.status).toBe(200);
    expect(res.body.data.text).toBe('今天天气怎么样');
    const last = fake.heard.at(-1);
    expect(last).toMatchObject({
      authorization: 'Bearer sk-speech',
      model: 'sensevoice-small',
      language: 'en',
      responseFormat: 'json',
      fileType: 'audio/webm',
      fileName: 'speech.webm',
      fileBytes: 3000,
    });
    const rows = await srv.runtime.database.db
      .select()
      .from(usageLedger)
      .where(and(eq(usageLedger.kind, 'transcription'), eq(usageLedger.userId, userId)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ model: 'sensevoice-small', inputTokens: 3000, outputTokens: 7, outcome: 'ok' });
  });

  it('refuses what is not a supported recording by its bytes, whatever its type says, and sends nothing', async () => {
    const before = fake.heard.length;
    const fakeWebm = Buffer.from('<html>not audio at all</html>');
    const res = await send(srv, fakeWebm, { type: 'audio/webm' });
    expect(res.status).toBe(400);
    expect(res.body.result).toContain('WebM, Ogg, MP4, MP3 and WAV');
    const none = await send(srv, null);
    expect(none.status).toBe(400);
    expect(fake.heard.length).toBe(before);
  });

  it('refuses a recording above SPEECH_MAX_BYTES with 413 and sends nothing', async () => {
    const before = fake.heard.length;
    const res = await send(srv, webmBytes(10_001));
    expect(res.status).toBe(413);
    expect(res.body.result).toContain('too long');
    expect(fake.heard.length).toBe(before);
  });

  it('answers a translated 503 when the service fails, recording a failed row', async () => {
    const { id: userId, token } = await createUserWithToken(srv, 'voice-fail@example.com');
    fake.reply.status = 502;
    try {
      const res = await send(srv, webmBytes(), { token });
      expect(res.status).toBe(503);
      expect(res.body.result).toContain('could not be reached');
    } finally {
      fake.reply.status = 200;
    }
    const rows = await srv.runtime.database.db.select().from(usageLedger).where(eq(usageLedger.userId, userId));
    expect(rows.map((r) => r.outcome)).toEqual(['failed']);
  });

  it('rate limits a person to SPEECH_PER_MINUTE recordings', async () => {
    const { token } = await createUserWithToken(srv, 'voice-fast@example.com');
    await clearOfWindowEdge(60_000, 5_000);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await send(srv, webmBytes(), { token })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
  });
});

describe('POST /api/chat/transcribe without a speech service', () => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startTestServer();
  });
  afterAll(async () => srv?.dispose());

  it('answers a translated not available, and the models reply says so', async () => {
    const res = await send(srv, webmBytes());
    expect(res.status).toBe(404);
    expect(res.body.result).toBe('Voice input through this site is not available');
    expect((await srv.call('GET', '/api/chat/models')).body.data.transcription).toBe(false);
  });
});
