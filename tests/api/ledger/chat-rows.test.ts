import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countChatTokens } from '../../../src/server/services/ledger/tokens';
import { ask, startChatServer } from '../chat/chat-helpers';
import { type FakeOpenAi, readEvents, startFakeOpenAi } from '../chat/fake-openai';
import { createUserWithToken, type TestServer } from '../helpers';
import { ledgerRows } from './ledger-helpers';

const MODELS = 'ok,slow,midstream-error,rate';

describe('ledger rows of chat answers', () => {
  let reporting: FakeOpenAi;
  let silent: FakeOpenAi;
  let withUsage: TestServer;
  let without: TestServer;
  beforeAll(async () => {
    reporting = await startFakeOpenAi({ usage: { prompt_tokens: 42, completion_tokens: 7 } });
    silent = await startFakeOpenAi();
    withUsage = await startChatServer({ OPENAI_BASE_URL: reporting.url, CHAT_MODELS: MODELS });
    without = await startChatServer({ OPENAI_BASE_URL: silent.url, CHAT_MODELS: MODELS });
  }, 60_000);
  afterAll(async () => {
    await withUsage?.dispose();
    await without?.dispose();
    await reporting?.close();
    await silent?.close();
  });

  it("records the upstream's own counts, with the user and conversation", async () => {
    const user = await createUserWithToken(withUsage, 'ledger-up@example.com');
    const body = { prompt: 'hi', options: { model: 'ok', usingContext: true, conversationId: 1700000000001 } };
    const events = await readEvents(await ask(withUsage, body, user.headers));
    expect(events.at(-1)?.event).toBe('done');
    expect(reporting.requests.at(-1)).toMatchObject({ stream_options: { include_usage: true } });
    const [row] = await ledgerRows(withUsage);
    expect(row).toMatchObject({
      userId: user.id,
      kind: 'chat',
      conversationId: '1700000000001',
      model: 'ok',
      channelId: null,
      provider: 'openai',
      inputTokens: 42,
      outputTokens: 7,
      tokenSource: 'upstream',
      costMicros: 0,
      outcome: 'ok',
    });
    expect(row?.firstTokenMs).toBeGreaterThanOrEqual(0);
    expect(row?.durationMs).toBeGreaterThanOrEqual(row?.firstTokenMs ?? 0);
  });

  it('counts with the tokenizer when the upstream omits usage, for a visitor', async () => {
    const events = await readEvents(await ask(without, { prompt: 'count me', options: { model: 'ok' } }));
    expect(events.at(-1)?.event).toBe('done');
    const rows = await ledgerRows(without);
    const row = rows.at(-1);
    const expected = await countChatTokens('ok', [{ role: 'user', content: 'count me' }], 'Hello world');
    expect(expected.inputTokens).toBeGreaterThan(0);
    expect(expected.outputTokens).toBeGreaterThan(0);
    expect(row).toMatchObject({
      userId: null,
      conversationId: null,
      tokenSource: 'tokenizer',
      outcome: 'ok',
      ...expected,
    });
  });

  it('records a cancelled answer with the tokens streamed before the browser went away', async () => {
    const before = (await ledgerRows(without)).length;
    const controller = new AbortController();
    const res = await ask(without, { prompt: 'long', options: { model: 'slow' } }, {}, controller.signal);
    const seen: string[] = [];
    await readEvents(res, (e) => {
      if (e.event === 'delta') seen.push(e.data.text);
      return seen.length < 3;
    }).catch(() => []);
    controller.abort();
    await silent.closedEarly('slow');
    await expect.poll(async () => (await ledgerRows(without)).length, { timeout: 10_000 }).toBe(before + 1);
    const row = (await ledgerRows(without)).at(-1);
    expect(row).toMatchObject({ model: 'slow', outcome: 'cancelled', tokenSource: 'tokenizer' });
    expect(row?.outputTokens).toBeGreaterThan(0);
    // Far fewer than the 100 pieces the fake would have sent.
    expect(row?.outputTokens).toBeLessThan(150);
    expect(row?.inputTokens).toBeGreaterThan(0);
  });

  it('records a failed answer: what was streamed before the upstream error, nothing for a refusal', async () => {
    const events = await readEvents(await ask(without, { prompt: 'x', options: { model: 'midstream-error' } }));
    expect(events.at(-1)?.event).toBe('error');
    const failed = (await ledgerRows(without)).at(-1);
    expect(failed).toMatchObject({ model: 'midstream-error', outcome: 'failed', tokenSource: 'tokenizer' });
    expect(failed?.outputTokens).toBe((await countChatTokens('x', [], 'partial')).outputTokens);

    const refused = await readEvents(await ask(without, { prompt: 'x', options: { model: 'rate' } }));
    expect(refused.at(-1)?.event).toBe('error');
    expect((await ledgerRows(without)).at(-1)).toMatchObject({
      model: 'rate',
      outcome: 'failed',
      inputTokens: 0,
      outputTokens: 0,
      firstTokenMs: null,
    });
  });
});

describe('ledger rows of the offline responder', () => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startChatServer();
  }, 60_000);
  afterAll(() => srv?.dispose());

  it('records demo answers as provider offline, counted by the tokenizer, costing nothing', async () => {
    const user = await createUserWithToken(srv, 'ledger-offline@example.com');
    const events = await readEvents(await ask(srv, { prompt: '你好' }, user.headers));
    expect(events.at(-1)?.event).toBe('done');
    const answer = events
      .filter((e) => e.event === 'delta')
      .map((e) => e.data.text)
      .join('');
    const [row] = await ledgerRows(srv);
    const expected = await countChatTokens('miaobi-offline', [{ role: 'user', content: '你好' }], answer);
    expect(row).toMatchObject({
      userId: user.id,
      model: 'miaobi-offline',
      provider: 'offline',
      channelId: null,
      tokenSource: 'tokenizer',
      costMicros: 0,
      outcome: 'ok',
      ...expected,
    });
  });
});
