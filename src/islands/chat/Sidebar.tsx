import { useStore } from '@nanostores/react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLazyConfirm as useConfirm } from '../../components/lazy-confirm';
import { clearHistory, deleteHistory, newChat, setActive } from '../../stores/chat-actions';
import { $chatStorage } from '../../stores/chat-storage';
import { stop } from './controller';
import { HistoryItem } from './HistoryItem';
import { Icon } from './icons';

/** Deleting from the history is debounced by 600 ms (docs/routes-and-screens.md). */
export const DELETE_DEBOUNCE_MS = 600;

const footerLink =
  'flex items-center gap-2 rounded-lg px-3 py-2 text-sm text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white';

export function Sidebar({ onNavigate }: { onNavigate(uuid: number | null): void }) {
  const { t } = useTranslation();
  const { history, active } = useStore($chatStorage);
  const { confirm, confirmElement } = useConfirm();
  const deleting = useRef<ReturnType<typeof setTimeout> | null>(null);

  const remove = async (uuid: number, title: string) => {
    if (!(await confirm({ content: t('sidebar.deleteConfirm', { title }), danger: true }))) return;
    if (deleting.current) clearTimeout(deleting.current);
    deleting.current = setTimeout(() => {
      deleting.current = null;
      if ($chatStorage.get().active === uuid) stop();
      deleteHistory(uuid);
      onNavigate($chatStorage.get().active);
    }, DELETE_DEBOUNCE_MS);
  };

  return (
    <nav aria-label={t('sidebar.label')} className="flex h-full flex-col gap-3 p-3">
      <button
        type="button"
        onClick={() => onNavigate(newChat())}
        className="flex items-center justify-center gap-2 rounded-xl border border-dashed border-brand-300 px-3 py-2.5 text-sm font-medium text-brand-700 hover:bg-brand-50 dark:border-brand-700 dark:text-brand-200 dark:hover:bg-brand-900/30"
      >
        <Icon name="plus" className="size-4" />
        {t('sidebar.newChat')}
      </button>
      <ul className="-mx-1 flex min-h-0 flex-1 flex-col gap-1 overflow-y-auto px-1" aria-label={t('sidebar.history')}>
        {history.length === 0 && (
          <li className="px-3 py-6 text-center text-sm text-slate-600 dark:text-slate-400">{t('sidebar.empty')}</li>
        )}
        {history.map((item) => (
          <HistoryItem
            key={item.uuid}
            item={item}
            active={item.uuid === active}
            onSelect={() => {
              setActive(item.uuid);
              onNavigate(item.uuid);
            }}
            onDelete={() => void remove(item.uuid, item.title)}
          />
        ))}
      </ul>
      <div className="flex flex-col gap-0.5 border-t border-slate-200 pt-2 dark:border-slate-800">
        <a href="/chat/history" className={footerLink}>
          <Icon name="history" className="size-4" />
          {t('sidebar.qaHistory')}
        </a>
        <a href="/app/store" className={footerLink}>
          <Icon name="apps" className="size-4" />
          {t('sidebar.appStore')}
        </a>
        <a href="/myapplication" className={footerLink}>
          <Icon name="mine" className="size-4" />
          {t('sidebar.myApps')}
        </a>
        <button
          type="button"
          className={`${footerLink} text-red-600 hover:text-red-700 dark:text-red-400`}
          onClick={async () => {
            if (await confirm({ content: t('sidebar.clearConfirm'), danger: true })) {
              stop();
              clearHistory();
              onNavigate($chatStorage.get().active);
            }
          }}
        >
          <Icon name="trash" className="size-4" />
          {t('sidebar.clear')}
        </button>
      </div>
      {confirmElement}
    </nav>
  );
}
