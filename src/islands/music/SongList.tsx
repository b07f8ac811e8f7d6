import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/button-styles';
import { type SongActions, SongCard } from './SongCard';
import type { SongListState } from './use-songs';

/** Cards in a grid; the next page loads when the end of the list scrolls into view (docs/state-machines.md). */
export function SongList({
  state,
  emptyText,
  onMore,
  actions,
}: {
  state: SongListState;
  emptyText: string;
  onMore: () => void;
  actions?: SongActions;
}) {
  const { t } = useTranslation('music');
  const sentinel = useRef<HTMLDivElement>(null);
  const canLoad = state.loaded && !state.end && !state.loading && !state.failed;
  useEffect(() => {
    const el = sentinel.current;
    if (!el || !canLoad || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) onMore();
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [canLoad, onMore]);

  if (state.loaded && state.items.length === 0) {
    return (
      <p className="rounded-2xl border border-dashed border-slate-300 px-6 py-12 text-center text-slate-600 dark:border-slate-700 dark:text-slate-400">
        {emptyText}
      </p>
    );
  }
  return (
    <div aria-busy={state.loading}>
      <ul className="grid gap-3 md:grid-cols-2">
        {state.items.map((song) => (
          <li key={song.id}>
            <SongCard song={song} actions={actions} />
          </li>
        ))}
      </ul>
      <div ref={sentinel} className="mt-4 flex justify-center text-sm text-slate-500 dark:text-slate-400">
        {state.loading && <span role="status">{t('list.loading')}</span>}
        {state.failed && (
          <span role="alert" className="flex items-center gap-3">
            {t('list.failed')}
            <button type="button" className={buttonClass('secondary', 'py-1')} onClick={onMore}>
              {t('list.retry')}
            </button>
          </span>
        )}
        {canLoad && (
          <button type="button" className={buttonClass('ghost')} onClick={onMore}>
            {t('list.more')}
          </button>
        )}
        {state.end && state.items.length > 0 && <span>{t('list.end')}</span>}
      </div>
    </div>
  );
}
