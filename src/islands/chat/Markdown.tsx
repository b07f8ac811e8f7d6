import { memo, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { copyText } from '../../lib/clipboard';
import { enhanceMarkdown } from '../../lib/markdown-enhance';
import { toast } from '../../lib/toast';
import { createRenderer } from '../../shared/markdown';
import { openCitation } from './MessageSources';

const renderers = new Map<string, (s: string) => string>();
function rendererFor(copyCode: string) {
  let render = renderers.get(copyCode);
  if (!render) {
    render = createRenderer({ copyCode });
    renderers.set(copyCode, render);
  }
  return render;
}

/** An answer rendered as Markdown (no raw HTML); code blocks get a copy button and, once complete, highlighting. */
export const Markdown = memo(function Markdown({ text, streaming }: { text: string; streaming: boolean }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const label = t('message.copyCode');
  const html = useMemo(() => rendererFor(label)(text), [label, text]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: new HTML may hold new code blocks to highlight.
  useEffect(() => {
    const root = ref.current;
    if (!root || streaming || !root.querySelector('code[data-lang]:not([data-highlighted])')) return;
    void import('./highlight').then((m) => m.highlightWithin(root));
  }, [streaming, html]);

  // Formulas as they close, diagrams once the answer is complete; before paint once KaTeX is loaded.
  // biome-ignore lint/correctness/useExhaustiveDependencies: new HTML may hold new formulas and diagrams.
  useLayoutEffect(() => {
    const root = ref.current;
    if (!root) return;
    const labels = { diagram: t('message.diagram'), diagramError: t('message.diagramError') };
    void enhanceMarkdown(root, { labels, complete: !streaming });
  }, [streaming, html, t]);

  const onClick = async (e: React.MouseEvent) => {
    // An answer's `[n]` opens its source under the answer (MessageSources.tsx).
    const cite = (e.target as HTMLElement).closest<HTMLAnchorElement>('a[href^="#cite-"]');
    if (cite && openCitation(cite)) {
      e.preventDefault();
      return;
    }
    const button = (e.target as HTMLElement).closest<HTMLButtonElement>('button[data-copy]');
    const code = button?.closest('.md-code')?.querySelector('code');
    if (!button || !code) return;
    const ok = await copyText(code.textContent ?? '');
    if (ok) toast.success(t('message.copied'));
    else toast.error(t('message.copyFailed'));
  };

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: clicks are delegated to the real copy buttons inside.
    <div
      ref={ref}
      className="markdown-body"
      onClick={onClick}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: markdown.ts escapes every raw HTML token and unsafe URL.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
});
