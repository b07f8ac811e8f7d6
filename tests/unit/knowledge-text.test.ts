import { describe, expect, it } from 'vitest';
import { estimateTokens, unitVector } from '../../src/server/providers/embeddings';
import { chunkText } from '../../src/server/services/knowledge/chunking';
import { fuse } from '../../src/server/services/knowledge/search';
import { anyWordQuery, segmented, words } from '../../src/server/services/knowledge/segment';

// The pure parts of knowledge bases (docs/knowledge.md): chunking, jieba words, rank fusion
// (the download guard's address rule: tests/unit/download-page.test.ts).

describe('chunkText', () => {
  it('ends passages at Chinese sentence marks, within the size, repeating the last sentence', () => {
    const sentences = Array.from({ length: 12 }, (_, i) => `这是第${i}句话，内容用来测试分段。`);
    const chunks = chunkText(sentences.join(''), { maxChars: 60, overlap: 20 });
    expect(chunks.length).toBeGreaterThan(3);
    for (const c of chunks) {
      expect(c.text.length).toBeLessThanOrEqual(60);
      expect(c.text).toMatch(/[。]$/);
    }
    // Each passage after the first opens with the sentence the one before ended with.
    for (let i = 1; i < chunks.length; i++) {
      const last = (chunks[i - 1]?.text.match(/[^。]+。$/) ?? [''])[0];
      expect(chunks[i]?.text.startsWith(last)).toBe(true);
    }
    // Nothing is lost: every sentence is in some passage.
    for (const s of sentences) expect(chunks.some((c) => c.text.includes(s))).toBe(true);
  });

  it('splits at ！？；… too, starts a passage at a heading and names it', () => {
    const text = '# 第一部分\n真的吗？是的！好；然后……结束。\n## 第二部分\n另一段。\n第三章 总结\n最后一句。';
    const chunks = chunkText(text, { maxChars: 8, overlap: 0 });
    expect(chunks.map((c) => c.heading)).toEqual(['第一部分', '第一部分', '第一部分', '第二部分', '第三章 总结']);
    expect(chunks.slice(0, 3).map((c) => c.text)).toEqual(['真的吗？是的！', '好；然后……', '结束。']);
  });

  it('cuts a sentence longer than the size, and keeps each PDF passage on its page', () => {
    const long = chunkText('字'.repeat(25), { maxChars: 10, overlap: 0 });
    expect(long.map((c) => c.text.length)).toEqual([10, 10, 5]);
    const paged = chunkText('第一页的内容。\f第二页的内容。\f\f第四页。', { maxChars: 100, overlap: 10 }, true);
    expect(paged.map((c) => [c.page, c.text])).toEqual([
      [1, '第一页的内容。'],
      [2, '第一页的内容。\n第二页的内容。'],
      [4, '第二页的内容。\n第四页。'],
    ]);
  });
});

describe('jieba words', () => {
  it('cuts Chinese into words (search mode), drops punctuation and stop words, lowercases', () => {
    expect(words('中华人民共和国成立了！Hello')).toEqual(
      expect.arrayContaining(['中华', '人民', '共和国', '中华人民共和国', '成立', 'hello']),
    );
    expect(words('的了吗？')).toEqual([]);
    expect(segmented('中文分词检索')).toBe('中文 分词 检索');
  });

  it('builds a tsquery of any word, with no operator a person typed', () => {
    expect(anyWordQuery('京杭大运河有多长？')).toBe('京杭 | 大运 | 运河 | 大运河 | 京杭大运河 | 多长');
    expect(anyWordQuery("a & b | !c :* ( ) '")).toBe('b | c');
    expect(anyWordQuery('？！')).toBeNull();
  });
});

describe('reciprocal rank fusion', () => {
  it('adds 1/(k+rank) from each list: found by both beats first in one', () => {
    const scores = fuse([
      [1, 2, 3],
      [2, 4, 1],
    ]);
    expect(scores.get(2)).toBeCloseTo(1 / 62 + 1 / 61);
    const order = [...scores.entries()].sort((a, b) => b[1] - a[1]).map(([id]) => id);
    expect(order).toEqual([2, 1, 4, 3]);
  });
});

describe('embeddings helpers', () => {
  it('scales vectors to length 1 and estimates tokens', () => {
    expect(unitVector([3, 4])).toEqual([0.6, 0.8]);
    expect(estimateTokens('中文abcd')).toBe(3);
  });
});
