import { useStore } from '@nanostores/react';
import { type ClipboardEvent, type DragEvent, useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { openLogin } from '../../lib/login-event';
import { toast } from '../../lib/toast';
import { $token } from '../../stores/auth';
import { $attachBlock, $attachments, addFiles, MAX_ATTACHMENTS, removeAttachment } from './attach-state';
import { FileChip, formatSize } from './MessageAttachments';

const ACCEPT = 'image/jpeg,image/png,image/webp,image/gif,.pdf,.docx,.txt,.md,.markdown,.csv';

/** Adds files, or asks a visitor to log in first; failures and the limit show as toasts. */
function useAdd() {
  const { t } = useTranslation();
  const token = useStore($token);
  return useCallback(
    (files: File[]) => {
      if (files.length === 0) return;
      if (!token) {
        toast.info(t('attach.signIn'));
        openLogin();
        return;
      }
      const left = addFiles(files, (name, message) =>
        toast.error(t('attach.failed', { name, message: message || t('error.upstream') })),
      );
      if (left > 0) toast.warning(t('attach.tooMany', { count: MAX_ATTACHMENTS }));
    },
    [t, token],
  );
}

/** The composer's picker button. */
export function AttachButton({ className }: { className: string }) {
  const { t } = useTranslation();
  const add = useAdd();
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <button type="button" className={className} onClick={() => input.current?.click()} title={t('attach.button')}>
        <svg
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          className="size-4"
          aria-hidden="true"
        >
          <path d="m21.4 11.1-9.2 9.2a6 6 0 0 1-8.5-8.5l9.2-9.2a4 4 0 0 1 5.7 5.7l-9.2 9.2a2 2 0 0 1-2.8-2.8l8.5-8.5" />
        </svg>
        <span className="sr-only md:not-sr-only">{t('attach.button')}</span>
      </button>
      <input
        ref={input}
        type="file"
        multiple
        accept={ACCEPT}
        className="hidden"
        data-testid="attach-input"
        onChange={(e) => {
          add([...(e.target.files ?? [])]);
          e.target.value = '';
        }}
      />
    </>
  );
}

/** Paste and drag-and-drop of files into the composer's form. */
export function useAttachInput() {
  const add = useAdd();
  const [dragging, setDragging] = useState(false);
  const hasFiles = (e: DragEvent) => [...e.dataTransfer.types].includes('Files');
  return {
    dragging,
    onPaste(e: ClipboardEvent) {
      const files = [...e.clipboardData.files];
      if (files.length === 0) return; // plain text pastes as usual
      e.preventDefault();
      add(files);
    },
    onDragOver(e: DragEvent) {
      if (!hasFiles(e)) return;
      e.preventDefault();
      setDragging(true);
    },
    onDragLeave() {
      setDragging(false);
    },
    onDrop(e: DragEvent) {
      if (!hasFiles(e)) return;
      e.preventDefault();
      setDragging(false);
      add([...e.dataTransfer.files]);
    },
  };
}

/** Chips of the files waiting for the next question, and why sending waits (uploads, a model without vision). */
export function PendingAttachments() {
  const { t } = useTranslation();
  const list = useStore($attachments);
  const block = useStore($attachBlock);
  if (list.length === 0) return null;
  return (
    <div className="pb-2">
      <ul className="flex flex-wrap gap-2" aria-label={t('attach.pending')}>
        {list.map((a) => (
          <li key={a.key}>
            <FileChip name={a.name} testId="pending-attachment">
              <span className="shrink-0 text-slate-500 dark:text-slate-400">
                {a.attachment ? formatSize(a.size) : `${Math.round(a.progress * 100)}%`}
              </span>
              {!a.attachment && <span className="sr-only">{t('attach.uploading', { name: a.name })}</span>}
              <button
                type="button"
                className="shrink-0 rounded px-1 text-slate-500 hover:bg-slate-100 hover:text-slate-900 dark:hover:bg-slate-800 dark:hover:text-white"
                aria-label={t('attach.remove', { name: a.name })}
                onClick={() => removeAttachment(a.key)}
              >
                ×
              </button>
            </FileChip>
          </li>
        ))}
      </ul>
      {block === 'vision' && (
        <p role="alert" className="mt-1.5 text-xs text-amber-700 dark:text-amber-300">
          {t('attach.visionNeeded')}
        </p>
      )}
    </div>
  );
}
