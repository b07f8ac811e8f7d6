import type { DocumentLimits } from './limits';

// A web page's readable text, for a search result's passage or a knowledge base's page. Runs only
// on the reading thread (worker.ts): html-to-text parses the whole page, so its heap and clock are
// the thread's. Navigation, scripts, forms and pictures are dropped; links keep their words, not
// their address; headings become Markdown headings, where knowledge chunking starts a passage.

const SKIP = [
  'script',
  'style',
  'noscript',
  'template',
  'nav',
  'header',
  'footer',
  'aside',
  'form',
  'svg',
  'img',
  'iframe',
];

const heading = (level: number) => ({
  selector: `h${level}`,
  format: 'heading',
  options: { uppercase: false, leadingLineBreaks: 2, trailingLineBreaks: 1, prefix: `${'#'.repeat(level)} ` },
});

export async function htmlText(html: string, limits: DocumentLimits): Promise<string> {
  const { convert } = await import('html-to-text');
  return convert(html, {
    wordwrap: false,
    // The parser's own bounds: input read, nesting followed and children kept per element.
    limits: { maxInputLength: limits.maxBytes, maxDepth: limits.xmlDepth, maxChildNodes: 10_000, ellipsis: '' },
    selectors: [
      ...SKIP.map((selector) => ({ selector, format: 'skip' })),
      ...[1, 2, 3, 4, 5, 6].map(heading),
      { selector: 'a', options: { ignoreHref: true } },
      { selector: 'table', format: 'dataTable', options: { uppercaseHeaderCells: false } },
    ],
    formatters: {
      heading(elem, walk, builder, options) {
        builder.openBlock({ leadingLineBreaks: options.leadingLineBreaks ?? 2 });
        builder.addLiteral(String(options.prefix ?? ''));
        walk(elem.children, builder);
        builder.closeBlock({ trailingLineBreaks: options.trailingLineBreaks ?? 1 });
      },
    },
  });
}
