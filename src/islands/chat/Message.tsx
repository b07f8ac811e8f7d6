import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { IconButton } from '../../components/conversation/icons';
import { messageAction as action, MessageFrame } from '../../components/conversation/MessageFrame';
import type { ChatMessage } from '../../stores/chat-storage';
import { ReadAloud } from './ReadAloud';

// marked loads with the first answer shown, not with an empty chat page.
const Markdown = lazy(() => import('./Markdown').then((m) => ({ default: m.Markdown })));

export interface MessageProps {
  message: ChatMessage;
  onCopy(): void;
  onDelete(): void;
  onRegenerate?: () => void;
  busy: boolean;
}

/** One message: the person's on the right as text, the assistant's on the left as Markdown. */
export function Message({ message, onCopy, onDelete, onRegenerate, busy }: MessageProps) {
  const { t } = useTranslation();
  const mine = message.inversion;
  const streaming = Boolean(message.loading);
  return (
    <MessageFrame
      mine={mine}
      dateTime={message.dateTime}
      meta={message.model}
      error={Boolean(message.error)}
      actions={
        <>
          <IconButton icon="copy" label={t('message.copy')} className={action} onClick={onCopy} />
          {!mine && <ReadAloud text={message.text} className={action} disabled={streaming || !message.text} />}
          {onRegenerate && (
            <IconButton
              icon="regenerate"
              label={t('message.regenerate')}
              className={action}
              onClick={onRegenerate}
              disabled={busy}
            />
          )}
          <IconButton
            icon="trash"
            label={t('message.delete')}
            className={action}
            onClick={onDelete}
            disabled={streaming}
          />
        </>
      }
    >
      {mine ? (
        message.text
      ) : streaming && !message.text ? (
        <span className="inline-flex items-center gap-1 py-2" role="status" aria-label={t('message.thinking')}>
          <span className="size-2 animate-bounce rounded-full bg-brand-500 motion-reduce:animate-none" />
          <span className="size-2 animate-bounce rounded-full bg-brand-500 [animation-delay:120ms] motion-reduce:animate-none" />
          <span className="size-2 animate-bounce rounded-full bg-brand-500 [animation-delay:240ms] motion-reduce:animate-none" />
        </span>
      ) : (
        <Suspense fallback={<p className="whitespace-pre-wrap">{message.text}</p>}>
          <Markdown text={message.text + (streaming ? ' ▍' : '')} streaming={streaming} />
        </Suspense>
      )}
    </MessageFrame>
  );
}
