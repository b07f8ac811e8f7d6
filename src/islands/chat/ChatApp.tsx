import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/conversation/icons';
import { inSeparateTasks } from '../../lib/idle';
import { useDrawerContent } from '../../lib/use-drawer-content';
import { $appSetting, setSiderCollapsed } from '../../stores/app-setting';
import { setActive } from '../../stores/chat-actions';
import { $chatStorage, shownTitle } from '../../stores/chat-storage';
import { Composer } from './Composer';
import { fetchModels, fetchQuota } from './chat-api';
import { $draft, $models, $quota } from './chat-state';
import { MessageList } from './MessageList';
import { ShareButton } from './ShareButton';
import { Sidebar } from './Sidebar';
import { startSync } from './sync';
import { UploadOffer } from './UploadOffer';
import { Welcome } from './Welcome';

export interface ChatAppProps {
  /** The uuid in the address (/chat/:uuid), if any. */
  initialUuid: number | null;
  /** The chat page's banners (notices of page 'chat', e.g. 'new chat models'), rendered by the server. */
  notices?: Array<{ noticeId: number; content: string }>;
}

/** One slim line above the messages, so a banner never costs the conversation much room; the page's fallback copies it. */
export const NOTICE_STRIP =
  'shrink-0 space-y-1 border-b border-brand-100 bg-brand-50 px-4 py-1.5 text-xs text-brand-800 dark:border-brand-500/20 dark:bg-brand-500/10 dark:text-brand-100';

function go(uuid: number | null) {
  const path = uuid === null ? '/chat' : `/chat/${uuid}`;
  if (location.pathname !== path) history.replaceState(history.state, '', path);
}

export function ChatApp({ initialUuid, notices = [] }: ChatAppProps) {
  const { t } = useTranslation();
  const storage = useStore($chatStorage);
  const { siderCollapsed } = useStore($appSetting);
  const [drawer, setDrawer] = useState(false);
  // On a phone the sidebar is a shut drawer: rendered when first opened.
  const sidebar = useDrawerContent(drawer);
  const active = storage.history.find((h) => h.uuid === storage.active) ?? null;
  const messages = storage.chat.find((c) => c.uuid === storage.active)?.data ?? [];

  useEffect(() => {
    if (initialUuid !== null && $chatStorage.get().history.some((h) => h.uuid === initialUuid)) setActive(initialUuid);
    go($chatStorage.get().active);
    const target = new URLSearchParams(location.search).get('message');
    if (target) setTimeout(() => document.getElementById(`msg-${target}`)?.scrollIntoView({ block: 'center' }), 50);
    // The first view needs none of these: each in a later task, so the mount's effects stay one short task.
    return inSeparateTasks(
      startSync,
      () => void fetchModels().then((m) => m && $models.set(m)),
      () => void fetchQuota().then((q) => q && $quota.set(q)),
    );
  }, [initialUuid]);

  const navigate = (uuid: number | null) => {
    go(uuid);
    setDrawer(false);
  };
  const suggestions = [t('empty.s1'), t('empty.s2'), t('empty.s3'), t('empty.s4')];

  return (
    <div className="relative flex h-full min-h-0 overflow-hidden rounded-none bg-slate-50 md:rounded-2xl md:ring-1 md:ring-slate-200 dark:bg-slate-950 md:dark:ring-slate-800">
      {drawer && (
        <button
          type="button"
          aria-label={t('sidebar.close')}
          className="absolute inset-0 z-20 bg-slate-950/40 md:hidden"
          onClick={() => setDrawer(false)}
        />
      )}
      <aside
        className={`absolute inset-y-0 left-0 z-30 w-72 border-r border-slate-200 bg-white transition-transform duration-200 motion-reduce:transition-none dark:border-slate-800 dark:bg-slate-900 md:static md:z-auto md:translate-x-0 ${
          drawer ? 'translate-x-0' : '-translate-x-full'
        } ${siderCollapsed ? 'md:hidden' : 'md:w-64'}`}
        aria-label={t('sidebar.label')}
      >
        {sidebar && <Sidebar onNavigate={navigate} />}
      </aside>
      <section className="flex min-w-0 flex-1 flex-col">
        <header className="flex h-12 shrink-0 items-center gap-2 border-b border-slate-200 px-2 dark:border-slate-800">
          <button
            type="button"
            className="inline-flex size-9 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
            aria-label={t('sidebar.toggle')}
            aria-expanded={drawer || !siderCollapsed}
            onClick={() =>
              window.matchMedia('(min-width: 768px)').matches ? setSiderCollapsed(!siderCollapsed) : setDrawer(!drawer)
            }
          >
            <Icon name="menu" className="size-5" />
          </button>
          <h1
            className="min-w-0 flex-1 truncate text-sm font-semibold text-slate-800 dark:text-slate-100"
            title={active ? shownTitle(active.title, t) : undefined}
          >
            {active ? shownTitle(active.title, t) : t('title')}
          </h1>
          <ShareButton uuid={storage.active} disabled={messages.length === 0} />
        </header>
        {notices.length > 0 && (
          <aside aria-label={t('notices')} className={NOTICE_STRIP}>
            {notices.map((n) => (
              <p key={n.noticeId} data-notice={n.noticeId}>
                {n.content}
              </p>
            ))}
          </aside>
        )}
        <div className="min-h-0 flex-1 overflow-y-auto" data-chat-scroll>
          <div data-chat-messages className="min-h-full">
            <MessageList
              uuid={storage.active ?? 0}
              messages={messages}
              empty={
                <Welcome
                  title={active?.templateId ? active.title : t('empty.title')}
                  body={active?.templateId ? active.description || t('empty.appHint') : t('empty.body')}
                  suggestions={active?.templateId ? [] : suggestions}
                  onPick={(text) => $draft.set({ text, at: Date.now() })}
                />
              }
            />
          </div>
        </div>
        <Composer uuid={storage.active} />
      </section>
      <UploadOffer />
    </div>
  );
}
