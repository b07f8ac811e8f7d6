import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usageLedger, users } from '../../../src/server/db/schema';
import { DomainError } from '../../../src/server/errors';
import { DownloadError } from '../../../src/server/providers/download';
import { downloadPage } from '../../../src/server/providers/download-page';
import { webSource } from '../../../src/server/services/web-search/chat-source';
import { readSearchQuota } from '../../../src/server/services/web-search/quota';
import { createUserWithToken, startTestServer, type TestServer } from '../helpers';
import { type Fake, fakeServer, type Listed } from './fake-search';

// The search service through the chat source (docs/web-search.md): dedup, page text through the
// download guard and the document thread, the daily allowance, the ledger.

const ARTICLE = `<!doctype html><html><head><title>t</title><script>var secret = "SCRIPT-TEXT";</script>
<style>.x{color:red}</style></head><body><nav>NAV-LINKS</nav><main><h1>妙笔的介绍</h1>
<p>妙笔是一个中文 AI 助手网站，提供<a href="/chat">聊天</a>和绘画。</p></main><footer>FOOTER</footer></body></html>`;

// 妙笔 in GBK, declared only in a meta tag, as many Chinese sites do.
const GBK_PAGE = Buffer.concat([
  Buffer.from('<html><head><meta charset="gbk"></head><body><p>'),
  Buffer.from([0xc3, 0xee, 0xb1, 0xca]),
  Buffer.from('</p></body></html>'),
]);

let srv: TestServer;
let pages: Fake;
let search: Fake;
let failing = false;
let listed: Listed[] = [];

beforeAll(async () => {
  pages = await fakeServer((s) =>
    s.path === '/article'
      ? { status: 200, text: ARTICLE, type: 'text/html; charset=utf-8' }
      : s.path === '/gbk'
        ? { status: 200, bytes: GBK_PAGE, type: 'text/html' }
        : { status: 404, text: 'no' },
  );
  search = await fakeServer((s) =>
    failing ? { status: 500, json: {} } : { status: 200, json: searxJson(s.query.get('q')) },
  );
  srv = await startTestServer({
    WEB_SEARCH_PROVIDER: 'searxng',
    WEB_SEARCH_BASE_URL: search.url,
    WEB_SEARCH_VISITOR_DAILY: '3',
    WEB_SEARCH_FREE_DAILY: '1',
    WEB_SEARCH_MEMBER_DAILY: '2',
    WEB_SEARCH_COST_MICROS: '5000',
  });
}, 120_000);
afterAll(async () => {
  await srv?.dispose();
  await Promise.all([pages?.close(), search?.close()]);
});

const searxJson = (q: string | null) => ({
  query: q,
  number_of_results: listed.length,
  results: listed.map((r) => ({ url: r.url, title: r.title, content: r.snippet, engine: 'bing' })),
});

const gather = (ip: string, query = '妙笔') =>
  webSource.gather(srv.runtime, {
    caller: { userId: null, ip },
    query,
    lang: 'zh-CN',
    signal: AbortSignal.timeout(20_000),
    limit: 5,
  });
const refusal = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (err: unknown) => (err instanceof DomainError ? `${err.status} ${err.messageKey}` : String(err)),
  );
const ledgerRows = async () => srv.runtime.database.db.select().from(usageLedger).where(eq(usageLedger.kind, 'search'));

describe('web search', () => {
  it('is available with a provider configured', async () => {
    expect(await webSource.available(srv.runtime)).toBe(true);
  });

  it("dedups by normalised URL, reads the first pages' text through the guard, refuses private addresses", async () => {
    listed = [
      { title: '妙笔 介绍', url: `${pages.url}/article?utm_source=feed`, snippet: 'snippet one' },
      { title: '妙笔 介绍（重复）', url: `${pages.url}/article/#top`, snippet: 'the same page' },
      { title: 'Metadata', url: 'http://169.254.169.254/latest/meta-data', snippet: 'a private address' },
      { title: 'Intranet', url: 'http://10.0.0.1/wiki', snippet: 'an intranet page' },
    ];
    const passages = await gather('203.0.113.1');
    expect(passages.map((p) => p.title)).toEqual(['妙笔 介绍', 'Metadata', 'Intranet']);
    expect(passages.every((p) => p.kind === 'web')).toBe(true);
    const [article, metadata, intranet] = passages;
    expect(article?.text).toContain('妙笔是一个中文 AI 助手网站，提供聊天和绘画。');
    for (const hidden of ['SCRIPT-TEXT', 'NAV-LINKS', 'FOOTER', 'color:red', '/chat'])
      expect(article?.text).not.toContain(hidden);
    expect(article).toMatchObject({ url: `${pages.url}/article?utm_source=feed`, site: '127.0.0.1' });
    // Refused by the guard: the service's snippet stands in for the page.
    expect(metadata?.text).toBe('a private address');
    expect(intranet?.text).toBe('an intranet page');
    // The duplicate was never fetched.
    expect(pages.seen.filter((s) => s.path === '/article')).toHaveLength(1);
  });

  it('the guard refuses private and loopback addresses before connecting (loopback only on a loopback site)', async () => {
    const signal = AbortSignal.timeout(10_000);
    const opts = { maxBytes: 100_000, timeoutMs: 5000, signal };
    await expect(srv.runtime.registry.page('http://169.254.169.254/', signal)).rejects.toThrow(/private address/);
    await expect(srv.runtime.registry.page('http://[fd00::1]/', signal)).rejects.toThrow(/private address/);
    const before = pages.seen.length;
    const port = new URL(pages.url).port;
    await expect(downloadPage(`${pages.url}/article`, { ...opts, allowLoopback: false })).rejects.toThrow(
      /private address/,
    );
    // A name that resolves to loopback is refused by the connection's own lookup.
    await expect(downloadPage(`http://localhost:${port}/article`, { ...opts, allowLoopback: false })).rejects.toThrow(
      /private address/,
    );
    expect(pages.seen.length).toBe(before);
    const page = await downloadPage(`${pages.url}/article`, { ...opts, allowLoopback: true });
    expect(page).toMatchObject({ kind: 'html' });
    expect(page.body).toContain('妙笔的介绍');
  });

  it('reads at most its byte cap of a page, and gives up on a page past its time', async () => {
    const signal = AbortSignal.timeout(10_000);
    const capped = await downloadPage(`${pages.url}/article`, {
      maxBytes: 64,
      timeoutMs: 5000,
      signal,
      allowLoopback: true,
    });
    expect(Buffer.byteLength(capped.body)).toBeLessThanOrEqual(64);
    expect(capped.body).toContain('<!doctype html>');
    // A server that takes the request and never answers.
    const stall = createServer(() => {});
    await new Promise<void>((resolve) => stall.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(stall.address() as AddressInfo).port}/`;
      await expect(downloadPage(url, { maxBytes: 1000, timeoutMs: 300, signal, allowLoopback: true })).rejects.toThrow(
        DownloadError,
      );
    } finally {
      stall.closeAllConnections();
      await new Promise<void>((resolve) => stall.close(() => resolve()));
    }
  });

  it('decodes a page by the charset its meta tag names', async () => {
    const page = await srv.runtime.registry.page(`${pages.url}/gbk`, AbortSignal.timeout(10_000));
    expect(page.body).toContain('<p>妙笔</p>');
  });

  it('each level has its own allowance: signed-in users and members', async () => {
    listed = [{ title: 'Three', url: 'https://three.example/', snippet: 'three' }];
    const free = await createUserWithToken(srv, 'web-search-free@example.com');
    const member = await createUserWithToken(srv, 'web-search-member@example.com');
    await srv.runtime.database.db
      .update(users)
      .set({ vipType: 1, endDate: new Date(Date.now() + 86_400_000) })
      .where(eq(users.id, member.id));
    const as = (userId: number) => () =>
      refusal(
        webSource.gather(srv.runtime, {
          caller: { userId, ip: '203.0.113.5' },
          query: 'q',
          lang: 'zh-CN',
          signal: AbortSignal.timeout(20_000),
          limit: 2,
        }),
      );
    expect([await as(free.id)(), await as(free.id)()]).toEqual([null, '429 websearch:quota.exhausted']);
    expect([await as(member.id)(), await as(member.id)(), await as(member.id)()]).toEqual([
      null,
      null,
      '429 websearch:quota.exhausted',
    ]);
  });

  it("takes one of the level's daily searches each, atomically; the next is refused with 429", async () => {
    listed = [{ title: 'One', url: 'https://one.example/', snippet: 'one' }];
    const ip = '203.0.113.2';
    const done = await Promise.all([gather(ip), gather(ip), gather(ip), gather(ip)].map(refusal));
    // Four at once for the last three: exactly one is refused.
    expect(done.filter((r) => r === null)).toHaveLength(3);
    expect(done.filter((r) => r === '429 websearch:quota.exhausted')).toHaveLength(1);
    expect((await readSearchQuota(srv.runtime, { userId: null, ip })).used).toBe(3);
    expect(await refusal(gather(ip))).toBe('429 websearch:quota.exhausted');
  });

  it('writes one ledger row per search with its cost; a failure costs nothing and is given back', async () => {
    const before = await ledgerRows();
    listed = [{ title: 'Two', url: 'https://two.example/', snippet: 'two' }];
    await gather('203.0.113.3');
    failing = true;
    try {
      expect(await refusal(gather('203.0.113.3'))).toBe('503 websearch:errors.server');
    } finally {
      failing = false;
    }
    const fresh = (await ledgerRows()).slice(before.length);
    expect(fresh.map((r) => [r.outcome, r.costMicros, r.provider, r.model, r.userId])).toEqual([
      ['ok', 5000, 'searxng', 'searxng', null],
      ['failed', 0, 'searxng', 'searxng', null],
    ]);
    expect((await readSearchQuota(srv.runtime, { userId: null, ip: '203.0.113.3' })).used).toBe(1);
  });

  it('refuses an empty or overlong query with a translated 400, searching nothing', async () => {
    const [{ n: before }] = (await srv.runtime.database.db
      .select({ n: count() })
      .from(usageLedger)
      .where(eq(usageLedger.kind, 'search'))) as [{ n: number }];
    const seen = search.seen.length;
    expect(await refusal(gather('203.0.113.4', '   '))).toBe('400 websearch:errors.query');
    expect(await refusal(gather('203.0.113.4', 'x'.repeat(201)))).toBe('400 websearch:errors.query');
    expect(search.seen.length).toBe(seen);
    expect((await ledgerRows()).length).toBe(Number(before));
  });
});
