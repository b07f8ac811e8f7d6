import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithToken, type TestServer } from '../helpers';
import { ask, startChatServer } from './chat-helpers';
import { readEvents, type SseEvent } from './fake-openai';
import { startFakeToolModel } from './fake-tool-model';

const ended = (events: SseEvent[]) =>
  events.filter((e) => e.event === 'tool' && e.data.ok !== undefined).map((e) => e.data);

describe('tool calls a day per level', () => {
  let model: Awaited<ReturnType<typeof startFakeToolModel>>;
  let srv: TestServer;
  beforeAll(async () => {
    model = await startFakeToolModel((req) =>
      !req.tools || req.messages.at(-1)?.role === 'tool'
        ? { text: 'ok' }
        : { calls: [{ name: 'now', arguments: '{}' }] },
    );
    srv = await startChatServer({
      OPENAI_BASE_URL: model.url,
      OPENAI_API_KEY: 'sk-test',
      CHAT_MODELS: 'clock',
      CHAT_FREE_VISITOR_DAILY: '1000',
      CHAT_FREE_USER_DAILY: '1000',
      TOOL_CALLS_VISITOR_DAILY: '2',
      TOOL_CALLS_USER_DAILY: '3',
    });
  });
  afterAll(async () => {
    await srv?.dispose();
    await model?.close();
  });

  it('runs exactly the allowed calls even when questions race, then tells the model they are used up', async () => {
    const all = await Promise.all(
      Array.from({ length: 5 }, async () =>
        ended(
          await readEvents(
            await ask(srv, { prompt: 'time?' }, { 'x-forwarded-for': '203.0.113.9', cookie: 'lang=en-US' }),
          ),
        ),
      ),
    );
    const steps = all.flat();
    expect(steps.filter((s) => s.ok)).toHaveLength(2);
    expect(steps.filter((s) => !s.ok).map((s) => s.output)).toEqual(
      Array(3).fill("Today's tool calls are used up; answer without tools."),
    );
  });

  it("counts each person's calls against their level's allowance", async () => {
    const user = await createUserWithToken(srv, 'tool-quota@example.com');
    const oks: boolean[] = [];
    for (let i = 0; i < 4; i++)
      oks.push(...ended(await readEvents(await ask(srv, { prompt: 'time?' }, user.headers))).map((s) => s.ok));
    expect(oks).toEqual([true, true, true, false]);
  });
});
