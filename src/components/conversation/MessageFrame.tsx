import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from './icons';

/** Class of the round icon buttons under a message. */
export const messageAction =
  'inline-flex size-8 items-center justify-center rounded-full text-slate-500 transition-colors hover:bg-slate-200/70 hover:text-slate-800 disabled:opacity-40 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white';

function time(ms: number) {
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
}

export interface MessageFrameProps {
  /** The person's own message: right-aligned, brand-coloured. */
  mine: boolean;
  dateTime: number;
  /** Shown after the time on replies (e.g. the model). */
  meta?: string;
  error?: boolean;
  /** The bubble without padding, for a picture. */
  bare?: boolean;
  /** Buttons under the bubble, shown on hover or focus on desktop. */
  actions?: ReactNode;
  /** Controls under the bubble that stay visible (a version pager, continue). */
  aside?: ReactNode;
  children: ReactNode;
}

/** One message of a conversation (chat and image chat): avatar, time, bubble and its actions. */
export function MessageFrame({ mine, dateTime, meta, error, bare, actions, aside, children }: MessageFrameProps) {
  const { t } = useTranslation('chat');
  const tone = mine
    ? 'whitespace-pre-wrap break-words bg-brand-600 text-white'
    : error
      ? 'bg-red-50 text-red-800 ring-1 ring-red-200 dark:bg-red-950/40 dark:text-red-200 dark:ring-red-900'
      : 'bg-white text-slate-800 shadow-xs ring-1 ring-slate-200/80 dark:bg-slate-900 dark:text-slate-100 dark:ring-slate-800';
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
        <time className="text-xs text-slate-600 dark:text-slate-400" dateTime={new Date(dateTime).toISOString()}>
          {time(dateTime)}
          {meta && !mine ? ` · ${meta}` : ''}
        </time>
        <div
          className={`min-w-0 max-w-full rounded-2xl text-[15px] leading-7 ${bare ? 'p-2' : 'px-4 py-2.5'} ${tone}`}
          data-message-text
        >
          {children}
        </div>
        {(actions || aside) && (
          <div className={`flex flex-wrap items-center gap-1 ${mine ? 'flex-row-reverse' : ''}`}>
            {aside}
            {actions && (
              <div className="flex gap-0.5 opacity-100 transition-opacity md:opacity-0 md:group-focus-within:opacity-100 md:group-hover:opacity-100">
                {actions}
              </div>
            )}
          </div>
        )}
      </div>
    </article>
  );
}
