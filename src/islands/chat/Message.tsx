import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { IconButton } from '../../components/conversation/icons';
import { messageAction as action, MessageFrame } from '../../components/conversation/MessageFrame';
import { citationAnchor, linkCitations } from '../../shared/citation-links';
import type { ChatMessage } from '../../stores/chat-storage';
import { AnswerUsage } from './AnswerUsage';
import { MessageAttachments } from './MessageAttachments';
import { MessageSources } from './MessageSources';
import { ReadAloud } from './ReadAloud';
import { Reasoning } from './Reasoning';
import { ToolSteps } from './ToolSteps';

// marked loads with the first answer shown, not with an empty chat page.
const Markdown = lazy(() => import('./Markdown').then((m) => ({ default: m.Markdown })));

export interface MessageProps {
  message: ChatMessage;
  onCopy(): void;
  onDelete(): void;
  onRegenerate?: () => void;
  busy: boolean;
  /** More actions after copy (编辑), and controls that stay visible (‹ 1/2 ›, 继续): MessageVersions.tsx. */
  tools?: ReactNode;
  aside?: ReactNode;
}

/** One message: the person's on the right as text, the assistant's on the left as Markdown. */
export function Message({ message, onCopy, onDelete, onRegenerate, busy, tools, aside }: MessageProps) {
  const { t } = useTranslation();
  const mine = message.inversion;
  const streaming = Boolean(message.loading);
  const citations = mine ? [] : (message.citations ?? []);
  const known = new Set(citations.map((c) => c.n));
  const shown = linkCitations(message.text, known, (n) => citationAnchor(message.id, n));
  return (
    <MessageFrame
      mine={mine}
      dateTime={message.dateTime}
      meta={message.usage ? undefined : message.model}
      error={Boolean(message.error)}
      aside={aside}
      actions={
        <>
          <IconButton icon="copy" label={t('message.copy')} className={action} onClick={onCopy} />
          {!mine && <ReadAloud text={message.text} className={action} disabled={streaming || !message.text} />}
          {tools}
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
      {!mine && message.reasoning && (
        <Reasoning text={message.reasoning} thinking={streaming && !message.text} thinkMs={message.thinkMs} />
      )}
      {!mine && message.tools?.length ? <ToolSteps steps={message.tools} /> : null}
      {mine ? (
        <>
          <MessageAttachments attachments={message.attachments} />
          {message.text}
        </>
      ) : streaming && !message.text ? (
        !message.reasoning &&
        !message.tools?.length && (
          <span className="inline-flex items-center gap-1 py-2" role="status" aria-label={t('message.thinking')}>
            <span className="size-2 animate-bounce rounded-full bg-brand-500 motion-reduce:animate-none" />
            <span className="size-2 animate-bounce rounded-full bg-brand-500 [animation-delay:120ms] motion-reduce:animate-none" />
            <span className="size-2 animate-bounce rounded-full bg-brand-500 [animation-delay:240ms] motion-reduce:animate-none" />
          </span>
        )
      ) : (
        <Suspense fallback={<p className="whitespace-pre-wrap">{message.text}</p>}>
          <Markdown text={shown + (streaming ? ' ▍' : '')} streaming={streaming} />
        </Suspense>
      )}
      {citations.length > 0 && <MessageSources messageId={message.id} citations={citations} />}
      {!mine && !streaming && <AnswerUsage message={message} />}
    </MessageFrame>
  );
}
