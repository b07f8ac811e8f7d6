import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { useTranslation } from 'react-i18next';
import { SvgIcon } from '../../components/SvgIcon';

export interface CardActionItem {
  label: string;
  onClick: () => void;
  danger?: boolean;
}

const pill = 'rounded-full text-xs font-medium ring-1 transition-colors';
const plain =
  'text-slate-700 ring-slate-200 hover:bg-slate-50 dark:text-slate-200 dark:ring-slate-700 dark:hover:bg-slate-800';

/**
 * A card's actions on one row at every width and in every language: the first
 * as a button, the others in a "more" menu (tests/e2e/draw-grid.spec.ts).
 */
export function CardActions({ items }: { items: CardActionItem[] }) {
  const { t } = useTranslation('draw');
  const [first, ...rest] = items;
  if (!first) return null;
  return (
    <div className="flex h-7 min-w-0 items-center gap-1.5" data-card-actions>
      <button
        type="button"
        onClick={first.onClick}
        className={`${pill} ${plain} min-w-0 truncate px-2.5 py-1`}
        title={first.label}
      >
        {first.label}
      </button>
      {rest.length > 0 && (
        <Menu>
          <MenuButton className={`${pill} ${plain} relative ml-auto grid size-7 shrink-0 place-items-center`}>
            <SvgIcon name="more" className="size-4" />
            <span className="sr-only">{t('card.more')}</span>
          </MenuButton>
          <MenuItems
            anchor="bottom end"
            className="z-50 min-w-36 rounded-xl bg-white p-1 text-sm shadow-lg ring-1 ring-slate-200 [--anchor-gap:4px] focus:outline-none dark:bg-slate-900 dark:ring-slate-700"
          >
            {rest.map((item) => (
              <MenuItem key={item.label}>
                <button
                  type="button"
                  onClick={item.onClick}
                  className={`block w-full rounded-lg px-3 py-2 text-left data-focus:bg-slate-100 dark:data-focus:bg-slate-800 ${
                    item.danger ? 'text-red-700 dark:text-red-400' : 'text-slate-700 dark:text-slate-200'
                  }`}
                >
                  {item.label}
                </button>
              </MenuItem>
            ))}
          </MenuItems>
        </Menu>
      )}
    </div>
  );
}
