import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/button-styles';
import { toast } from '../../lib/toast';
import { type KnowledgePassage, searchBase } from './knowledge-api';

/** "Try a search": the passages an answer would be given, with file, page and score. */
export function BaseSearch({ baseId }: { baseId: number }) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const [result, setResult] = useState<{ passages: KnowledgePassage[]; mode: 'keyword' | 'hybrid' } | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    const r = await searchBase(baseId, query.trim());
    setBusy(false);
    if (r.kind === 'reply') setResult(r.data);
    else if (r.kind === 'business') toast.error(r.result);
  };

  return (
    <section className="flex flex-col gap-3">
      <form onSubmit={(e) => void submit(e)} className="flex gap-2">
        <label className="sr-only" htmlFor={`kb-search-${baseId}`}>
          {t('searchLabel')}
        </label>
        <input
          id={`kb-search-${baseId}`}
          required
          maxLength={500}
          value={query}
          placeholder={t('searchPlaceholder')}
          onChange={(e) => setQuery(e.target.value)}
          className="min-w-0 flex-1 rounded-xl border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-900"
        />
        <button type="submit" disabled={busy} className={buttonClass('secondary')}>
          {t('searchButton')}
        </button>
      </form>
      {result && (
        <div className="flex flex-col gap-2" data-testid="knowledge-results">
          <p className="text-xs text-slate-500 dark:text-slate-400">{t(`mode.${result.mode}`)}</p>
          {result.passages.length === 0 && <p className="text-sm text-slate-500">{t('searchEmpty')}</p>}
          {result.passages.map((p) => (
            <blockquote
              key={p.id}
              className="rounded-xl border-l-4 border-brand-500 bg-white px-3 py-2 text-sm dark:bg-slate-900"
            >
              <p className="whitespace-pre-line text-slate-800 dark:text-slate-100">{p.text}</p>
              <footer className="mt-1 text-xs text-slate-500 dark:text-slate-400">
                {p.fileName}
                {p.page !== null && ` · ${t('page', { page: p.page })}`}
                {p.heading && ` · ${p.heading}`} · {t('score', { score: p.score.toFixed(4) })}
              </footer>
            </blockquote>
          ))}
        </div>
      )}
    </section>
  );
}
