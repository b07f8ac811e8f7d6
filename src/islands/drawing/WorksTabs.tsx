import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { openLogin } from '../../lib/login-event';

export type WorksTab = 'mine' | 'public';

export interface WorksTabsProps {
  /** In the order the page shows them. */
  tabs: WorksTab[];
  tab: WorksTab;
  onTab: (tab: WorksTab) => void;
  loggedIn: boolean;
  /** The member's own pictures; a visitor is asked to log in instead. */
  mine: ReactNode;
  pub: ReactNode;
}

/** 'my works' and 'public gallery' tabs of /draw, /sd and /gallery (docs/routes-and-screens.md). */
export function WorksTabs({ tabs, tab, onTab, loggedIn, mine, pub }: WorksTabsProps) {
  const { t } = useTranslation('drawing');
  const refs = useRef<Array<HTMLButtonElement | null>>([]);
  // /draw's fallback renders the tabs twice (visitor and member views), so ids must differ.
  const uid = useId();
  const onKey = (e: KeyboardEvent) => {
    if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return;
    const step = e.key === 'ArrowRight' ? 1 : tabs.length - 1;
    const next = tabs[(tabs.indexOf(tab) + step) % tabs.length] as WorksTab;
    onTab(next);
    refs.current[tabs.indexOf(next)]?.focus();
  };

  return (
    <section className="space-y-4">
      <div
        role="tablist"
        aria-label={t('works.label')}
        className="inline-flex gap-1 rounded-full bg-slate-100 p-1 dark:bg-slate-800"
      >
        {tabs.map((key, i) => (
          <button
            key={key}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`${uid}tab-${key}`}
            aria-selected={tab === key}
            aria-controls={`${uid}panel-${key}`}
            tabIndex={tab === key ? 0 : -1}
            onClick={() => onTab(key)}
            onKeyDown={onKey}
            className="works-tab"
          >
            {t(key === 'mine' ? 'works.mine' : 'works.public')}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${uid}panel-${tab}`} aria-labelledby={`${uid}tab-${tab}`}>
        {tab === 'public' && pub}
        {tab === 'mine' && loggedIn && mine}
        {tab === 'mine' && !loggedIn && (
          <div className="rounded-2xl border border-dashed border-slate-300 px-6 py-12 text-center dark:border-slate-700">
            <p className="text-sm text-slate-600 dark:text-slate-400">{t('login.toSeeWorks')}</p>
            <button
              type="button"
              className="mt-3 text-sm font-medium text-brand-600 underline dark:text-brand-300"
              onClick={() => openLogin()}
            >
              {t('login.button')}
            </button>
          </div>
        )}
      </div>
    </section>
  );
}
