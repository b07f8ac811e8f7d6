import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sourcesOf } from '../../../src/server/services/chat/sources';
import { createUserWithToken, type TestServer } from '../helpers';
import { ask, startChatServer } from './chat-helpers';
import { readEvents, type SseEvent } from './fake-openai';
import { startFakeToolModel, type ToolReply, type ToolRequest } from './fake-tool-model';
import { knowledgePassages, type TestSource, testSource } from './test-sources';

const tools = (events: SseEvent[]) => events.filter((e) => e.event === 'tool').map((e) => e.data);
const text = (events: SseEvent[]) =>
  events
    .filter((e) => e.event === 'delta')
    .map((e) => e.data.text)
    .join('');
const lastRole = (req: ToolRequest) => req.messages.at(-1)?.role;

/** The model each test asks decides what it does: call tools, then answer once their results are back. */
function decide(req: ToolRequest): ToolReply {
  if (!req.tools) return { text: 'Final answer without tools.' };
  const last = lastRole(req);
  switch (req.model) {
    case 'clock':
      return last === 'tool' ? { text: 'It is late.' } : { calls: [{ name: 'now', arguments: '{}' }] };
    case 'searcher':
      return last === 'tool'
        ? { text: 'Steep it at eighty degrees [4].' }
        : { calls: [{ name: 'knowledge_search', arguments: '{"query":"green tea"}' }] };
    case 'looper':
      return { calls: [{ name: 'now', arguments: '{}' }] };
    case 'clumsy':
      return last === 'tool'
        ? { text: 'Sorry.' }
        : {
            calls: [
              { name: 'teleport', arguments: '{}' },
              { name: 'knowledge_search', arguments: '{"query": ' },
              { name: 'knowledge_search', arguments: '{"query": ""}' },
            ],
          };
    case 'painter':
      return last === 'tool'
        ? { text: 'Your picture is on its way.' }
        : { calls: [{ name: 'draw', arguments: '{"prompt":"a cat on a roof","ratio":"16:9"}' }] };
    default:
      return { text: 'Hello.' };
  }
}

describe('the tool loop against an OpenAI-compatible model', () => {
  let fake: Awaited<ReturnType<typeof startFakeToolModel>>;
  let srv: TestServer;
  let knowledge: TestSource;
  beforeAll(async () => {
    fake = await startFakeToolModel(decide);
    srv = await startChatServer({
      OPENAI_BASE_URL: fake.url,
      OPENAI_API_KEY: 'sk-test',
      CHAT_MODELS: 'clock,searcher,looper,clumsy,painter',
      CHAT_FREE_VISITOR_DAILY: '1000',
      CHAT_FREE_USER_DAILY: '1000',
      CHAT_TOOL_STEPS: '2',
      CHAT_TOOL_TIMEOUT_MS: '1000',
    });
    knowledge = testSource('knowledge', knowledgePassages);
    sourcesOf(srv.runtime).push(knowledge);
  });
  afterAll(async () => {
    await srv?.dispose();
    await fake?.close();
  });

  it('offers tools, runs the streamed call, sends it as a step, and asks again with the result', async () => {
    const events = await readEvents(await ask(srv, { prompt: 'What time is it?', options: { model: 'clock' } }));
    expect(events.map((e) => e.event)).toEqual(['meta', 'tool', 'tool', 'delta', 'delta', 'done']);
    const [started, ended] = tools(events);
    expect(started).toEqual({ id: 'call_1_0', name: 'now', input: '{}' });
    expect(ended).toMatchObject({ id: 'call_1_0', name: 'now', input: '{}', ok: true });
    expect(ended.output).toMatch(/2\d{3}.*\(Asia\/Shanghai\)$/);
    expect(text(events)).toBe('It is late.');

    const [first, second] = fake.requests.slice(-2);
    // A visitor is offered the clock, not drawing; no source was turned on.
    expect(first?.tools?.map((t) => t.function.name)).toEqual(['now']);
    expect(first?.tools?.[0]).toMatchObject({ type: 'function', function: { parameters: { type: 'object' } } });
    expect(second?.messages.slice(-2)).toEqual([
      {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: 'call_1_0', type: 'function', function: { name: 'now', arguments: '{}' } }],
      },
      { role: 'tool', tool_call_id: 'call_1_0', content: ended.output },
    ]);
  });

  it('offers a turned-on source as a tool; its passages are numbered on as more citations', async () => {
    const events = await readEvents(
      await ask(srv, { prompt: 'How do I make tea?', knowledgeBaseIds: [7], options: { model: 'searcher' } }),
    );
    expect(events.map((e) => e.event).slice(0, 5)).toEqual(['meta', 'citations', 'tool', 'citations', 'tool']);
    expect(events[1]?.data.items.map((c: { n: number }) => c.n)).toEqual([1, 2]);
    expect(events[3]?.data.items.map((c: { n: number; title: string }) => [c.n, c.title])).toEqual([
      [1, 'cats.pdf'],
      [2, 'tea.md'],
      [3, 'cats.pdf'],
      [4, 'tea.md'],
    ]);
    expect(knowledge.asked.at(-1)).toMatchObject({ query: 'green tea', knowledgeBaseIds: [7] });
    const ended = tools(events)[1];
    expect(ended.ok).toBe(true);
    expect(ended.output).toContain('<source n="3" title="cats.pdf" where="p. 3">');
    expect(fake.requests.at(-2)?.tools?.map((t) => t.function.name)).toEqual(['now', 'knowledge_search']);
  });

  it('stops offering tools after the last round, so the model answers', async () => {
    const before = fake.requests.length;
    const events = await readEvents(await ask(srv, { prompt: 'Loop forever', options: { model: 'looper' } }));
    const asked = fake.requests.slice(before);
    expect(asked.map((r) => Boolean(r.tools))).toEqual([true, true, false]);
    expect(tools(events).filter((s) => s.ok)).toHaveLength(2);
    expect(text(events)).toBe('Final answer without tools.');
  });

  it('tells the model of an unknown tool, arguments that are not JSON or not valid; the answer goes on', async () => {
    const events = await readEvents(
      await ask(srv, { prompt: 'Do things', knowledgeBaseIds: [7], options: { model: 'clumsy' } }),
    );
    const ended = tools(events).filter((s) => s.ok !== undefined);
    expect(ended.map((s) => [s.name, s.ok])).toEqual([
      ['teleport', false],
      ['knowledge_search', false],
      ['knowledge_search', false],
    ]);
    expect(ended[0].output).toBe('unknown tool: teleport');
    expect(ended[1].output).toBe('the arguments are not valid JSON');
    expect(ended[2].output).toMatch(/^invalid arguments/);
    expect(text(events)).toBe('Sorry.');
  });

  it('ends a call that does not answer within its time limit', async () => {
    knowledge.hangOn = 'green tea';
    try {
      const events = await readEvents(
        await ask(srv, { prompt: 'How do I make tea?', knowledgeBaseIds: [7], options: { model: 'searcher' } }),
      );
      const ended = tools(events).find((s) => s.ok !== undefined);
      expect(ended).toMatchObject({ ok: false, output: 'the tool did not answer within 1000 ms' });
      expect(events.at(-1)?.event).toBe('done');
    } finally {
      knowledge.hangOn = null;
    }
  });

  it('leaves out a source that does not answer in time before the answer, and answers', async () => {
    knowledge.hangOn = 'Tea, quickly';
    try {
      const events = await readEvents(
        await ask(srv, { prompt: 'Tea, quickly', knowledgeBaseIds: [7], options: { model: 'clock' } }),
      );
      expect(events.some((e) => e.event === 'citations')).toBe(false);
      expect(events.at(-1)?.event).toBe('done');
    } finally {
      knowledge.hangOn = null;
    }
  });

  it('draws for a signed-in person through the drawing service', async () => {
    const user = await createUserWithToken(srv, 'tool-painter@example.com');
    const events = await readEvents(
      await ask(srv, { prompt: 'Draw a cat', options: { model: 'painter' } }, user.headers),
    );
    expect(fake.requests.at(-2)?.tools?.map((t) => t.function.name)).toEqual(['now', 'draw']);
    const ended = tools(events)[1];
    expect(ended.ok).toBe(true);
    const { taskId, prompt } = JSON.parse(ended.output);
    expect(prompt).toBe('a cat on a roof');
    const task = await srv.call('POST', '/api/sd/task', { id: taskId }, user.headers);
    expect(task.body.data).toMatchObject({ id: taskId, prompt: 'a cat on a roof', drawRate: '16:9' });
  });
});

describe('tools in demo mode', () => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startChatServer({ CHAT_FREE_VISITOR_DAILY: '1000' });
  });
  afterAll(async () => {
    await srv?.dispose();
  });

  it('a question about the date calls `now` and the answer says what it gave', async () => {
    const events = await readEvents(await ask(srv, { prompt: 'What is the date today?' }, { cookie: 'lang=en-US' }));
    const steps = tools(events);
    expect(steps.map((s) => [s.name, s.ok])).toEqual([
      ['now', undefined],
      ['now', true],
    ]);
    expect(text(events)).toContain(`I asked the clock tool: it is now ${steps[1].output}.`);
  });

  it('other questions call no tool', async () => {
    const events = await readEvents(await ask(srv, { prompt: 'Tell me a story' }));
    expect(tools(events)).toEqual([]);
  });
});
