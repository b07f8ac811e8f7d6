import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form } from '../../../components/Form';
import { createListLoader, post, unwrap } from '../../../lib/api';
import { type IslandI18nProps, IslandRoot } from '../../../lib/island-i18n';
import { openReport } from '../../../lib/report-event';
import { AppIcon } from './AppIcon';
import { openApp, type StoreApp } from './open-app';

/** The store loads 30 a page (docs/routes-and-screens.md). */
export const STORE_PAGE_SIZE = 30;

function Store() {
  const { t } = useTranslation();
  const [input, setInput] = useState('');
  const term = useRef('');
  const loader = useMemo(
    () =>
      createListLoader<StoreApp>({
        pageSize: STORE_PAGE_SIZE,
        fetchPage: async ({ pageNum, pageSize, signal }) =>
          unwrap(
            await post(
              '/prompt/list/all',
              { pageNum, pageSize, orderNo: '', content: term.current },
              { signal, silent: true },
            ),
          ),
      }),
    [],
  );
  const state = useStore(loader.$state);
  const sentinel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    void loader.reset();
    const el = sentinel.current;
    if (!el) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) void loader.loadNext();
      },
      { rootMargin: '200px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [loader]);

  return (
    <div className="flex flex-col gap-5">
      <Form
        className="flex gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          term.current = input.trim();
          void loader.reset();
        }}
      >
        <input
          type="search"
          value={input}
          maxLength={100}
          onChange={(e) => setInput(e.target.value)}
          placeholder={t('store.search')}
          aria-label={t('store.search')}
          className="min-w-0 flex-1 rounded-full border border-slate-300 bg-white px-4 py-2 text-sm outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 dark:border-slate-700 dark:bg-slate-900"
        />
        <button
          type="submit"
          className="rounded-full bg-brand-600 px-5 py-2 text-sm font-medium text-white hover:bg-brand-700"
        >
          {t('store.searchButton')}
        </button>
      </Form>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-busy={state.loading}>
        {state.items.map((app) => (
          <li key={app.id} className="relative">
            <button
              type="button"
              onClick={() => openApp(app)}
              className="flex h-full w-full items-start gap-3 rounded-2xl bg-white p-4 pr-14 text-left ring-1 ring-slate-200 transition hover:-translate-y-0.5 hover:shadow-md hover:ring-brand-300 motion-reduce:transition-none dark:bg-slate-900 dark:ring-slate-800"
              data-app-card={app.id}
            >
              <AppIcon iconUrl={app.iconUrl} />
              <span className="min-w-0">
                <span className="block font-medium text-slate-900 dark:text-white">{app.promptTitle}</span>
                {app.iconAigc && (
                  // What the uploaded icon's own metadata said (an implicit AI label), docs/compliance.md.
                  <span
                    data-icon-aigc={app.iconAigc}
                    className="mt-1 inline-block rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700 dark:bg-slate-800 dark:text-slate-200"
                  >
                    {t(`app.aigc.${app.iconAigc}`)}
                  </span>
                )}
                <span className="mt-1 line-clamp-2 block text-sm text-slate-500 dark:text-slate-400">
                  {app.promptDescription}
                </span>
              </span>
            </button>
            <button
              type="button"
              onClick={() => openReport({ kind: 'app', id: String(app.id) })}
              aria-label={t('layout:report.actionFor', { title: app.promptTitle })}
              className="absolute right-2 top-2 rounded-full px-2 py-0.5 text-xs text-slate-500 hover:bg-red-50 hover:text-red-700 dark:text-slate-400 dark:hover:bg-red-950 dark:hover:text-red-300"
            >
              {t('layout:report.action')}
            </button>
          </li>
        ))}
      </ul>
      <div ref={sentinel} className="py-4 text-center text-sm text-slate-500 dark:text-slate-400" role="status">
        {state.loading ? (
          t('store.loading')
        ) : state.error ? (
          <button type="button" className="underline" onClick={() => void loader.retry()}>
            {t('store.retry')}
          </button>
        ) : state.lastPage && state.items.length === 0 ? (
          t('store.empty')
        ) : state.lastPage ? (
          t('store.end', { n: state.total })
        ) : (
          ''
        )}
      </div>
    </div>
  );
}

/** /app/store island. */
export function AppStoreIsland(props: IslandI18nProps) {
  return (
    <IslandRoot lang={props.lang} messages={props.messages} ns="chat">
      <Store />
    </IslandRoot>
  );
}
