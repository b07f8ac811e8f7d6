import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatAttachments } from '../../../src/server/db/schema';
import { makeDocx, makePdf, tinyPng } from '../../fixtures/attachment-files';
import { createUserWithToken, startTestServer, type TestServer } from '../helpers';
import { addChatChannel, upload } from './attachment-helpers';
import { ask } from './chat-helpers';
import { type FakeOpenAi, readEvents, startFakeOpenAi } from './fake-openai';

// Pictures and documents in the chat (docs/chat.md#attachments), against a local OpenAI-compatible upstream.

let srv: TestServer;
let fake: FakeOpenAi;
let alice: { id: number; token: string };
let bob: { id: number; token: string };

beforeAll(async () => {
  fake = await startFakeOpenAi();
  srv = await startTestServer({ CHAT_FREE_USER_DAILY: '100', CHAT_FREE_VISITOR_DAILY: '100' });
  await addChatChannel(srv, fake.url, [
    { id: 'vision-model', vision: true, contextTokens: 0 },
    { id: 'text-model', vision: false, contextTokens: 300 },
  ]);
  alice = await createUserWithToken(srv, 'attach-alice@example.com');
  bob = await createUserWithToken(srv, 'attach-bob@example.com');
}, 120_000);
afterAll(async () => {
  await srv?.dispose();
  await fake?.close();
});

const headers = (who: { token: string } | null) => ({
  cookie: 'lang=en-US',
  ...(who ? { authorization: `Bearer ${who.token}` } : {}),
});
const used = async (who: { token: string }) =>
  (await srv.call('GET', '/api/chat/quota', undefined, headers(who))).body.data.used as number;
const rowsOf = async (userId: number) =>
  (
    await srv.runtime.database.db.select({ n: count() }).from(chatAttachments).where(eq(chatAttachments.userId, userId))
  )[0]?.n;
/** The last request the upstream got: its question's content. */
const lastQuestion = () => {
  const body = fake.requests.at(-1) as unknown as { messages: Array<{ role: string; content: unknown }> };
  return body.messages.at(-1)?.content;
};

describe('chat attachments', () => {
  it('asks visitors to log in (401), translated', async () => {
    const res = await upload(srv, { name: 'a.png', bytes: tinyPng });
    expect(res.status).toBe(401);
    expect(res.body.result).toMatch(/log in/i);
  });

  it('stores a picture privately: its owner reads it back, anyone else gets 404', async () => {
    const res = await upload(srv, { name: 'dot.png', bytes: tinyPng }, alice.token);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ kind: 'image', name: 'dot.png', mime: 'image/png', size: tinyPng.length });
    const id = res.body.data.id;
    const own = await fetch(`${srv.url}/api/chat/attachments/${id}`, { headers: headers(alice) });
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await own.arrayBuffer()).equals(tinyPng)).toBe(true);
    expect((await fetch(`${srv.url}/api/chat/attachments/${id}`, { headers: headers(bob) })).status).toBe(404);
    expect((await fetch(`${srv.url}/api/chat/attachments/${id}`)).status).toBe(404);
  });

  it('sends a picture as image_url to a vision model only; a model without vision answers 400 and spends nothing', async () => {
    const id = (await upload(srv, { name: 'dot.png', bytes: tinyPng }, alice.token)).body.data.id;
    const events = await readEvents(
      await ask(
        srv,
        { prompt: 'What is this?', options: { model: 'vision-model', attachments: [id] } },
        headers(alice),
      ),
    );
    expect(events.at(-1)?.event).toBe('done');
    const parts = lastQuestion() as Array<{ type: string; text?: string; image_url?: { url: string } }>;
    expect(parts[0]).toEqual({ type: 'text', text: 'What is this?' });
    expect(parts.find((p) => p.type === 'image_url')?.image_url?.url).toBe(
      `data:image/png;base64,${tinyPng.toString('base64')}`,
    );

    const before = { used: await used(alice), requests: fake.requests.length };
    const refused = await ask(
      srv,
      { prompt: 'And now?', options: { model: 'text-model', attachments: [id] } },
      headers(alice),
    );
    expect(refused.status).toBe(400);
    expect((await refused.json()).result).toMatch(/cannot read pictures/);
    expect(await used(alice)).toBe(before.used);
    expect(fake.requests.length).toBe(before.requests);
  });

  it("sends a PDF's text to the upstream, cut to the model's budget with the cut stated", async () => {
    const sentence = 'Revenue grew in the third quarter. ';
    const pdf = makePdf(Array(20).fill(sentence).join('\n'));
    const res = await upload(srv, { name: 'report.pdf', bytes: pdf }, alice.token);
    expect(res.body.data).toMatchObject({ kind: 'document', mime: 'application/pdf', chars: expect.any(Number) });
    const total = res.body.data.chars as number;
    expect(total).toBeGreaterThan(600);
    const events = await readEvents(
      await ask(
        srv,
        { prompt: 'Summarise', options: { model: 'text-model', attachments: [res.body.data.id] } },
        headers(alice),
      ),
    );
    expect(events[0]?.data.attachments).toEqual([expect.objectContaining({ name: 'report.pdf', truncated: true })]);
    const text = lastQuestion() as string;
    expect(text.startsWith('Summarise\n\n<document name="report.pdf"')).toBe(true);
    expect(text).toContain('Revenue grew in the third quarter.');
    expect(text).toContain(`Only the first 300 of ${total} characters`);
    const body = /<document[^>]*>\n([\s\S]*?)\n\[Only/.exec(text)?.[1] ?? '';
    expect(body.length).toBe(300);
  });

  it("sends a DOCX's text whole when it fits, also from an earlier message of the conversation", async () => {
    const docx = await makeDocx(['会议纪要：周五发布新版本。', 'Second paragraph of the minutes.']);
    const res = await upload(srv, { name: '纪要.docx', bytes: docx }, alice.token);
    expect(res.status).toBe(200);
    const id = res.body.data.id;
    const events = await readEvents(
      await ask(
        srv,
        {
          prompt: 'When is the release?',
          messages: [
            { role: 'user', content: 'Read this', attachments: [id] },
            { role: 'assistant', content: 'Done.' },
          ],
          options: { model: 'vision-model' },
        },
        headers(alice),
      ),
    );
    expect(events.at(-1)?.event).toBe('done');
    const body = fake.requests.at(-1) as unknown as { messages: Array<{ content: string }> };
    expect(body.messages[0]?.content).toContain('会议纪要：周五发布新版本。');
    expect(body.messages[0]?.content).toContain('Second paragraph of the minutes.');
    expect(body.messages[0]?.content).not.toContain('[Only the first');
  });

  it('refuses an encrypted PDF and malformed files with a clear 400, storing nothing', async () => {
    const before = await rowsOf(alice.id);
    const encrypted = await upload(
      srv,
      { name: 'secret.pdf', bytes: makePdf('secret', { encrypted: true }) },
      alice.token,
    );
    expect(encrypted.status).toBe(400);
    expect(encrypted.body.result).toMatch(/password-protected/);
    const broken = await upload(
      srv,
      { name: 'broken.pdf', bytes: Buffer.from('%PDF-1.4\nnot a pdf at all') },
      alice.token,
    );
    expect(broken.status).toBe(400);
    expect(broken.body.result).toMatch(/damaged/);
    const zip = await upload(srv, { name: 'broken.docx', bytes: Buffer.from('PK\x03\x04garbage') }, alice.token);
    expect(zip.status).toBe(400);
    expect(zip.body.result).toMatch(/damaged/);
    const fakePicture = await upload(srv, { name: 'photo.png', bytes: Buffer.from('not a picture') }, alice.token);
    expect(fakePicture.status).toBe(400);
    expect(fakePicture.body.result).toMatch(/Only JPEG/);
    expect(await rowsOf(alice.id)).toBe(before);
  });

  it("does not let another user send someone's attachment", async () => {
    const id = (await upload(srv, { name: 'dot.png', bytes: tinyPng }, alice.token)).body.data.id;
    const requests = fake.requests.length;
    const res = await ask(
      srv,
      { prompt: 'mine?', options: { model: 'vision-model', attachments: [id] } },
      headers(bob),
    );
    expect(res.status).toBe(404);
    const visitor = await ask(
      srv,
      { prompt: 'mine?', options: { model: 'vision-model', attachments: [id] } },
      headers(null),
    );
    expect(visitor.status).toBe(401);
    expect(fake.requests.length).toBe(requests);
  });
});
