import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { SvgIcon } from '../../components/SvgIcon';
import type { CardActionItem } from './CardActions';

/**
 * A card's "more" menu (Headless UI), loaded by CardActions on the first press of
 * its stand-in button and opened at once: a page of 30 cards carries no menu code.
 */
export function CardMenu({ items, buttonClass }: { items: CardActionItem[]; buttonClass: string }) {
  const { t } = useTranslation('drawing');
  const button = useRef<HTMLButtonElement>(null);
  // Replaces the stand-in the user just pressed: open as that press asked.
  useEffect(() => button.current?.click(), []);
  return (
    <Menu>
      <MenuButton ref={button} className={buttonClass}>
        <SvgIcon name="more" className="size-4" />
        <span className="sr-only">{t('card.more')}</span>
      </MenuButton>
      <MenuItems
        anchor="bottom end"
        className="z-50 min-w-36 rounded-xl bg-white p-1 text-sm shadow-lg ring-1 ring-slate-200 [--anchor-gap:4px] focus:outline-none dark:bg-slate-900 dark:ring-slate-700"
      >
        {items.map((item) => (
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
  );
}
