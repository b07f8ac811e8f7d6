import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clearOfWindowEdge, createUserWithToken, startTestServer, type TestServer } from '../helpers';

describe('search across conversations', () => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startTestServer({ CHAT_SEARCH_PER_MINUTE: '30' });
  });
  afterAll(async () => {
    await srv?.dispose();
  });

  const conv = (title: string, texts: string[], changedAt: number, extra = {}) => ({
    title,
    systemPrompt: null,
    description: null,
    templateId: null,
    messages: texts.map((text, i) => ({ id: `m${i}`, dateTime: changedAt, text, inversion: i % 2 === 0, ...extra })),
    changedAt,
  });

  it('finds Chinese substrings in titles and messages of my conversations only', async () => {
    const a = await createUserWithToken(srv, 'search-a@example.com');
    const b = await createUserWithToken(srv, 'search-b@example.com');
    const put = (who: typeof a, uuid: number, body: object) =>
      srv.call('PUT', `/api/chat/conversations/${uuid}`, body, who.headers);
    await put(a, 1002, conv('旅行计划', ['周末去哪里玩？', '可以去杭州西湖。'], 1000));
    await put(
      a,
      2001,
      conv('物理', ['什么是量子计算？', `${'前文'.repeat(40)}量子计算利用量子比特的叠加态进行运算。`], 2000),
    );
    await put(a, 2002, {
      ...conv('Draft', ['hello'], 3000),
      messages: [
        {
          id: 'v',
          dateTime: 1,
          inversion: false,
          text: 'shown answer',
          variants: [{ text: '只在旧版本里的量子隧穿' }],
          variant: 1,
        },
      ],
    });
    await put(b, 3001, conv('别人的量子笔记', ['量子计算的秘密'], 4000));
    await put(a, 2003, { ...conv('Deleted 量子', ['量子'], 5000), deleted: true });

    const search = (q: string, who = a) =>
      srv.call('GET', `/api/chat/search?q=${encodeURIComponent(q)}`, undefined, who.headers);

    const found = await search('量子计算');
    expect(found.body.data.records).toEqual([{ uuid: 2001, title: '物理', snippet: expect.any(String) }]);
    const snippet: string = found.body.data.records[0].snippet;
    expect(snippet).toContain('量子计算');
    expect(snippet.length).toBeLessThanOrEqual(81);
    expect((await search('西湖')).body.data.records.map((r: { uuid: number }) => r.uuid)).toEqual([1002]);
    expect((await search('湖')).body.data.records.map((r: { uuid: number }) => r.uuid)).toEqual([1002]);
    expect((await search('量')).body.data.records.map((r: { uuid: number }) => r.uuid)).toEqual([2001]);
    expect((await search('旅行')).body.data.records).toEqual([
      { uuid: 1002, title: '旅行计划', snippet: expect.stringContaining('旅行计划') },
    ]);
    expect((await search('HELLO')).body.data.records).toEqual([]);
    expect((await search('SHOWN')).body.data.records.map((r: { uuid: number }) => r.uuid)).toEqual([2002]);
    // Variants are not shown, so not searched; wildcards match themselves.
    expect((await search('量子隧穿')).body.data.records).toEqual([]);
    expect((await search('%')).body.data.records).toEqual([]);
    expect((await search('量子', b)).body.data.records.map((r: { uuid: number }) => r.uuid)).toEqual([3001]);
    expect((await srv.call('GET', '/api/chat/search?q=x')).body.code).toBe(1000001);
  });

  it('refuses an overlong or missing query with a translated 400, and limits the rate', async () => {
    const u = await createUserWithToken(srv, 'search-c@example.com');
    const long = await srv.call('GET', `/api/chat/search?q=${'字'.repeat(51)}`, undefined, {
      ...u.headers,
      'accept-language': 'zh-CN',
    });
    expect(long.status).toBe(400);
    expect(long.body.result).toMatch(/50/);
    expect(long.body.result).not.toMatch(/too_big|Too big/i);
    expect((await srv.call('GET', '/api/chat/search', undefined, u.headers)).status).toBe(400);
    await clearOfWindowEdge(60_000);
    let last = 200;
    for (let i = 0; i < 31 && last !== 429; i++) {
      last = (await srv.call('GET', '/api/chat/search?q=abc', undefined, u.headers)).status;
    }
    expect(last).toBe(429);
  });
});
