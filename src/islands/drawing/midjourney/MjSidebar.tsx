import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import { $chatStorage } from '../../../stores/chat-storage';
import { deleteMjChat, newMjChat, setMjActive } from './mj-actions';

/** The image conversations (mjHistory): new, select, delete with confirmation. */
export function MjSidebar({ confirmDelete, onPick }: { confirmDelete: () => Promise<boolean>; onPick: () => void }) {
  const { t } = useTranslation('draw');
  const { mjHistory, mjActive } = useStore($chatStorage);
  return (
    <div className="flex h-full flex-col gap-3 p-3">
      <button
        type="button"
        onClick={() => {
          newMjChat();
          onPick();
        }}
        className="rounded-xl bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700"
      >
        {t('mj.new')}
      </button>
      <ul className="min-h-0 flex-1 space-y-1 overflow-y-auto" aria-label={t('mj.history')}>
        {mjHistory.map((h) => (
          <li key={h.uuid} className="group flex items-center gap-1">
            <button
              type="button"
              aria-current={h.uuid === mjActive ? 'true' : undefined}
              onClick={() => {
                setMjActive(h.uuid);
                onPick();
              }}
              className="min-w-0 flex-1 truncate rounded-lg px-3 py-2 text-left text-sm text-slate-700 hover:bg-slate-100 aria-[current=true]:bg-brand-50 aria-[current=true]:font-medium aria-[current=true]:text-brand-700 dark:text-slate-200 dark:hover:bg-slate-800 dark:aria-[current=true]:bg-brand-500/15 dark:aria-[current=true]:text-brand-100"
            >
              {h.title}
            </button>
            <button
              type="button"
              aria-label={t('mj.delete', { title: h.title })}
              onClick={async () => {
                if (await confirmDelete()) deleteMjChat(h.uuid);
              }}
              className="rounded-lg px-2 py-1 text-xs text-slate-500 dark:text-slate-400 hover:bg-red-50 hover:text-red-600 dark:hover:bg-red-950"
            >
              ✕
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
