import type { ReactNode } from 'react';
import type { Picture } from './draw-api';
import { ListFooter } from './ListFooter';
import { PictureCard, PictureCardSkeletons } from './PictureCard';
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
  actions: (p: T) => ReactNode;
  /** /gallery's columns of pictures at their own height; otherwise square tiles, first row first. */
  masonry?: boolean;
}

/** One infinite list of picture cards: the /draw tiles and the /gallery masonry (docs/routes-and-screens.md). */
export function PictureGrid<T extends Picture>({ list, empty, onOpen, actions, masonry = false }: PictureGridProps<T>) {
  return (
    <>
      {masonry ? (
        <div className="columns-2 gap-3 sm:columns-3 lg:columns-4 2xl:columns-5" data-gallery-grid>
          {list.items.map((p) => (
            <div key={p.id} className="mb-3 break-inside-avoid">
              <PictureCard picture={p} onOpen={onOpen} natural actions={actions(p)} />
            </div>
          ))}
        </div>
      ) : (
        <div className={GRID}>
          {list.items.map((p, i) => (
            <PictureCard key={p.id} picture={p} priority={i < PRIORITY_PICTURES} onOpen={onOpen} actions={actions(p)} />
          ))}
        </div>
      )}
      <ListFooter
        state={list.state}
        count={list.items.length}
        sentinel={list.sentinel}
        onRetry={list.retry}
        emptyText={empty}
        loadingTiles={masonry ? undefined : skeletons}
      />
    </>
  );
}
