import katex from 'katex';
import 'katex/contrib/mhchem';
// As a URL, not an import: Astro would put an imported stylesheet into every page holding the chat.
import stylesheetUrl from 'katex/dist/katex-swap.min.css?url';

let stylesheet: Promise<void> | undefined;

/** Adds KaTeX's stylesheet to the page once; settles when it has loaded (or failed), so no formula shows unstyled. */
export function loadStylesheet(): Promise<void> {
  stylesheet ??= new Promise((resolve) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = stylesheetUrl;
    link.onload = link.onerror = () => resolve();
    document.head.append(link);
  });
  return stylesheet;
}

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
