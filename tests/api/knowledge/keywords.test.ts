import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { words } from '../../../src/server/services/knowledge/segment';
import { createUserWithToken, startTestServer, type TestServer } from '../helpers';
import { addAndSettle, createBase, type Member, search } from './knowledge-helpers';

// The keyword ranking's fast path (services/knowledge/keywords.ts): the multi-character words
// are asked first and single characters only when they find too few passages; the candidates
// holding a longer word rank before those holding only single characters.

let srv: TestServer;
let alice: Member;
let baseId: number;

const DOC = [
  '## 猫\n\n我家的猫喜欢晒太阳。',
  '## 福利\n\n员工每月享有一天带薪休息。',
  // Only the question's single characters, many times over: ts_rank_cd alone put it first.
  '## 字\n\n年，假；年，假；年，假；年和假。',
  '## 咖啡\n\n咖啡馆营业到晚上九点。',
].join('\n\n');

beforeAll(async () => {
  srv = await startTestServer({ KNOWLEDGE_SEARCH_PER_MINUTE: '1000' });
  alice = await createUserWithToken(srv, 'kb-keywords@example.com');
  baseId = (await createBase(srv, alice, '关键词')).id;
  const file = await addAndSettle(srv, alice, baseId, { name: 'mixed.md', bytes: DOC });
  expect(file.status, JSON.stringify(file)).toBe('ready');
}, 120_000);
afterAll(async () => {
  await srv?.dispose();
});

describe('keyword ranking', () => {
  it('a question whose longer words match nothing still finds its passage by a single character', async () => {
    // 睡觉 is in no passage; 猫 is one character.
    expect(words('猫怎么睡觉？')).toEqual(['猫', '睡觉']);
    const found = await search(srv, alice, baseId, '猫怎么睡觉？', 3);
    expect(found.mode).toBe('keyword');
    expect(found.passages[0]?.text).toContain('我家的猫');
  });

  it('a question of one character finds its passage', async () => {
    const found = await search(srv, alice, baseId, '猫', 3);
    expect(found.passages.map((p) => p.text)).toEqual([expect.stringContaining('我家的猫')]);
  });

  it('prefers the passage holding a multi-character word over one holding only single characters', async () => {
    expect(words('带薪年假有几天？')).toEqual(['带薪', '年', '假', '几天']);
    const found = await search(srv, alice, baseId, '带薪年假有几天？', 3);
    const texts = found.passages.map((p) => p.text);
    expect(texts[0]).toContain('带薪休息');
    // The single characters' passage still counts, after it.
    expect(texts[1]).toContain('年和假');
  });

  it('a question without words finds nothing', async () => {
    const found = await search(srv, alice, baseId, '？！', 3);
    expect(found.passages).toEqual([]);
  });
});
