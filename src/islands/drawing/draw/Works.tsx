import { useTranslation } from 'react-i18next';
import type { DrawingMessage, Picture, PublicPicture } from '../draw-api';
import { CardAction } from '../PictureCard';
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
}

const TABS: WorksTab[] = ['mine', 'public'];

/** /draw's 'my works' and 'public gallery' tabs, 30 a page with infinite scroll each (docs/routes-and-screens.md). */
export function Works(props: WorksProps) {
  const { t } = useTranslation('draw');
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
          actions={(p) => (
            <>
              <CardAction onClick={() => props.onRedraw(p)}>{t('action.redraw')}</CardAction>
              <CardAction onClick={() => props.onCopy(p.prompt)}>{t('action.copy')}</CardAction>
              <CardAction danger onClick={() => props.onDelete(p)}>
                {t('action.delete')}
              </CardAction>
            </>
          )}
        />
      }
      pub={
        <PictureGrid
          list={pub}
          empty={t('works.publicEmpty')}
          onOpen={onOpen}
          actions={(p) => (
            <>
              <CardAction onClick={() => props.onSameStyle(p)}>{t('action.sameStyle')}</CardAction>
              <CardAction onClick={() => props.onCopy(p.prompt)}>{t('action.copy')}</CardAction>
            </>
          )}
        />
      }
    />
  );
}
