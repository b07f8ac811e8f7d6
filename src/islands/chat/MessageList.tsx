import { useStore } from '@nanostores/react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLazyConfirm as useConfirm } from '../../components/lazy-confirm';
import { copyText } from '../../lib/clipboard';
import { toast } from '../../lib/toast';
import { deleteMessage } from '../../stores/chat-actions';
import type { ChatMessage } from '../../stores/chat-storage';
import { $pending } from './chat-state';
import { regenerate } from './controller';
import { copiedText } from './export';
import { Message } from './Message';
import { useMessageVersions } from './MessageVersions';
import { useChatTexts } from './use-chat-texts';

export function MessageList({
  uuid,
  messages,
  empty,
}: {
  uuid: number;
  messages: ChatMessage[];
  empty: React.ReactNode;
}) {
  const { t } = useTranslation();
  const pending = useStore($pending);
  const texts = useChatTexts();
  const { confirm, confirmElement } = useConfirm();
  const versions = useMessageVersions(uuid, messages, Boolean(pending), texts);
  const end = useRef<HTMLDivElement>(null);
  const stick = useRef(true);
  const last = messages.at(-1);

  // Follow the stream unless the reader has scrolled up.
  useEffect(() => {
    const box = end.current?.parentElement?.parentElement;
    if (!box) return;
    const onScroll = () => {
      stick.current = box.scrollHeight - box.scrollTop - box.clientHeight < 80;
    };
    box.addEventListener('scroll', onScroll, { passive: true });
    return () => box.removeEventListener('scroll', onScroll);
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll again whenever the last answer (or its reasoning) grows or a message arrives.
  useEffect(() => {
    if (stick.current) end.current?.scrollIntoView({ block: 'end' });
  }, [last?.text, last?.reasoning, messages.length]);

  if (messages.length === 0) return <>{empty}</>;
  return (
    <div
      className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-3 py-6 md:px-6"
      aria-live="polite"
      aria-busy={Boolean(pending)}
    >
      {messages.map((m) => (
        <div key={m.id} id={`msg-${m.id}`}>
          {versions.editor(m) ?? (
            <Message
              message={m}
              busy={Boolean(pending)}
              tools={versions.tools(m)}
              aside={versions.aside(m)}
              onCopy={async () => {
                const ok = await copyText(copiedText(m, t('export.aiNotice')));
                if (ok) toast.success(t('message.copied'));
                else toast.error(t('message.copyFailed'));
              }}
              onDelete={async () => {
                if (await confirm({ content: t('message.deleteConfirm'), danger: true })) deleteMessage(uuid, m.id);
              }}
              onRegenerate={m.inversion ? undefined : () => void regenerate(uuid, m.id, texts)}
            />
          )}
        </div>
      ))}
      <div ref={end} />
      {confirmElement}
    </div>
  );
}
