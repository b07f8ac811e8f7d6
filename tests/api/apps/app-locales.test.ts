import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithToken, startTestServer, type TestServer } from '../helpers';

const CJK = /[\u3400-\u9fff\uf900-\ufaff]/;
const en = { cookie: 'lang=en-US' };
const tw = { cookie: 'lang=zh-TW' };

interface StoreApp {
  id: number;
  promptTitle: string;
  promptDescription: string;
  promptContent: string;
  category: string;
}

describe('the app store in the page language', () => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startTestServer();
  });
  afterAll(async () => {
    await srv?.dispose();
  });

  const list = async (body: object, headers?: Record<string, string>) => {
    const res = await srv.call('POST', '/api/prompt/list/all', { pageNum: 1, pageSize: 100, ...body }, headers);
    return res.body.data as { records: StoreApp[]; total: number };
  };

  it('answers the seeded applications in English for en-US and Traditional Chinese for zh-TW', async () => {
    const cn = await list({});
    const english = await list({}, en);
    const taiwan = await list({}, tw);
    expect(english.total).toBe(cn.total);
    expect(english.records.map((r) => r.id)).toEqual(cn.records.map((r) => r.id));
    for (const r of english.records)
      expect(CJK.test(`${r.promptTitle} ${r.promptDescription} ${r.category}`), r.promptTitle).toBe(false);
    const report = (page: { records: StoreApp[] }) => page.records.find((r) => r.id === cn.records[0]?.id);
    expect(report(cn)).toMatchObject({ promptTitle: '周报生成器', category: '职场' });
    expect(report(english)).toMatchObject({ promptTitle: 'Weekly Report Writer', category: 'Work' });
    expect(report(english)?.promptContent).toMatch(/^You are a senior project manager/);
    expect(report(taiwan)).toMatchObject({ promptTitle: '週報生成器', category: '職場' });
  });

  it('searches the texts the viewer sees, and still the stored ones', async () => {
    const byEnglish = await list({ content: 'weekly report' }, en);
    expect(byEnglish.records.map((r) => r.promptTitle)).toContain('Weekly Report Writer');
    expect((await list({ content: 'weekly report' })).total).toBe(0);
    expect((await list({ content: '周报' }, en)).records[0]?.promptTitle).toBe('Weekly Report Writer');
    expect((await list({ content: '週報' }, tw)).records[0]?.promptTitle).toBe('週報生成器');
  });

  it('exports the prompts and answers a detail in the viewer language', async () => {
    const exported = await fetch(`${srv.url}/api/prompt/export`, { headers: en });
    const prompts = (await exported.json()) as { act: string; prompt: string }[];
    expect(prompts.find((p) => p.act === 'Weekly Report Writer')?.prompt).toMatch(/^You are/);
    expect(prompts.some((p) => CJK.test(p.act))).toBe(false);
    const id = (await list({ content: 'weekly report' }, en)).records[0]?.id;
    expect((await srv.call('GET', `/api/app/detail?id=${id}`, undefined, tw)).body.data.promptTitle).toBe('週報生成器');
  });

  it("keeps a user's application as its author wrote it", async () => {
    const u = await createUserWithToken(srv, 'author@example.com');
    const app = { promptTitle: '古诗接龙', promptContent: '你是接龙玩伴', iconUrl: 'emoji:📜', published: true };
    expect((await srv.call('POST', '/api/app/create', app, u.headers)).body.code).toBe(200);
    expect((await list({ content: '古诗接龙' }, en)).records[0]?.promptTitle).toBe('古诗接龙');
    const mine = await srv.call('GET', '/api/app/mine', undefined, { ...u.headers, ...en });
    expect(mine.body.data.records[0]).toMatchObject({ promptTitle: '古诗接龙', promptContent: '你是接龙玩伴' });
  });
});
