import { lazy, Suspense, useState } from 'react';
import { SvgIcon } from '../../components/SvgIcon';

export interface CardActionItem {
  label: string;
  onClick: () => void;
  danger?: boolean;
}

// `.card-pill` (src/styles/global.css): a page's HTML holds a row of these per card.
const more = 'card-pill card-more';

// Headless UI's menu (and its positioning) loads on the first "more" press (bench/RESULTS.md, /draw's weight).
const CardMenu = lazy(() => import('./CardMenu').then((m) => ({ default: m.CardMenu })));

/**
 * A card's actions on one row at every width and in every language: the first
 * as a button, the others in a "more" menu (tests/e2e/draw-grid.spec.ts). `moreLabel` is t('card.more').
 */
export function CardActions({ items, moreLabel }: { items: CardActionItem[]; moreLabel: string }) {
  const [menu, setMenu] = useState(false);
  const [first, ...rest] = items;
  if (!first) return null;
  // Until first pressed, the "more" button is a plain one; the menu's code loads then.
  const standIn = (open?: () => void) => (
    <button
      type="button"
      aria-haspopup="menu"
      aria-expanded="false"
      className={more}
      onClick={open}
      onKeyDown={(e) => {
        if (open && (e.key === 'ArrowDown' || e.key === 'ArrowUp')) {
          e.preventDefault();
          open();
        }
      }}
    >
      <SvgIcon name="more" className="size-4" />
      <span className="sr-only">{moreLabel}</span>
    </button>
  );
  return (
    <div className="card-actions" data-card-actions>
      <button
        type="button"
        onClick={first.onClick}
        className="card-pill min-w-0 truncate px-2.5 py-1"
        title={first.label}
      >
        {first.label}
      </button>
      {rest.length > 0 &&
        (menu ? (
          <Suspense fallback={standIn()}>
            <CardMenu items={rest} buttonClass={more} />
          </Suspense>
        ) : (
          standIn(() => setMenu(true))
        ))}
    </div>
  );
}
