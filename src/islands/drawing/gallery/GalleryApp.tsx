import { useStore } from '@nanostores/react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { openLogin } from '../../../lib/login-event';
import { $token } from '../../../stores/auth';
import { isMine, listMine, listPublic, type Picture } from '../draw-api';
import { ListFooter } from '../ListFooter';
import { useLazyConfirm, useViewer } from '../lazy-dialogs';
import { CardAction, PictureCard } from '../PictureCard';
import { usePictureActions } from '../use-picture-actions';
import { type PictureList, usePictureList } from '../use-picture-list';

type Tab = 'public' | 'mine';

function Masonry<T extends Picture>({
  list,
  empty,
  onOpen,
  actions,
}: {
  list: PictureList<T>;
  empty: string;
  onOpen: (p: Picture) => void;
  actions: (p: T) => ReactNode;
}) {
  return (
    <>
      <div className="columns-2 gap-3 sm:columns-3 lg:columns-4 2xl:columns-5" data-gallery-grid>
        {list.items.map((p) => (
          <div key={p.id} className="mb-3 break-inside-avoid">
            <PictureCard picture={p} onOpen={onOpen} natural actions={actions(p)} />
          </div>
        ))}
      </div>
      <ListFooter
        state={list.state}
        count={list.items.length}
        sentinel={list.sentinel}
        onRetry={list.retry}
        emptyText={empty}
      />
    </>
  );
}

/** /gallery: my works and the public pictures as a masonry grid, each opening the viewer (docs/routes-and-screens.md). */
export function GalleryApp() {
  const { t } = useTranslation('draw');
  const loggedIn = Boolean(useStore($token));
  const [tab, setTab] = useState<Tab>('public');
  const pub = usePictureList(listPublic, tab === 'public');
  const mine = usePictureList(listMine, loggedIn && tab === 'mine');
  const { confirm, confirmElement } = useLazyConfirm();
  const actions = usePictureActions({
    confirm,
    onDeleted: mine.remove,
    fill: (p) => location.assign(`/draw?from=square&id=${encodeURIComponent(p.id)}`),
  });
  const viewer = useViewer({
    onCopy: actions.copy,
    sameStyle: (p) => (isMine(p) && p.drawPublicFlag !== 1 ? undefined : actions.sameStyle),
  });
  const tabs: Tab[] = ['public', 'mine'];

  return (
    <div className="space-y-4">
      <div
        role="tablist"
        aria-label={t('works.label')}
        className="inline-flex gap-1 rounded-full bg-slate-100 p-1 dark:bg-slate-800"
      >
        {tabs.map((key) => (
          <button
            key={key}
            type="button"
            role="tab"
            aria-selected={tab === key}
            onClick={() => setTab(key)}
            className="rounded-full px-4 py-1.5 text-sm font-medium text-slate-600 hover:text-slate-900 aria-selected:bg-white aria-selected:text-brand-700 aria-selected:shadow-sm dark:text-slate-300 dark:aria-selected:bg-slate-900 dark:aria-selected:text-brand-200"
          >
            {t(key === 'mine' ? 'works.mine' : 'works.public')}
          </button>
        ))}
      </div>
      <div role="tabpanel">
        {tab === 'public' && (
          <Masonry
            list={pub}
            empty={t('works.publicEmpty')}
            onOpen={viewer.open}
            actions={(p) => (
              <>
                <CardAction onClick={() => actions.sameStyle(p)}>{t('action.sameStyle')}</CardAction>
                <CardAction onClick={() => actions.copy(p.prompt)}>{t('action.copy')}</CardAction>
              </>
            )}
          />
        )}
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
          <Masonry
            list={mine}
            empty={t('works.empty')}
            onOpen={viewer.open}
            actions={(p) => (
              <>
                <CardAction onClick={() => actions.copy(p.prompt)}>{t('action.copy')}</CardAction>
                <CardAction danger onClick={() => actions.remove(p)}>
                  {t('action.delete')}
                </CardAction>
              </>
            )}
          />
        )}
      </div>
      {viewer.element}
      {confirmElement}
    </div>
  );
}
