import { describe, expect, it } from 'vitest';
import { offlineAnswer } from '../../src/server/providers/llm/offline';
import { createRenderer } from '../../src/shared/markdown';

const render = createRenderer({ copyCode: '复制代码' });
/** The placeholders written, as [kind, source as the browser will read it]. */
function formulas(html: string): Array<[string, string]> {
  const decode = (s: string) =>
    s
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&amp;/g, '&');
  return [...html.matchAll(/<(?:span|div) class="md-math" data-math="(\w+)">([^<]*)<\/(?:span|div)>/g)].map((m) => [
    m[1] ?? '',
    decode(m[2] ?? ''),
  ]);
}

describe('formulas in answers', () => {
  it('finds inline formulas written with $…$ and \\(…\\)', () => {
    const html = render('Euler: $e^{i\\pi}+1=0$, and \\(a^2+b^2=c^2\\); a single $x$.');
    expect(formulas(html)).toEqual([
      ['inline', 'e^{i\\pi}+1=0'],
      ['inline', 'a^2+b^2=c^2'],
      ['inline', 'x'],
    ]);
    expect(html).toMatch(/^<p>Euler: <span/);
  });

  it('finds block formulas written with $$…$$ and \\[…\\], also cutting a paragraph and inside a list', () => {
    const html = render(
      'The integral:\n$$\n\\int_0^1 x\\,dx = \\frac{1}{2}\n$$\nand\n\\[\nE = mc^2\n\\]\n\n- $$\n  \\sum_i i\n  $$',
    );
    expect(formulas(html)).toEqual([
      ['block', '\\int_0^1 x\\,dx = \\frac{1}{2}'],
      ['block', 'E = mc^2'],
      ['block', '\\sum_i i'],
    ]);
    expect(html).toContain('<p>The integral:</p>\n<div class="md-math" data-math="block">');
    expect(html).toContain('<li><div class="md-math" data-math="block">');
  });

  it('reads $$…$$ inside a sentence as display math in place', () => {
    expect(formulas(render('so $$x^2$$ grows'))).toEqual([['display', 'x^2']]);
  });

  it('leaves prices, escaped dollars and lone dollars as text', () => {
    for (const text of [
      'It costs $5 and $10.',
      'from $5 to $10, or $5/$6, $5-$10, $5,$10',
      'US$ 3 and $ 4',
      'escaped \\$x\\$ stays',
      '$5',
      'a $x $ b',
      '$a\n\nb$',
      '$$ $$',
    ]) {
      const html = render(text);
      expect(html, text).not.toContain('md-math');
    }
    expect(render('escaped \\$x\\$ stays')).toContain('escaped $x$ stays');
    expect(render('It costs $5 and $10.')).toBe('<p>It costs $5 and $10.</p>\n');
  });

  it('leaves code spans and code blocks untouched', () => {
    const html = render('Run `echo $HOME $x$` then:\n\n```sh\necho "$$ $a$"\n```\n\n    $$indented$$');
    expect(html).not.toContain('md-math');
    expect(html).toContain('<code>echo $HOME $x$</code>');
    expect(html).toContain('echo &quot;$$ $a$&quot;');
    // A formula holding a backtick is no formula: the code span wins.
    expect(formulas(render('$a `b$` c'))).toEqual([]);
  });

  it('writes TeX only as escaped text: no raw HTML, whatever the formula holds', () => {
    const attacks = [
      '$<img src=x onerror=alert(1)>$',
      '$$</div><script>alert(1)</script>$$',
      '$$\n<svg onload=alert(1)>\n$$',
      '\\(<a href="javascript:alert(1)">x</a>\\)',
      '\\[\n"><img src=x onerror=alert(1)>\n\\]',
      "$x' onmouseover='alert(1)$",
    ];
    for (const text of attacks) {
      const html = render(text);
      // Every tag written is the renderer's own: a paragraph or the placeholder, with no other attribute.
      const tags = html.match(/<[^>]*>/g) ?? [];
      for (const tag of tags) expect(tag, text).toMatch(/^<\/?(p|span|div)( class="md-math" data-math="\w+")?>$/);
      expect(formulas(html), text).toHaveLength(1);
    }
    expect(formulas(render('$<img src=x onerror=alert(1)>$'))).toEqual([['inline', '<img src=x onerror=alert(1)>']]);
  });
});

describe('diagrams in answers', () => {
  it('marks a mermaid block for drawing and keeps its source escaped in a code block', () => {
    const html = render('```mermaid\ngraph TD\n  A["<img src=x onerror=alert(1)>"] --> B\n```');
    expect(html).toContain('<div class="md-code" data-mermaid>');
    expect(html).toContain('<code data-lang="mermaid">graph TD');
    expect(html).toContain('A[&quot;&lt;img src=x onerror=alert(1)&gt;&quot;] --&gt; B');
    expect(html).not.toMatch(/<img/);
    expect(render('```js\nx\n```')).not.toContain('data-mermaid');
  });
});

describe('the offline responder’s samples', () => {
  const answer = (content: string, lang = 'zh-CN') => offlineAnswer({ lang, messages: [{ role: 'user', content }] });

  it('shows an inline and a block formula when asked about maths', () => {
    for (const [question, lang] of [
      ['给我一个数学公式', 'zh-CN'],
      ['Solve this equation', 'en-US'],
      ['數學問題', 'zh-TW'],
    ] as const) {
      const kinds = formulas(render(answer(question, lang))).map(([kind]) => kind);
      expect(kinds, question).toEqual(['inline', 'inline', 'block']);
    }
    expect(answer('Solve this equation', 'en-US')).toContain("Pythagoras' theorem");
  });

  it('shows a mermaid flowchart when asked for a diagram, with its labels translated', () => {
    const html = render(answer('画一个流程图'));
    expect(html).toContain('<div class="md-code" data-mermaid>');
    expect(html).toContain('flowchart LR');
    expect(html).toContain('&quot;演示回复&quot;');
    expect(render(answer('draw a diagram', 'en-US'))).toContain('&quot;A demo reply&quot;');
  });

  it('adds nothing to other questions', () => {
    const html = render(answer('你好'));
    expect(html).not.toMatch(/md-math|data-mermaid/);
  });
});
