import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { openReport } from '../../../lib/report-event';
import { $token } from '../../../stores/auth';
import { isMine, listMine, listPublic } from '../draw-api';
import { useLazyConfirm, useViewer } from '../lazy-dialogs';
import { PictureGrid } from '../PictureGrid';
import { usePictureActions } from '../use-picture-actions';
import { usePictureList } from '../use-picture-list';
import { type WorksTab, WorksTabs } from '../WorksTabs';

const TABS: WorksTab[] = ['public', 'mine'];

/** /gallery: my works and the public pictures as square cards, each opening the viewer (docs/routes-and-screens.md). */
export function GalleryApp() {
  const { t } = useTranslation('drawing');
  const loggedIn = Boolean(useStore($token));
  const [tab, setTab] = useState<WorksTab>('public');
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

  return (
    <div className="space-y-4">
      <WorksTabs
        tabs={TABS}
        tab={tab}
        onTab={setTab}
        loggedIn={loggedIn}
        pub={
          <PictureGrid
            list={pub}
            empty={t('works.publicEmpty')}
            onOpen={viewer.open}
            actions={(p) => [
              { label: t('action.sameStyle'), onClick: () => actions.sameStyle(p) },
              { label: t('action.copy'), onClick: () => actions.copy(p.prompt) },
              {
                label: t('layout:report.action'),
                onClick: () => openReport({ kind: 'drawing', id: p.id }),
                danger: true,
              },
            ]}
          />
        }
        mine={
          <PictureGrid
            list={mine}
            empty={t('works.empty')}
            onOpen={viewer.open}
            actions={(p) => [
              { label: t('action.copy'), onClick: () => actions.copy(p.prompt) },
              { label: t('action.delete'), onClick: () => actions.remove(p), danger: true },
            ]}
          />
        }
      />
      {viewer.element}
      {confirmElement}
    </div>
  );
}
