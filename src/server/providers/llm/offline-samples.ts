import type { TFunction } from 'i18next';

/**
 * Samples the demo answer adds when a question asks for them, so formulas and
 * diagrams can be seen (and tested) with no model: an inline and a block formula
 * for a question about maths, a small Mermaid flowchart for one asking for a
 * diagram. Their words are translated; the TeX and the diagram's syntax are not.
 */
const MATH =
  /数学|數學|公式|方程|函数|函數|微积分|微積分|几何|幾何|formula|math|equation|calculus|algebra|latex|katex/i;
const DIAGRAM = /流程图|流程圖|图表|圖表|示意图|示意圖|diagram|mermaid|flow ?chart/i;

/** A diagram label in double quotes: Mermaid reads anything but a quote inside them. */
const label = (text: string) => `"${text.replace(/"/g, "'")}"`;

/** Markdown lines (each sample followed by a blank line), or none when the question asks for neither. */
export function offlineSamples(question: string, t: TFunction): string[] {
  const lines: string[] = [];
  if (MATH.test(question)) {
    lines.push(
      t('chat:offline.mathIntro', { pythagoras: '$a^2 + b^2 = c^2$', equation: '$ax^2 + bx + c = 0$' }),
      '',
      '$$',
      'x = \\frac{-b \\pm \\sqrt{b^2 - 4ac}}{2a}',
      '$$',
      '',
    );
  }
  if (DIAGRAM.test(question)) {
    lines.push(
      t('chat:offline.diagramIntro'),
      '',
      '```mermaid',
      'flowchart LR',
      `  ask[${label(t('chat:offline.diagramAsk'))}] --> model{${label(t('chat:offline.diagramModel'))}}`,
      `  model -->|${label(t('chat:offline.diagramYes'))}| answer[${label(t('chat:offline.diagramAnswer'))}]`,
      `  model -->|${label(t('chat:offline.diagramNo'))}| demo[${label(t('chat:offline.diagramDemo'))}]`,
      '```',
      '',
    );
  }
  return lines;
}
