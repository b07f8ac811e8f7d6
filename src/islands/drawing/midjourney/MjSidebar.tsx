import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import { ConversationList } from '../../../components/conversation/ConversationList';
import { $chatStorage } from '../../../stores/chat-storage';
import { clearMjHistory, deleteMjChat, newMjChat, setMjActive, updateMjHistory } from './mj-actions';

/** The image conversations (mjHistory), in the chat's own sidebar: new, select, rename, delete, clear all. */
export function MjSidebar({ onPick }: { onPick: () => void }) {
  const { t } = useTranslation('drawing');
  const { mjHistory, mjActive } = useStore($chatStorage);
  return (
    <ConversationList
      label={t('mj.history')}
      newLabel={t('mj.new')}
      items={mjHistory}
      active={mjActive}
      onNew={() => {
        newMjChat();
        onPick();
      }}
      onSelect={(uuid) => {
        setMjActive(uuid);
        onPick();
      }}
      onUpdate={updateMjHistory}
      onDelete={deleteMjChat}
      onClear={clearMjHistory}
    />
  );
}
