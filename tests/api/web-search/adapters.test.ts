import { afterAll, describe, expect, it } from 'vitest';
import {
  createWebSearchProvider,
  WebSearchError,
  type WebSearchTarget,
} from '../../../src/server/providers/web-search';
import { bochaFake, type Fake, fakeServer, type Listed, searxngFake, tavilyFake, zhipuFake } from './fake-search';

// Each adapter against a local server speaking its service's documented format (fake-search.ts).

const results: Listed[] = [
  { title: '妙笔 — 官网', url: 'https://miaobi.example/', snippet: '妙笔是一个中文 AI 助手网站。', site: '妙笔' },
  { title: 'Second page', url: 'https://news.example.com/a?id=1', snippet: 'More words about it.' },
  { title: 'Not a web page', url: 'ftp://files.example.com/x', snippet: 'skipped' },
];
const fakes: Fake[] = [];
afterAll(() => Promise.all(fakes.map((f) => f.close())));
const keep = (f: Fake) => {
  fakes.push(f);
  return f;
};
const search = (t: WebSearchTarget, count = 5) =>
  createWebSearchProvider(t).search('妙笔是什么', { count, signal: AbortSignal.timeout(10_000) });
const failure = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (err: unknown) => (err instanceof WebSearchError ? err.kind : String(err)),
  );

describe.each([
  ['bocha', (key: string) => bochaFake(key, results), (f: Fake) => f.seen[0]?.body?.query],
  ['tavily', (key: string) => tavilyFake(key, results), (f: Fake) => f.seen[0]?.body?.query],
  ['zhipu', (key: string) => zhipuFake(key, results), (f: Fake) => f.seen[0]?.body?.search_query],
] as const)('%s', (provider, make, sentQuery) => {
  it('sends the query with the key and maps the documented reply to results (http(s) only)', async () => {
    const fake = keep(await make('sk-right'));
    const hits = await search({ provider, baseUrl: fake.url, secret: 'sk-right' });
    expect(sentQuery(fake)).toBe('妙笔是什么');
    expect(fake.seen[0]?.authorization).toBe('Bearer sk-right');
    expect(hits.map((h) => h.url)).toEqual(['https://miaobi.example/', 'https://news.example.com/a?id=1']);
    expect(hits[0]).toMatchObject({ title: '妙笔 — 官网', snippet: '妙笔是一个中文 AI 助手网站。', readable: true });
    // Tavily names no site: the host stands in; the others give theirs.
    expect(hits[0]?.site).toBe(provider === 'tavily' ? 'miaobi.example' : '妙笔');
    expect(hits[1]?.site).toBe('news.example.com');
  });

  it('a refused key is badKey; a count is honoured', async () => {
    const fake = keep(await make('sk-right'));
    expect(await failure(search({ provider, baseUrl: fake.url, secret: 'sk-wrong' }))).toBe('badKey');
    expect(await search({ provider, baseUrl: fake.url, secret: 'sk-right' }, 1)).toHaveLength(1);
  });
});

describe('searxng', () => {
  it('asks GET /search with format=json and maps its results', async () => {
    const fake = keep(await searxngFake(results));
    const hits = await search({ provider: 'searxng', baseUrl: `${fake.url}/`, secret: '' });
    expect(fake.seen[0]).toMatchObject({ method: 'GET', path: '/search' });
    expect(fake.seen[0]?.query.get('q')).toBe('妙笔是什么');
    expect(hits.map((h) => [h.title, h.site])).toEqual([
      ['妙笔 — 官网', 'miaobi.example'],
      ['Second page', 'news.example.com'],
    ]);
  });
});

describe('failures map to kinds', () => {
  it('a wrong address (404), a reply that is not the shape, a 429, a 500, a closed port', async () => {
    const html = keep(await fakeServer(() => ({ status: 200, text: '<html>hello</html>' })));
    const odd = keep(await fakeServer(() => ({ status: 200, json: { something: 'else' } })));
    const busy = keep(await fakeServer(() => ({ status: 429, json: {} })));
    const broken = keep(await fakeServer(() => ({ status: 500, json: {} })));
    const gone = await fakeServer(() => ({ status: 200, json: {} }));
    await gone.close();
    expect(await failure(search({ provider: 'bocha', baseUrl: `${html.url}/nowhere`, secret: 'k' }))).toBe('shape');
    expect(await failure(search({ provider: 'tavily', baseUrl: odd.url, secret: 'k' }))).toBe('shape');
    expect(await failure(search({ provider: 'searxng', baseUrl: busy.url, secret: '' }))).toBe('rateLimited');
    expect(await failure(search({ provider: 'zhipu', baseUrl: broken.url, secret: 'k' }))).toBe('server');
    expect(await failure(search({ provider: 'bocha', baseUrl: gone.url, secret: 'k' }))).toBe('refused');
    const searx404 = keep(await searxngFake(results));
    expect(await failure(search({ provider: 'searxng', baseUrl: `${searx404.url}/wrong`, secret: '' }))).toBe(
      'notFound',
    );
  });

  it("Bocha's envelope code other than 200 is a failure even on HTTP 200", async () => {
    const fake = keep(await fakeServer(() => ({ status: 200, json: { code: 403, msg: '余额不足', data: null } })));
    expect(await failure(search({ provider: 'bocha', baseUrl: fake.url, secret: 'k' }))).toBe('badKey');
  });
});
