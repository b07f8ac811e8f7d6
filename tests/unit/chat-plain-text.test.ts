import { describe, expect, it } from 'vitest';
import { plainText } from '../../src/islands/chat/plain-text';

describe('plain-text previews of Markdown answers', () => {
  it('keeps the words and drops the marks', () => {
    const md = '> **演示模式**\n\n你好！\n\n### 标题\n\n- **绘画**：写 `x<y` 一句\n- b & c\n\n```bash\nnpm i\n```';
    expect(plainText(md)).toBe('演示模式 你好！ 标题 绘画：写 x<y 一句 b & c npm i');
  });

  it('reads tables, links and images as their text', () => {
    expect(plainText('| a | b |\n|---|---|\n| 1 | 2 |\n\n[链接](https://a.cn) ![图](x.png) *em*')).toBe(
      'a b 1 2 链接 图 em',
    );
  });
});
