import { describe, expect, it } from 'vitest';
import { qaPairs } from '../../src/islands/chat/qa';
import { offlineAnswer, tokenize } from '../../src/server/providers/llm/offline';
import { buildMessages } from '../../src/server/services/chat/stream';
import { createRenderer, safeHref } from '../../src/shared/markdown';
import { defaultChatStorage } from '../../src/stores/chat-storage';

const render = createRenderer({ copyCode: '复制代码' });

describe('answer markdown', () => {
  it('never renders raw HTML and drops unsafe links', () => {
    const html = render(
      '<script>alert(1)</script>\n\nhi <img src=x onerror=alert(1)> [x](javascript:alert(1)) [ok](https://a.cn)',
    );
    expect(html).not.toMatch(/<script|<img/);
    expect(html).toContain('&lt;script&gt;');
    expect(html).not.toContain('javascript:');
    expect(html).toContain('href="https://a.cn"');
  });

  it('reads a link as a browser does before deciding it stays on this site', () => {
    // `\` is `/` to a browser, tabs and newlines vanish, leading controls and spaces are dropped.
    const leaving = [
      '/\\evil.com',
      '/\\/evil.com',
      '\\\\\\\\evil.com', // markdown unescapes this to the href \\evil.com
      '//evil.com',
      ' /\\evil.com',
      '<java\tscript:alert(1)>',
      '<\u0001javascript:alert(1)>',
      'JaVaScRiPt:alert(1)',
      'data:text/html,<b>x</b>',
      'vbscript:x',
    ];
    for (const href of leaving) {
      const html = render(`[x](${href}) ![i](${href})`);
      expect(html, href).not.toContain('<a ');
    }
    expect(safeHref('/\\evil.com')).toBeNull();
    expect(safeHref('\\\\evil.com')).toBeNull();
    expect(safeHref('/\t/evil.com')).toBeNull();
    expect(safeHref('\n//evil.com')).toBeNull();
    expect(safeHref('java\nscript:alert(1)')).toBeNull();
    for (const href of ['/chat/1', '/a\\b', '#part', 'https://a.cn/x?y=1', 'HTTP://a.cn', 'mailto:a@b.cn']) {
      expect(safeHref(href), href).toBe(href);
    }
    expect(render('[ok](/chat/1)')).toContain('href="/chat/1"');
  });

  it('renders code blocks escaped with their language and a copy button', () => {
    const html = render('```ts\nconst a = 1 < 2;\n```');
    expect(html).toContain('data-lang="ts"');
    expect(html).toContain('1 &lt; 2');
    expect(html).toContain('data-copy>复制代码</button>');
  });
});

describe('offline responder', () => {
  it('splits text into pieces that join back to it', () => {
    const text = offlineAnswer({ lang: 'zh-CN', messages: [{ role: 'user', content: '你好，world!' }] });
    expect(tokenize(text).join('')).toBe(text);
    expect(tokenize(text).length).toBeGreaterThan(50);
  });
});

describe('messages sent to the model', () => {
  it('puts the system prompt first and keeps the newest context within the budget', () => {
    const long = 'x'.repeat(15_000);
    const messages = buildMessages({
      prompt: 'now',
      messages: [
        { role: 'user', content: long },
        { role: 'assistant', content: long },
        { role: 'user', content: 'recent' },
      ],
      options: { usingContext: true, systemMessage: 'sys' },
    });
    expect(messages.map((m) => m.content.slice(0, 6))).toEqual(['sys', 'xxxxxx', 'recent', 'now']);
  });
});

describe('Q&A history', () => {
  it('pairs questions with their answers, newest first, and filters by text', () => {
    const s = defaultChatStorage();
    s.chat[0] = {
      uuid: 1002,
      data: [
        { id: 'q1', dateTime: 1, text: 'rice?', inversion: true },
        { id: 'a1', dateTime: 2, text: 'boil it', inversion: false },
        { id: 'q2', dateTime: 3, text: 'noodles?', inversion: true },
      ],
    };
    expect(qaPairs(s).map((p) => [p.questionId, p.answer])).toEqual([
      ['q2', ''],
      ['q1', 'boil it'],
    ]);
    expect(qaPairs(s, 'BOIL').map((p) => p.questionId)).toEqual(['q1']);
  });
});
