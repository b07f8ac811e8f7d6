import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/conversation/icons';
import { messageAction } from '../../components/conversation/MessageFrame';
import type { ChatMessage } from '../../stores/chat-storage';
import { pagerOf } from '../../stores/chat-variants';
import type { ChatTexts } from './controller';
import { MessageEditor } from './MessageEditor';
import { continueAnswer, editAndResend, showVersion } from './versions';

const pagerButton =
  'inline-flex size-7 items-center justify-center rounded-full text-base leading-none text-slate-600 hover:bg-slate-200/70 hover:text-slate-900 disabled:opacity-40 dark:text-slate-300 dark:hover:bg-slate-800';

/** ‹ 1/2 ›: flips between the versions of a message (answers regenerated, questions edited). */
export function VersionPager({
  message,
  disabled,
  onFlip,
}: {
  message: ChatMessage;
  disabled: boolean;
  onFlip(index: number): void;
}) {
  const { t } = useTranslation();
  const pager = pagerOf(message);
  if (!pager) return null;
  const { position, count } = pager;
  return (
    <fieldset
      aria-label={t('variants.label')}
      className="inline-flex items-center text-xs text-slate-600 dark:text-slate-400"
      data-pager
    >
      <button
        type="button"
        className={pagerButton}
        aria-label={t('variants.prev')}
        title={t('variants.prev')}
        disabled={disabled || position <= 1}
        onClick={() => onFlip(position - 2)}
      >
        ‹
      </button>
      <span aria-hidden="true" className="min-w-8 text-center tabular-nums" data-pager-position>
        {position}/{count}
      </span>
      <span className="sr-only">{t('variants.position', { n: position, count })}</span>
      <button
        type="button"
        className={pagerButton}
        aria-label={t('variants.next')}
        title={t('variants.next')}
        disabled={disabled || position >= count}
        onClick={() => onFlip(position)}
      >
        ›
      </button>
    </fieldset>
  );
}

const focusEdit = (id: string) =>
  requestAnimationFrame(() => document.querySelector<HTMLElement>(`[id="msg-${id}"] [data-edit]`)?.focus());

/**
 * What versions add to each message of the list (docs/chat.md#variants): the inline editor in place of
 * a question being edited, an 编辑 action on questions, and, always visible, the pager and 继续.
 */
export function useMessageVersions(uuid: number, messages: ChatMessage[], busy: boolean, texts: ChatTexts) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<string | null>(null);
  const lastId = messages.at(-1)?.id;

  const editor = (m: ChatMessage): ReactNode | null =>
    editing === m.id && m.inversion ? (
      <MessageEditor
        initial={m.text}
        onCancel={() => {
          setEditing(null);
          focusEdit(m.id);
        }}
        onSave={(text) => {
          setEditing(null);
          void editAndResend(uuid, m.id, text, texts);
        }}
      />
    ) : null;

  const tools = (m: ChatMessage): ReactNode =>
    m.inversion ? (
      <button
        type="button"
        data-edit
        className={messageAction}
        aria-label={t('message.edit')}
        title={t('message.edit')}
        disabled={busy}
        onClick={() => setEditing(m.id)}
      >
        <Icon name="edit" className="size-4" />
      </button>
    ) : null;

  const aside = (m: ChatMessage): ReactNode => {
    const canContinue = !m.inversion && m.cut && !m.loading && !m.error && m.id === lastId;
    if (!m.variants?.length && !canContinue) return null;
    return (
      <>
        <VersionPager message={m} disabled={busy} onFlip={(index) => showVersion(uuid, m.id, index)} />
        {canContinue && (
          <button
            type="button"
            disabled={busy}
            onClick={() => void continueAnswer(uuid, m.id, texts)}
            className="inline-flex h-7 items-center gap-1 rounded-full px-2.5 text-xs font-medium text-brand-700 ring-1 ring-brand-200 hover:bg-brand-50 disabled:opacity-40 dark:text-brand-300 dark:ring-brand-500/40 dark:hover:bg-brand-500/10"
          >
            <Icon name="send" className="size-3.5" />
            {t('message.continue')}
          </button>
        )}
      </>
    );
  };

  return { editor, tools, aside };
}
