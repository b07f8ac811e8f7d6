import { useTranslation } from 'react-i18next';
import { citationAnchor, citationHref } from '../../shared/citation-links';
import type { ChatCitation } from '../../shared/contract/chat';

/** Opens the source a `[n]` link points to and brings it into view (the link's own jump would leave it folded). */
export function openCitation(link: HTMLAnchorElement): boolean {
  const id = link.getAttribute('href')?.slice(1);
  const entry = id ? document.getElementById(id) : null;
  if (!(entry instanceof HTMLDetailsElement)) return false;
  entry.open = true;
  entry.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  entry.querySelector('summary')?.focus({ preventScroll: true });
  return true;
}

/**
 * The sources under an answer (docs/chat.md#sources), numbered as the answer cites them: each
 * folded to its title and where it came from (file and page, or site), opened to its passage.
 */
export function MessageSources({ messageId, citations }: { messageId: string; citations: ChatCitation[] }) {
  const { t } = useTranslation();
  return (
    <section className="mt-3 border-t border-slate-200 pt-2 dark:border-slate-800" data-sources>
      <h3 className="text-xs font-medium text-slate-600 dark:text-slate-400">{t('sources.title')}</h3>
      <ol className="mt-1 space-y-1 text-sm">
        {citations.map((c) => {
          const href = citationHref(c.url);
          const where = c.kind === 'web' ? c.site : c.page !== undefined ? t('sources.page', { page: c.page }) : '';
          return (
            <li key={c.n}>
              <details
                id={citationAnchor(messageId, c.n)}
                className="rounded-lg bg-slate-50 px-2.5 py-1.5 dark:bg-slate-800/60"
              >
                <summary
                  className="cursor-pointer text-slate-700 dark:text-slate-300"
                  aria-label={t('sources.open', { n: c.n, title: c.title })}
                >
                  <span className="font-medium">[{c.n}]</span> {c.title}
                  {where && <span className="text-xs text-slate-500 dark:text-slate-400"> · {where}</span>}
                </summary>
                <p className="mt-1 whitespace-pre-wrap break-words text-slate-600 dark:text-slate-300" data-source-text>
                  {c.text}
                </p>
                {href && (
                  <a
                    href={href}
                    target="_blank"
                    rel="noopener noreferrer nofollow"
                    className="mt-1 inline-block break-all text-xs text-brand-700 underline dark:text-brand-300"
                  >
                    {t('sources.visit')} · {href}
                  </a>
                )}
              </details>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
