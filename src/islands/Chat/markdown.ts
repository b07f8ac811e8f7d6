import { Marked, type Tokens } from 'marked';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

const SAFE_URL = /^(https?:|mailto:|\/(?!\/)|#)/i;

export interface MarkdownLabels {
  copyCode: string;
}

/**
 * Markdown to HTML for answers. Raw HTML is never rendered: HTML blocks and
 * tags come out as text. Links keep only http(s), mailto and same-site
 * targets; images become links (no third-party loads).
 */
export function createRenderer(labels: MarkdownLabels) {
  const md = new Marked({ gfm: true, breaks: true, async: false });
  md.use({
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
        return (
          `<div class="md-code"><div class="md-code-bar"><span>${label}</span>` +
          `<button type="button" class="md-copy" data-copy>${escapeHtml(labels.copyCode)}</button></div>` +
          `<pre><code data-lang="${escapeHtml(language)}">${escapeHtml(text)}</code></pre></div>\n`
        );
      },
      link({ href, title, tokens }: Tokens.Link) {
        const inner = this.parser.parseInline(tokens);
        if (!SAFE_URL.test(href)) return inner;
        const t = title ? ` title="${escapeHtml(title)}"` : '';
        return `<a href="${escapeHtml(href)}"${t} target="_blank" rel="noopener noreferrer nofollow">${inner}</a>`;
      },
      image({ href, text }: Tokens.Image) {
        if (!SAFE_URL.test(href)) return escapeHtml(text);
        return `<a href="${escapeHtml(href)}" target="_blank" rel="noopener noreferrer nofollow">${escapeHtml(text || href)}</a>`;
      },
    },
  });
  return (source: string) => md.parse(source) as string;
}
