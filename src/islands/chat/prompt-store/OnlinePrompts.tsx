import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../../components/button-styles';
import { Form } from '../../../components/Form';
import { toast } from '../../../lib/toast';
import { reportImport } from './LocalPrompts';

/** Recommended sources; the first is served by this site, so it works without outside network access. */
const SOURCES = [
  { key: 'miaobi', url: '/api/prompt/export' },
  { key: 'awesomeZh', url: 'https://raw.githubusercontent.com/PlexPt/awesome-chatgpt-prompts-zh/main/prompts-zh.json' },
] as const;

/** The online tab: import a prompt list from a URL (non-empty; a clear message when it cannot be fetched). */
export function OnlinePrompts() {
  const { t } = useTranslation();
  const [url, setUrl] = useState('');
  const [busy, setBusy] = useState(false);

  const load = async (from: string) => {
    if (!from.trim()) {
      toast.warning(t('prompts.urlRequired'));
      return;
    }
    setBusy(true);
    try {
      const res = await fetch(from.trim(), { headers: { accept: 'application/json' } });
      if (!res.ok) throw new Error(String(res.status));
      reportImport(t, await res.text());
    } catch {
      toast.error(t('prompts.fetchFailed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="flex flex-col gap-4">
      <Form
        className="flex gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          void load(url);
        }}
      >
        <input
          type="text"
          inputMode="url"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          placeholder={t('prompts.urlPlaceholder')}
          aria-label={t('prompts.url')}
          maxLength={2000}
          className="min-w-0 flex-1 rounded-full border border-slate-300 bg-white px-4 py-1.5 text-sm outline-none focus:border-brand-500 dark:border-slate-700 dark:bg-slate-950"
        />
        <button type="submit" className={buttonClass('primary', '!py-1.5')} disabled={busy}>
          {t('prompts.download')}
        </button>
      </Form>
      <ul className="flex flex-col gap-2">
        {SOURCES.map((s) => (
          <li key={s.key} className="flex items-center gap-3 rounded-xl p-3 ring-1 ring-slate-200 dark:ring-slate-800">
            <div className="min-w-0 flex-1">
              <p className="text-sm font-medium">{t(`prompts.source.${s.key}`)}</p>
              <p className="truncate text-xs text-slate-500 dark:text-slate-400">{s.url}</p>
            </div>
            <button
              type="button"
              className={buttonClass('secondary', '!px-3 !py-1.5')}
              disabled={busy}
              onClick={() => setUrl(s.url)}
            >
              {t('prompts.pick')}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
