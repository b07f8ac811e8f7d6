import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithToken, startTestServer, type TestServer } from '../helpers';

const PNG_1PX =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

describe('app store and user-made applications', () => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startTestServer();
  });
  afterAll(async () => {
    await srv?.dispose();
  });

  const list = (body: object) => srv.call('POST', '/api/prompt/list/all', body);

  it('pages the seeded store 30 at a time', async () => {
    const first = await list({ pageNum: 1, pageSize: 30, orderNo: '', content: '' });
    expect(first.body.code).toBe(200);
    const { records, total, current, size } = first.body.data;
    expect(total).toBeGreaterThanOrEqual(60);
    expect([records.length, current, size]).toEqual([30, 1, 30]);
    expect(records[0]).toMatchObject({ promptTitle: expect.any(String), promptContent: expect.any(String) });
    expect(records[0].iconUrl).toMatch(/^emoji:/);
    const third = await list({ pageNum: 3, pageSize: 30 });
    expect(third.body.data.records.length).toBe(total - 60);
    const ids = new Set([...records, ...(await list({ pageNum: 2, pageSize: 30 })).body.data.records].map((r) => r.id));
    expect(ids.size).toBe(60);
  });

  it('searches title, description and prompt, and escapes LIKE wildcards', async () => {
    expect((await list({ pageNum: 1, pageSize: 30, content: '周报' })).body.data.records[0].promptTitle).toBe(
      '周报生成器',
    );
    // "STAR 法则" only appears in the résumé app's description and prompt.
    const byPrompt = await list({ pageNum: 1, pageSize: 30, content: 'STAR 法则' });
    expect(byPrompt.body.data.records.map((r: { promptTitle: string }) => r.promptTitle)).toContain('简历优化');
    expect((await list({ pageNum: 1, pageSize: 30, content: '%' })).body.data.total).toBe(0);
  });

  it('lets only the owner see drafts, edit or delete; published apps reach the store', async () => {
    const alice = await createUserWithToken(srv, 'alice@example.com');
    const bob = await createUserWithToken(srv, 'bob@example.com');
    const app = {
      promptTitle: '古诗接龙',
      promptContent: '你是古诗词接龙玩伴',
      promptDescription: '和 AI 玩接龙',
      iconUrl: 'emoji:📜',
    };

    expect((await srv.call('POST', '/api/app/create', app)).body.code).toBe(1000001);
    const created = await srv.call('POST', '/api/app/create', app, alice.headers);
    expect(created.body.data).toMatchObject({ ...app, published: false });
    const id = created.body.data.id;

    expect((await srv.call('GET', `/api/app/detail?id=${id}`, undefined, bob.headers)).status).toBe(404);
    expect((await srv.call('GET', `/api/app/detail?id=${id}`, undefined, alice.headers)).body.data.id).toBe(id);
    expect((await list({ pageNum: 1, pageSize: 30, content: '古诗接龙' })).body.data.total).toBe(0);

    const stolen = await srv.call('POST', '/api/app/update', { ...app, id, promptTitle: 'mine now' }, bob.headers);
    expect(stolen.status).toBe(404);
    const published = await srv.call('POST', '/api/app/update', { ...app, id, published: true }, alice.headers);
    expect(published.body.data.published).toBe(true);
    expect((await list({ pageNum: 1, pageSize: 30, content: '古诗接龙' })).body.data.records[0].id).toBe(id);
    expect((await srv.call('GET', `/api/app/detail?id=${id}`)).body.data.id).toBe(id);
    expect((await srv.call('POST', '/api/app/update', { ...app, id }, bob.headers)).status).toBe(403);
    expect((await srv.call('POST', '/api/app/delete', { id }, bob.headers)).status).toBe(403);

    expect((await srv.call('GET', '/api/app/mine', undefined, alice.headers)).body.data.records).toHaveLength(1);
    expect((await srv.call('GET', '/api/app/mine', undefined, bob.headers)).body.data.records).toHaveLength(0);

    const deleted = await srv.call('POST', '/api/app/delete', { id }, alice.headers);
    expect(deleted.body).toMatchObject({ code: 1000400, result: '删除成功' });
    expect((await list({ pageNum: 1, pageSize: 30, content: '古诗接龙' })).body.data.total).toBe(0);
    expect((await srv.call('GET', '/api/app/mine', undefined, alice.headers)).body.data.records).toHaveLength(0);
  });

  it('validates fields and icons', async () => {
    const u = await createUserWithToken(srv, 'icons@example.com');
    const base = { promptTitle: 't', promptContent: 'c', iconUrl: 'emoji:🙂' };
    expect((await srv.call('POST', '/api/app/create', { ...base, promptTitle: '' }, u.headers)).status).toBe(400);
    expect(
      (await srv.call('POST', '/api/app/create', { ...base, iconUrl: 'https://evil/x.png' }, u.headers)).status,
    ).toBe(400);

    const uploaded = await srv.call('POST', '/api/app/icon', { image: PNG_1PX }, u.headers);
    expect(uploaded.body.data.iconUrl).toMatch(/^\/files\/app-icons\/\d+\/[0-9a-f]{16}\.webp$/);
    const file = await fetch(srv.url + uploaded.body.data.iconUrl);
    expect(file.headers.get('content-type')).toBe('image/webp');
    expect(
      (await srv.call('POST', '/api/app/create', { ...base, iconUrl: uploaded.body.data.iconUrl }, u.headers)).body
        .code,
    ).toBe(200);

    const notImage = `data:image/png;base64,${Buffer.from('definitely not a png').toString('base64')}`;
    const bad = await srv.call('POST', '/api/app/icon', { image: notImage }, u.headers);
    expect(bad.status).toBe(400);
    expect(bad.body.result).toContain('有效的图片');
  });
});
