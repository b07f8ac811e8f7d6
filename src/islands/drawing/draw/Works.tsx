import { useTranslation } from 'react-i18next';
import { openReport } from '../../../lib/report-event';
import type { DrawingMessage, Picture, PublicPicture } from '../draw-api';
import { PictureGrid } from '../PictureGrid';
import type { PictureList } from '../use-picture-list';
import { type WorksTab, WorksTabs } from '../WorksTabs';

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
  /** The server-rendered first view: this many cards per list, grey tiles for the rest (PictureGrid). */
  cards?: number;
}

const TABS: WorksTab[] = ['mine', 'public'];

/** /draw's 'my works' and 'public gallery' tabs, 30 a page with infinite scroll each (docs/routes-and-screens.md). */
export function Works(props: WorksProps) {
  const { t } = useTranslation('drawing');
  const { tab, onTab, loggedIn, mine, pub, onOpen } = props;
  return (
    <WorksTabs
      tabs={TABS}
      tab={tab}
      onTab={onTab}
      loggedIn={loggedIn}
      mine={
        <PictureGrid
          list={mine}
          empty={t('works.empty')}
          onOpen={onOpen}
          cards={props.cards}
          actions={(p) => [
            { label: t('action.redraw'), onClick: () => props.onRedraw(p) },
            { label: t('action.copy'), onClick: () => props.onCopy(p.prompt) },
            { label: t('action.delete'), onClick: () => props.onDelete(p), danger: true },
          ]}
        />
      }
      pub={
        <PictureGrid
          list={pub}
          empty={t('works.publicEmpty')}
          onOpen={onOpen}
          cards={props.cards}
          actions={(p) => [
            { label: t('action.sameStyle'), onClick: () => props.onSameStyle(p) },
            { label: t('action.copy'), onClick: () => props.onCopy(p.prompt) },
            {
              label: t('layout:report.action'),
              onClick: () => openReport({ kind: 'drawing', id: p.id }),
              danger: true,
            },
          ]}
        />
      }
    />
  );
}
