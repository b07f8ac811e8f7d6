import { type KeyboardEvent, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { openLogin } from '../../../lib/login-event';
import type { DrawingMessage, Picture, PublicPicture } from '../draw-api';
import { ListFooter } from '../ListFooter';
import { CardAction, PictureCard, PictureCardSkeletons } from '../PictureCard';
import type { PictureList } from '../use-picture-list';

export type WorksTab = 'mine' | 'public';

export interface WorksProps {
  tab: WorksTab;
  onTab: (tab: WorksTab) => void;
  loggedIn: boolean;
  mine: PictureList<DrawingMessage>;
  pub: PictureList<PublicPicture>;
  onOpen: (p: Picture) => void;
  onCopy: (prompt: string) => void;
  onRedraw: (p: DrawingMessage) => void;
  onDelete: (p: DrawingMessage) => void;
  onSameStyle: (p: Picture) => void;
}

const TABS: WorksTab[] = ['mine', 'public'];
const grid = 'grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-4';
/** The first row on the widest grid loads at once (largest contentful paint). */
export const PRIORITY_PICTURES = 2;
/** Three full rows on a phone, two on a wide screen. */
const SKELETONS = 12;
const skeletons = (
  <div className={grid}>
    <PictureCardSkeletons count={SKELETONS} />
  </div>
);

/** 'my works' and 'public gallery' tabs, 30 a page with infinite scroll each (docs/routes-and-screens.md). */
export function Works(props: WorksProps) {
  const { t } = useTranslation('draw');
  const { tab, onTab, loggedIn, mine, pub } = props;
  const refs = useRef<Array<HTMLButtonElement | null>>([]);
  // The page's fallback renders this twice (visitor and member views), so ids must differ.
  const uid = useId();
  const onKey = (e: KeyboardEvent) => {
    if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return;
    const next = TABS[(TABS.indexOf(tab) + 1) % TABS.length] as WorksTab;
    onTab(next);
    refs.current[TABS.indexOf(next)]?.focus();
  };

  return (
    <section className="space-y-4">
      <div
        role="tablist"
        aria-label={t('works.label')}
        className="inline-flex gap-1 rounded-full bg-slate-100 p-1 dark:bg-slate-800"
      >
        {TABS.map((key, i) => (
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
            className="rounded-full px-4 py-1.5 text-sm font-medium text-slate-600 transition-colors hover:text-slate-900 aria-selected:bg-white aria-selected:text-brand-700 aria-selected:shadow-sm dark:text-slate-300 dark:hover:text-white dark:aria-selected:bg-slate-900 dark:aria-selected:text-brand-200"
          >
            {t(key === 'mine' ? 'works.mine' : 'works.public')}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${uid}panel-${tab}`} aria-labelledby={`${uid}tab-${tab}`}>
        {tab === 'mine' && !loggedIn && (
          <div className="rounded-2xl border border-dashed border-slate-300 px-6 py-12 text-center dark:border-slate-700">
            <p className="text-sm text-slate-600 dark:text-slate-400">{t('login.toSeeWorks')}</p>
            <button
              type="button"
              className="mt-3 text-sm font-medium text-brand-600 underline"
              onClick={() => openLogin()}
            >
              {t('login.button')}
            </button>
          </div>
        )}
        {tab === 'mine' && loggedIn && (
          <>
            <div className={grid}>
              {mine.items.map((p, i) => (
                <PictureCard
                  key={p.id}
                  picture={p}
                  priority={i < PRIORITY_PICTURES}
                  onOpen={props.onOpen}
                  actions={
                    <>
                      <CardAction onClick={() => props.onRedraw(p)}>{t('action.redraw')}</CardAction>
                      <CardAction onClick={() => props.onCopy(p.prompt)}>{t('action.copy')}</CardAction>
                      <CardAction danger onClick={() => props.onDelete(p)}>
                        {t('action.delete')}
                      </CardAction>
                    </>
                  }
                />
              ))}
            </div>
            <ListFooter
              state={mine.state}
              count={mine.items.length}
              sentinel={mine.sentinel}
              onRetry={mine.retry}
              emptyText={t('works.empty')}
              loadingTiles={skeletons}
            />
          </>
        )}
        {tab === 'public' && (
          <>
            <div className={grid}>
              {pub.items.map((p, i) => (
                <PictureCard
                  key={p.id}
                  picture={p}
                  priority={i < PRIORITY_PICTURES}
                  onOpen={props.onOpen}
                  actions={
                    <>
                      <CardAction onClick={() => props.onSameStyle(p)}>{t('action.sameStyle')}</CardAction>
                      <CardAction onClick={() => props.onCopy(p.prompt)}>{t('action.copy')}</CardAction>
                    </>
                  }
                />
              ))}
            </div>
            <ListFooter
              state={pub.state}
              count={pub.items.length}
              sentinel={pub.sentinel}
              onRetry={pub.retry}
              emptyText={t('works.publicEmpty')}
              loadingTiles={skeletons}
            />
          </>
        )}
      </div>
    </section>
  );
}
