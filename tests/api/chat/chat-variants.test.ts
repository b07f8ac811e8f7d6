import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithToken, startTestServer, type TestServer } from '../helpers';

const conversation = (messages: unknown[], changedAt = Date.now()) => ({
  title: 'Trip',
  systemPrompt: null,
  description: null,
  templateId: null,
  messages,
  changedAt,
});

/** An edited question (its old version keeps the answers that followed) and a regenerated answer. */
const withVariants: Array<
  Record<string, unknown> & { variants?: Array<Record<string, unknown> & { tail?: unknown[] }> }
> = [
  {
    id: 'q1',
    dateTime: 3000,
    inversion: true,
    text: 'Plan a weekend in Hangzhou',
    variant: 1,
    variants: [
      {
        text: 'Plan a trip',
        tail: [
          { id: 'a1', dateTime: 1001, inversion: false, text: 'Where to?', model: 'm1' },
          { id: 'q2', dateTime: 1002, inversion: true, text: 'Hangzhou' },
          { id: 'a2', dateTime: 1003, inversion: false, text: 'Two days in Hangzhou', cut: true },
        ],
      },
    ],
  },
  {
    id: 'a9',
    dateTime: 3001,
    inversion: false,
    text: 'Saturday: West Lake',
    model: 'm2',
    usage: { inputTokens: 12, outputTokens: 5 },
    variant: 0,
    variants: [{ text: 'Day one: Lingyin temple', model: 'm1' }],
  },
];

describe('conversation sync with variants', () => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startTestServer({ CHAT_SYNC_MESSAGE_BYTES: '2048', CHAT_SYNC_CONVERSATION_BYTES: '8192' });
  });
  afterAll(async () => {
    await srv?.dispose();
  });

  it('keeps edit-and-resend and regenerate variants intact through PUT and GET', async () => {
    const user = await createUserWithToken(srv, 'variants@example.com');
    const put = await srv.call('PUT', '/api/chat/conversations/1002', conversation(withVariants, 5000), user.headers);
    expect(put.body.data).toEqual({ applied: true, changedAt: 5000 });
    const read = await srv.call('GET', '/api/chat/conversations/1002', undefined, user.headers);
    expect(read.body.data.messages).toEqual(withVariants);
  });

  it('stores tails without variants of their own (they do not nest)', async () => {
    const user = await createUserWithToken(srv, 'nested@example.com');
    const nested = structuredClone(withVariants);
    const tail = nested[0]?.variants?.[0]?.tail as Array<Record<string, unknown>>;
    tail[0] = { ...tail[0], variants: [{ text: 'an answer inside a tail', tail: [] }], variant: 1 };
    await srv.call('PUT', '/api/chat/conversations/7', conversation(nested, 10), user.headers);
    const read = await srv.call('GET', '/api/chat/conversations/7', undefined, user.headers);
    expect(read.body.data.messages).toEqual(withVariants);
  });

  it('holds each version to the size of a message, counts all of them against the conversation, stores nothing refused', async () => {
    const user = await createUserWithToken(srv, 'big-variants@example.com');
    const put = (messages: unknown[], changedAt: number) =>
      srv.call('PUT', '/api/chat/conversations/9', conversation(messages, changedAt), user.headers);
    const answer = (variants: unknown[]) => ({ id: 'a', dateTime: 1, inversion: false, text: 'ok', variants });
    expect((await put(withVariants, 100)).body.data.applied).toBe(true);

    // Five older versions of 1.2 KB each: every one fits a message (2 KB) though together they do not.
    const versions = Array.from({ length: 5 }, (_, i) => ({ text: `${i}`.repeat(1200) }));
    expect((await put([answer(versions)], 200)).body.data).toEqual({ applied: true, changedAt: 200 });
    expect((await put(withVariants, 300)).body.data.applied).toBe(true);

    const bigVariant = await put([answer([{ text: '字'.repeat(700) }])], 400);
    expect(bigVariant.status).toBe(413);
    expect(bigVariant.body.result).toBe('单条消息过大（最多 2 KB），未能同步');
    const tailed = [
      { ...withVariants[0], variants: [{ text: 'old', tail: [{ ...answer([]), text: 'x'.repeat(2100) }] }] },
    ];
    expect((await put(tailed, 500)).status).toBe(413);

    const many = Array.from({ length: 8 }, (_, i) => ({ ...answer(versions), id: `a${i}` }));
    const bigConversation = await put(many, 600);
    expect(bigConversation.status).toBe(413);
    expect(bigConversation.body.result).toBe('对话内容过大（最多 8 KB），未能同步');
    const tooMany = await put([answer(Array.from({ length: 21 }, () => ({ text: 'v' })))], 700);
    expect(tooMany.status).toBe(400);

    const read = await srv.call('GET', '/api/chat/conversations/9', undefined, user.headers);
    expect(read.body.data).toMatchObject({ changedAt: 300, messages: withVariants });
  });
});
