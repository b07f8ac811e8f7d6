import { describe, expect, it } from 'vitest';
import { deriveTitle, TITLE_MAX } from '../../src/lib/chat-title';

describe('chat titles from the first question', () => {
  it('keeps a short question whole, on one line', () => {
    expect(deriveTitle('  周末去哪儿玩？\n第二行不算  ')).toBe('周末去哪儿玩？');
    expect(deriveTitle('a   b')).toBe('a b');
  });

  it('cuts a long question after its last whole phrase', () => {
    expect(deriveTitle('周末去杭州两天，帮我规划一下行程吧，要包括西湖、灵隐寺和美食推荐，还有住宿')).toBe(
      '周末去杭州两天，帮我规划一下行程吧，要包括西湖…',
    );
  });

  it('else cuts at a word boundary, never inside a word', () => {
    const title = deriveTitle('Please explain the difference between processes and threads in operating systems');
    expect(title).toBe('Please explain the difference…');
    const zh = deriveTitle('用 Python 读取 CSV 并统计每列平均值然后画成柱状图并解释每一列的含义');
    expect(zh.endsWith('…')).toBe(true);
    expect([...zh].length).toBeLessThanOrEqual(TITLE_MAX);
    expect(zh).toMatch(/^用 Python 读取 CSV 并统计/);
  });

  it('cuts one overlong word by characters rather than leaving nothing', () => {
    expect(deriveTitle('x'.repeat(50))).toBe(`${'x'.repeat(TITLE_MAX - 1)}…`);
  });
});
