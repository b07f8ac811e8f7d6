import { Marked, type Tokens } from 'marked';
import { escapeHtml } from './escape-html';
import { mathExtensions } from './markdown-math';

export { escapeHtml };

/**
 * The href to write, or null when the link must not be one. Decided on the URL
 * as a browser reads it: surrounding spaces and control characters dropped,
 * tabs and newlines removed anywhere, and `\` read as `/` (so `/\evil.com`
 * is the network path //evil.com, not a page of this site).
 */
export function safeHref(href: string): string | null {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the URL parser strips exactly these
  const url = href.replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '').replace(/[\t\n\r]/g, '');
  const seen = url.replace(/\\/g, '/');
  if (seen.startsWith('#')) return url;
  if (seen.startsWith('/')) return seen.startsWith('//') ? null : url;
  return /^(https?|mailto):/i.test(seen) ? url : null;
}

export interface MarkdownLabels {
  copyCode: string;
}

/**
 * Markdown to HTML for answers, in the browser (chat) and on the server (shared pages). Raw HTML is never rendered: HTML blocks and
 * tags come out as text. Links keep only http(s), mailto and same-site
 * targets; images become links (no third-party loads). Formulas and ```mermaid
 * blocks become placeholders holding their escaped source (markdown-math.ts).
 */
export function createRenderer(labels: MarkdownLabels) {
  const md = new Marked({ gfm: true, breaks: true, async: false });
  md.use({
    extensions: mathExtensions,
    renderer: {
      html({ text }: Tokens.HTML | Tokens.Tag) {
        return escapeHtml(text);
      },
      code({ text, lang }: Tokens.Code) {
        const language =
          (lang ?? '')
            .trim()
            .split(/\s+/)[0]
            ?.replace(/[^\w+#.-]/g, '') ?? '';
        const label = escapeHtml(language || 'text');
        // A diagram's source is a code block the browser may draw (src/lib/markdown-enhance.ts).
        const diagram = language.toLowerCase() === 'mermaid' ? ' data-mermaid' : '';
        return (
          `<div class="md-code"${diagram}><div class="md-code-bar"><span>${label}</span>` +
          `<button type="button" class="md-copy" data-copy>${escapeHtml(labels.copyCode)}</button></div>` +
          `<pre><code data-lang="${escapeHtml(language)}">${escapeHtml(text)}</code></pre></div>\n`
        );
      },
      link({ href, title, tokens }: Tokens.Link) {
        const inner = this.parser.parseInline(tokens);
        const url = safeHref(href);
        if (url === null) return inner;
        const t = title ? ` title="${escapeHtml(title)}"` : '';
        // A link within the page (an answer's citation `[1]`) stays in this tab.
        if (url.startsWith('#')) return `<a href="${escapeHtml(url)}"${t}>${inner}</a>`;
        return `<a href="${escapeHtml(url)}"${t} target="_blank" rel="noopener noreferrer nofollow">${inner}</a>`;
      },
      image({ href, text }: Tokens.Image) {
        const url = safeHref(href);
        if (url === null) return escapeHtml(text);
        return `<a href="${escapeHtml(url)}" target="_blank" rel="noopener noreferrer nofollow">${escapeHtml(text || url)}</a>`;
      },
    },
  });
  return (source: string) => md.parse(source) as string;
}
