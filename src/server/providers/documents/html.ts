import type { DocumentLimits } from './limits';

// A web page's readable text, for a search result's passage. Runs only on the reading thread
// (worker.ts): html-to-text parses the whole page, so its heap and clock are the thread's.
// Navigation, scripts, forms and pictures are dropped; links keep their words, not their address.

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

export async function htmlText(html: string, limits: DocumentLimits): Promise<string> {
  const { convert } = await import('html-to-text');
  return convert(html, {
    wordwrap: false,
    // The parser's own bounds: input read, nesting followed and children kept per element.
    limits: { maxInputLength: limits.maxBytes, maxDepth: limits.xmlDepth, maxChildNodes: 10_000, ellipsis: '' },
    selectors: [
      ...SKIP.map((selector) => ({ selector, format: 'skip' })),
      { selector: 'a', options: { ignoreHref: true } },
      { selector: 'h1', options: { uppercase: false } },
      { selector: 'h2', options: { uppercase: false } },
      { selector: 'h3', options: { uppercase: false } },
      { selector: 'table', format: 'dataTable', options: { uppercaseHeaderCells: false } },
    ],
  });
}
