import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithToken, type TestServer } from '../helpers';
import { addAndSettle, createBase, type Member } from '../knowledge/knowledge-helpers';
import { ask, startChatServer } from './chat-helpers';
import { readEvents, type SseEvent } from './fake-openai';

// The chat with the site's real knowledge source (services/knowledge/chat-source.ts wired into
// services/chat/sources.ts): a base with one file, ingested for real; demo mode quotes it.

const HANDBOOK =
  '## 年假\n\n员工入职满一年后每年享有十天带薪年假。\n\n## 报销\n\n差旅费用须在出差结束后三十天内提交报销单。';

const answerOf = (events: SseEvent[]) =>
  events
    .filter((e) => e.event === 'delta')
    .map((e) => e.data.text)
    .join('');

describe('chat with a knowledge base picked', () => {
  let srv: TestServer;
  let alice: Member;
  let bob: Member;
  let base: number;
  let fileId: number;
  beforeAll(async () => {
    srv = await startChatServer({ CHAT_FREE_DAILY: '100' });
    alice = await createUserWithToken(srv, 'chat-kb-alice@example.com');
    bob = await createUserWithToken(srv, 'chat-kb-bob@example.com');
    base = (await createBase(srv, alice, '员工手册')).id;
    const file = await addAndSettle(srv, alice, base, { name: '制度.md', bytes: HANDBOOK });
    expect(file.status).toBe('ready');
    fileId = file.id;
  }, 120_000);
  afterAll(async () => {
    await srv?.dispose();
  });

  it('cites the passage that answers, with its file, and quotes it', async () => {
    const events = await readEvents(
      await ask(srv, { prompt: '差旅报销要在多少天内提交？', knowledgeBaseIds: [base] }, alice.headers),
    );
    const cited = events.find((e) => e.event === 'citations')?.data.items;
    expect(cited?.[0]).toMatchObject({ n: 1, kind: 'knowledge', title: '制度.md', baseId: base, fileId });
    expect(cited?.[0].text).toContain('三十天内提交报销单');
    const answer = answerOf(events);
    expect(answer).toContain('三十天内提交报销单');
    expect(answer).toContain('[1]');
    expect(events.at(-1)?.event).toBe('done');
  });

  it("refuses another person's base, before anything streams", async () => {
    const refused = await ask(srv, { prompt: '年假有几天？', knowledgeBaseIds: [base] }, bob.headers);
    expect(refused.status).toBe(404);
  });

  it('gives a visitor who names a base (a picker kept from before logging out) nothing of it', async () => {
    const events = await readEvents(await ask(srv, { prompt: '年假有几天？', knowledgeBaseIds: [base] }));
    expect(events.some((e) => e.event === 'citations')).toBe(false);
    expect(answerOf(events)).not.toContain('十天带薪年假');
    expect(events.at(-1)?.event).toBe('done');
  });
});
