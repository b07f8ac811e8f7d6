import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { shownTitle } from '../../stores/chat-storage';
import { Icon } from './icons';

/** What a history entry needs to show; chat and image chat keep theirs in chatStorage. */
export interface Item {
  uuid: number;
  title: string;
  isEdit: boolean;
  templateId?: number | null;
}

const iconButton =
  'inline-flex size-7 items-center justify-center rounded-md text-slate-500 hover:bg-slate-200 hover:text-slate-900 dark:text-slate-400 dark:hover:bg-slate-700 dark:hover:text-white';

export interface HistoryItemProps {
  item: Item;
  active: boolean;
  onSelect(): void;
  onDelete(): void;
  /** Saves a patch of the entry: a new title, or entering / leaving rename. */
  onUpdate(patch: { title?: string; isEdit: boolean }): void;
}

/** One conversation in the sidebar: select, rename in place (Enter saves), delete. */
export function HistoryItem({ item, active, onSelect, onDelete, onUpdate }: HistoryItemProps) {
  const { t } = useTranslation('chat');
  const shown = shownTitle(item.title, t);
  const [title, setTitle] = useState(shown);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (item.isEdit) {
      setTitle(shown);
      input.current?.select();
    }
  }, [item.isEdit, shown]);

  // An untouched default title stays the stored one, so the first question still names the conversation.
  const kept = (next: string) => (next && next !== shown ? next : item.title);
  const save = () => onUpdate({ title: kept(title.trim()), isEdit: false });

  return (
    <li
      className={`group flex items-center gap-1 rounded-lg pr-1 text-sm transition-colors ${
        active
          ? 'bg-brand-50 text-brand-800 ring-1 ring-brand-200 dark:bg-brand-900/40 dark:text-brand-100 dark:ring-brand-800'
          : 'text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800'
      }`}
      data-history-item={item.uuid}
    >
      {item.isEdit ? (
        <input
          ref={input}
          value={title}
          maxLength={100}
          aria-label={t('sidebar.renameLabel')}
          onChange={(e) => setTitle(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.nativeEvent.isComposing) save();
            if (e.key === 'Escape') onUpdate({ isEdit: false });
          }}
          className="m-1 min-w-0 flex-1 rounded-md bg-white px-2 py-1.5 outline-none ring-1 ring-brand-400 dark:bg-slate-900"
        />
      ) : (
        <button
          type="button"
          onClick={onSelect}
          aria-current={active ? 'page' : undefined}
          className="flex min-w-0 flex-1 items-center gap-2 px-3 py-2.5 text-left"
        >
          <Icon name={item.templateId ? 'apps' : 'chat'} className="size-4 shrink-0 opacity-70" />
          <span className="truncate" title={shown}>
            {shown}
          </span>
        </button>
      )}
      {item.isEdit ? (
        <button
          type="button"
          className={iconButton}
          onClick={save}
          aria-label={t('sidebar.save')}
          title={t('sidebar.save')}
        >
          <Icon name="check" className="size-4" />
        </button>
      ) : (
        <span className={`flex ${active ? '' : 'md:hidden md:group-focus-within:flex md:group-hover:flex'}`}>
          <button
            type="button"
            className={iconButton}
            onClick={() => onUpdate({ isEdit: true })}
            aria-label={t('sidebar.rename', { title: shown })}
            title={t('sidebar.edit')}
          >
            <Icon name="edit" className="size-4" />
          </button>
          <button
            type="button"
            className={iconButton}
            onClick={onDelete}
            aria-label={t('sidebar.delete', { title: shown })}
            title={t('sidebar.deleteShort')}
          >
            <Icon name="trash" className="size-4" />
          </button>
        </span>
      )}
    </li>
  );
}
