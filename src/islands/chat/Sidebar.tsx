import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import { ConversationList, footerLink } from '../../components/conversation/ConversationList';
import { Icon } from '../../components/conversation/icons';
import { $token } from '../../stores/auth';
import { clearHistory, deleteHistory, deleteLater, newChat, setActive, updateHistory } from '../../stores/chat-actions';
import { $chatStorage } from '../../stores/chat-storage';
import { ChatSearch } from './ChatSearch';
import { stop } from './controller';
import { $sharesOpen } from './share-api';

/** Deleting from the history is debounced by 600 ms (docs/routes-and-screens.md). */
export const DELETE_DEBOUNCE_MS = 600;

export function Sidebar({ onNavigate }: { onNavigate(uuid: number | null): void }) {
  const { t } = useTranslation();
  const { history, active } = useStore($chatStorage);
  const token = useStore($token);

  // Leaving the page within the debounce still deletes (islands/chat/sync.ts commits it on pagehide).
  const remove = (uuid: number) =>
    deleteLater(() => {
      if ($chatStorage.get().active === uuid) stop();
      deleteHistory(uuid);
      onNavigate($chatStorage.get().active);
    }, DELETE_DEBOUNCE_MS);

  const open = (uuid: number) => {
    // A synced conversation not on this device yet opens by its address (the page loads it).
    if (!$chatStorage.get().history.some((h) => h.uuid === uuid)) return location.assign(`/chat/${uuid}`);
    setActive(uuid);
    onNavigate(uuid);
  };

  return (
    <nav aria-label={t('sidebar.label')} className="flex h-full flex-col">
      <ChatSearch onOpen={open} />
      <div className="min-h-0 flex-1">
        <ConversationList
          label={t('sidebar.history')}
          newLabel={t('sidebar.newChat')}
          items={history}
          active={active}
          onNew={() => onNavigate(newChat())}
          onSelect={open}
          onUpdate={updateHistory}
          onDelete={remove}
          onClear={() => {
            stop();
            clearHistory();
            onNavigate($chatStorage.get().active);
          }}
        >
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
          {token && (
            <button type="button" className={footerLink} onClick={() => $sharesOpen.set({ open: true })}>
              <Icon name="share" className="size-4" />
              {t('share.mine')}
            </button>
          )}
        </ConversationList>
      </div>
    </nav>
  );
}
