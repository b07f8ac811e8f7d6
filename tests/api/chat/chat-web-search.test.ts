import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../helpers';
import { type Fake, fakeServer, type Listed } from '../web-search/fake-search';
import { ask, startChatServer } from './chat-helpers';
import { readEvents } from './fake-openai';

// The chat with the site's real web source (services/web-search/chat-source.ts wired into
// services/chat/sources.ts): a SearXNG-format service and a page, both local; demo mode answers.

const PAGE = '<html><body><main><p>妙笔的绘画广场每天更新，用户可以在广场上点赞和收藏作品。</p></main></body></html>';

describe('chat with web search on', () => {
  let srv: TestServer;
  let search: Fake;
  let pages: Fake;
  let listed: Listed[] = [];
  beforeAll(async () => {
    pages = await fakeServer(() => ({ status: 200, text: PAGE, type: 'text/html; charset=utf-8' }));
    search = await fakeServer((s) => ({
      status: 200,
      json: {
        query: s.query.get('q'),
        number_of_results: listed.length,
        results: listed.map((r) => ({ url: r.url, title: r.title, content: r.snippet, engine: 'bing' })),
      },
    }));
    listed = [{ title: '妙笔绘画广场', url: `${pages.url}/square`, snippet: '广场介绍' }];
    srv = await startChatServer({
      CHAT_FREE_VISITOR_DAILY: '100',
      WEB_SEARCH_PROVIDER: 'searxng',
      WEB_SEARCH_BASE_URL: search.url,
      WEB_SEARCH_VISITOR_DAILY: '5',
    });
  }, 120_000);
  afterAll(async () => {
    await srv?.dispose();
    await Promise.all([search?.close(), pages?.close()]);
  });

  it('offers the toggle, searches the question, cites the page and quotes it', async () => {
    expect((await srv.call('GET', '/api/chat/models')).body.data.webSearch).toBe(true);
    const events = await readEvents(await ask(srv, { prompt: '妙笔的绘画广场多久更新？', webSearch: true }));
    expect(search.seen.at(-1)?.query.get('q')).toBe('妙笔的绘画广场多久更新？');
    const cited = events.find((e) => e.event === 'citations')?.data.items;
    expect(cited).toEqual([
      expect.objectContaining({
        n: 1,
        kind: 'web',
        title: '妙笔绘画广场',
        url: `${pages.url}/square`,
        site: '127.0.0.1',
      }),
    ]);
    expect(cited[0].text).toContain('每天更新');
    const answer = events
      .filter((e) => e.event === 'delta')
      .map((e) => e.data.text)
      .join('');
    expect(answer).toContain('[1]');
    expect(answer).toContain('每天更新');
    expect(events.at(-1)?.event).toBe('done');
  });

  it('asks the search service nothing when the toggle is off', async () => {
    const before = search.seen.length;
    const events = await readEvents(await ask(srv, { prompt: '你好' }));
    expect(events.some((e) => e.event === 'citations')).toBe(false);
    expect(search.seen.length).toBe(before);
  });
});

describe('chat with no web search configured', () => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startChatServer();
  }, 120_000);
  afterAll(async () => {
    await srv?.dispose();
  });

  it('hides the toggle and refuses a question that asks to search, clearly', async () => {
    expect((await srv.call('GET', '/api/chat/models')).body.data.webSearch).toBe(false);
    const refused = await ask(srv, { prompt: 'cats?', webSearch: true }, { cookie: 'lang=en-US' });
    expect(refused.status).toBe(400);
    expect((await refused.json()).result).toMatch(/Web search is not available/);
  });
});
