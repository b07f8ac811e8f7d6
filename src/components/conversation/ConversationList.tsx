import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { shownTitle } from '../../stores/chat-storage';
import { useLazyConfirm } from '../lazy-confirm';
import { HistoryItem, type Item } from './HistoryItem';
import { Icon } from './icons';

export const footerLink =
  'flex items-center gap-2 rounded-lg px-3 py-2 text-sm text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white';

export interface ConversationListProps {
  /** Name of the list for screen readers. */
  label: string;
  newLabel: string;
  items: Item[];
  active: number | null;
  onNew(): void;
  onSelect(uuid: number): void;
  onUpdate(uuid: number, patch: { title?: string; isEdit: boolean }): void;
  /** Called once the person confirmed. */
  onDelete(uuid: number): void;
  /** Called once the person confirmed. */
  onClear(): void;
  /** Links shown above 'clear all'. */
  children?: ReactNode;
}

/**
 * The conversation sidebar shared by chat and image chat: a new conversation,
 * the history (select, rename in place, delete with confirmation) and 'clear all'.
 */
export function ConversationList(props: ConversationListProps) {
  const { t } = useTranslation('chat');
  const { confirm, confirmElement } = useLazyConfirm();
  const { items, active } = props;
  return (
    <div className="flex h-full flex-col gap-3 p-3">
      <button
        type="button"
        onClick={props.onNew}
        className="flex items-center justify-center gap-2 rounded-xl border border-dashed border-brand-300 px-3 py-2.5 text-sm font-medium text-brand-700 hover:bg-brand-50 dark:border-brand-700 dark:text-brand-200 dark:hover:bg-brand-900/30"
      >
        <Icon name="plus" className="size-4" />
        {props.newLabel}
      </button>
      <ul className="-mx-1 flex min-h-0 flex-1 flex-col gap-1 overflow-y-auto px-1" aria-label={props.label}>
        {items.length === 0 && (
          <li className="px-3 py-6 text-center text-sm text-slate-600 dark:text-slate-400">{t('sidebar.empty')}</li>
        )}
        {items.map((item) => (
          <HistoryItem
            key={item.uuid}
            item={item}
            active={item.uuid === active}
            onSelect={() => props.onSelect(item.uuid)}
            onUpdate={(patch) => props.onUpdate(item.uuid, patch)}
            onDelete={async () => {
              if (
                await confirm({
                  content: t('sidebar.deleteConfirm', { title: shownTitle(item.title, t) }),
                  danger: true,
                })
              ) {
                props.onDelete(item.uuid);
              }
            }}
          />
        ))}
      </ul>
      <div className="flex flex-col gap-0.5 border-t border-slate-200 pt-2 dark:border-slate-800">
        {props.children}
        <button
          type="button"
          className={`${footerLink} text-red-600 hover:text-red-700 dark:text-red-400`}
          onClick={async () => {
            if (await confirm({ content: t('sidebar.clearConfirm'), danger: true })) props.onClear();
          }}
        >
          <Icon name="trash" className="size-4" />
          {t('sidebar.clear')}
        </button>
      </div>
      {confirmElement}
    </div>
  );
}
