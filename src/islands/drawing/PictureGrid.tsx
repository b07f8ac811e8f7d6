import type { CardActionItem } from './CardActions';
import type { Picture } from './draw-api';
import { ListFooter } from './ListFooter';
import { PictureCard, PictureCardSkeletons, useCardLabels } from './PictureCard';
import type { PictureList } from './use-picture-list';

/** The first row on the widest grid loads at once (largest contentful paint). */
export const PRIORITY_PICTURES = 2;
/** Three full rows on a phone, two on a wide screen. */
const SKELETONS = 12;
const GRID = 'grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-4';
const skeletons = (
  <div className={GRID}>
    <PictureCardSkeletons count={SKELETONS} />
  </div>
);

export interface PictureGridProps<T extends Picture> {
  list: PictureList<T>;
  /** Shown when the list has no picture at all. */
  empty: string;
  onOpen: (p: Picture) => void;
  actions: (p: T) => CardActionItem[];
  /**
   * Render only this many items as cards, the rest as grey tiles of the same size: /draw's
   * server-rendered first view, whose HTML needs no more than the first rows' cards.
   */
  cards?: number;
}

/**
 * One infinite list of square picture cards of one height, first row first: /draw's
 * tabs and /gallery's (docs/routes-and-screens.md).
 */
export function PictureGrid<T extends Picture>({ list, empty, onOpen, actions, cards }: PictureGridProps<T>) {
  const shown = cards === undefined ? list.items : list.items.slice(0, cards);
  const labels = useCardLabels();
  return (
    <>
      <div className={GRID} data-picture-grid>
        {shown.map((p, i) => (
          <PictureCard
            key={p.id}
            picture={p}
            priority={i < PRIORITY_PICTURES}
            onOpen={onOpen}
            actions={actions(p)}
            labels={labels}
          />
        ))}
        {shown.length < list.items.length && <PictureCardSkeletons count={list.items.length - shown.length} />}
      </div>
      <ListFooter
        state={list.state}
        count={list.items.length}
        sentinel={list.sentinel}
        onRetry={list.retry}
        emptyText={empty}
        loadingTiles={skeletons}
      />
    </>
  );
}
