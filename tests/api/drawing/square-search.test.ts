// The square's search (POST /api/sd/list/picture with `content`): any part of the prompt,
// two-character Chinese terms included, public pictures only; `cursor` pages by keyset and the
// pages together hold every match once; `total` is exact on the last page (docs/api.md).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithToken, startTestServer, type TestServer } from '../helpers';

let srv: TestServer;

beforeAll(async () => {
  srv = await startTestServer();
  const painter = await createUserWithToken(srv, 'square-search@example.com');
  // 70 public "雪山" pictures (odd g), 70 private ones (even g), 10 public others.
  await srv.runtime.database.db.execute(sql`insert into drawings (task_id, user_id, prompt, draw_rate,
      draw_quality, draw_steps, seed, public_flag, review, status, progress, provider, hook_token, image_url,
      thumbnails_url, width, height, deadline_at)
    select 'search' || g, ${painter.id}, case when g <= 140 then '远处的雪山 第' || g || '张' else '海边 ' || g end,
      '1:1', 1, 20, g, case when g <= 140 and g % 2 = 0 then 2 else 1 end, 'published', 10, 100, 'offline',
      md5(g::text), '/files/s/' || g || '.png', '/files/s/' || g || '-t.png', 512, 512, now()
    from generate_series(1, 150) g`);
});
afterAll(() => srv?.dispose());

type Listed = { records: Array<{ id: string; prompt: string }>; total: number };
const search = async (body: Record<string, unknown>) =>
  (await srv.call('POST', '/api/sd/list/picture', { pageNum: 1, pageSize: 30, ...body })).body.data as Listed;

describe('the square search', () => {
  it('finds a two-character term anywhere in the prompt, public pictures only, and pages by cursor', async () => {
    const seen: string[] = [];
    let page = await search({ content: '雪山' });
    let pageNum = 1;
    for (;;) {
      expect(page.records.every((r) => r.prompt.includes('雪山'))).toBe(true);
      seen.push(...page.records.map((r) => r.id));
      if (page.records.length < 30) break;
      pageNum += 1;
      page = await search({ content: '雪山', pageNum, cursor: page.records.at(-1)?.id });
    }
    expect(pageNum).toBe(3);
    expect(page.total).toBe(70);
    expect(new Set(seen).size).toBe(70);
    expect(seen.every((id) => Number(id.slice(6)) % 2 === 1)).toBe(true);
    // Newest first across pages.
    expect(seen).toEqual([...seen].sort((a, b) => Number(b.slice(6)) - Number(a.slice(6))));
  });

  it('matches numbers and spaces as written, LIKE characters as themselves', async () => {
    expect((await search({ content: '第13张' })).records.map((r) => r.id)).toEqual(['search13']);
    expect((await search({ content: '第14张' })).records).toEqual([]);
    expect((await search({ content: '海边 14' })).records.map((r) => r.id)).toEqual([
      'search149',
      'search148',
      'search147',
      'search146',
      'search145',
      'search144',
      'search143',
      'search142',
      'search141',
    ]);
    expect((await search({ content: '雪%山' })).records).toEqual([]);
    expect((await search({ content: '_' })).records).toEqual([]);
  });
});
