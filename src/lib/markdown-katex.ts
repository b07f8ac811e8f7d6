import katex from 'katex';
import 'katex/contrib/mhchem';
import 'katex/dist/katex-swap.min.css';

/**
 * Draws formula placeholders with KaTeX. Their text is the TeX source; a formula
 * KaTeX cannot read is shown as its source in the error colour, never thrown.
 * `trust: false` keeps \href, \url and the \html… commands from making links or markup.
 */
export function renderFormulas(nodes: Iterable<HTMLElement>): void {
  for (const node of nodes) {
    if (node.dataset.rendered) continue;
    node.dataset.rendered = '1';
    katex.render(node.textContent ?? '', node, {
      displayMode: node.dataset.math !== 'inline',
      throwOnError: false,
      errorColor: 'var(--md-math-error)',
      trust: false,
      strict: false,
      output: 'htmlAndMathml',
    });
  }
}
