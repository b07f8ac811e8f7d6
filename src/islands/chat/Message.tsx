import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatMessage } from '../../stores/chat-storage';
import { Icon, IconButton } from './icons';

// marked loads with the first answer shown, not with an empty chat page.
const Markdown = lazy(() => import('./Markdown').then((m) => ({ default: m.Markdown })));

export interface MessageProps {
  message: ChatMessage;
  onCopy(): void;
  onDelete(): void;
  onRegenerate?: () => void;
  busy: boolean;
}

const action =
  'inline-flex size-8 items-center justify-center rounded-full text-slate-500 transition-colors hover:bg-slate-200/70 hover:text-slate-800 disabled:opacity-40 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white';

function time(ms: number) {
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
}

/** One message: the person's on the right as text, the assistant's on the left as Markdown. */
export function Message({ message, onCopy, onDelete, onRegenerate, busy }: MessageProps) {
  const { t } = useTranslation();
  const mine = message.inversion;
  const streaming = Boolean(message.loading);
  return (
    <article
      className={`group flex gap-3 ${mine ? 'flex-row-reverse' : ''}`}
      aria-label={mine ? t('message.you') : t('message.assistant')}
      data-role={mine ? 'user' : 'assistant'}
    >
      <div
        className={`mt-1 flex size-9 shrink-0 items-center justify-center rounded-full ${mine ? 'bg-brand-600 text-white' : 'bg-white text-brand-600 ring-1 ring-slate-200 dark:bg-slate-800 dark:text-brand-300 dark:ring-slate-700'}`}
      >
        <Icon name={mine ? 'user' : 'bot'} className="size-5" />
      </div>
      <div className={`flex min-w-0 max-w-[88%] flex-col gap-1 ${mine ? 'items-end' : 'items-start'} md:max-w-[80%]`}>
        <time
          className="text-xs text-slate-600 dark:text-slate-400"
          dateTime={new Date(message.dateTime).toISOString()}
        >
          {time(message.dateTime)}
          {message.model && !mine ? ` · ${message.model}` : ''}
        </time>
        <div
          className={`min-w-0 max-w-full rounded-2xl px-4 py-2.5 text-[15px] leading-7 ${
            mine
              ? 'whitespace-pre-wrap break-words bg-brand-600 text-white'
              : message.error
                ? 'bg-red-50 text-red-800 ring-1 ring-red-200 dark:bg-red-950/40 dark:text-red-200 dark:ring-red-900'
                : 'bg-white text-slate-800 shadow-xs ring-1 ring-slate-200/80 dark:bg-slate-900 dark:text-slate-100 dark:ring-slate-800'
          }`}
          data-message-text
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
        </div>
        <div className="flex gap-0.5 opacity-100 transition-opacity md:opacity-0 md:group-focus-within:opacity-100 md:group-hover:opacity-100">
          <IconButton icon="copy" label={t('message.copy')} className={action} onClick={onCopy} />
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
        </div>
      </div>
    </article>
  );
}
