import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatAttachment } from '../../shared/contract/chat';
import { attachmentUrl } from './attach-upload';

export const formatSize = (bytes: number) =>
  bytes < 1024
    ? `${bytes} B`
    : bytes < 1024 * 1024
      ? `${Math.round(bytes / 1024)} KB`
      : `${(bytes / 1048576).toFixed(1)} MB`;

/** A file's chip: its name, then what is said about it (size, progress, cut) and any controls. */
export function FileChip({ name, testId, children }: { name: string; testId: string; children: ReactNode }) {
  return (
    <span
      data-testid={testId}
      className="inline-flex max-w-64 items-center gap-1.5 rounded-lg bg-white px-2 py-1 text-xs text-slate-700 ring-1 ring-slate-200 dark:bg-slate-900 dark:text-slate-200 dark:ring-slate-700"
    >
      <span className="truncate" title={name}>
        {name}
      </span>
      {children}
    </span>
  );
}

function Thumbnail({ attachment }: { attachment: ChatAttachment }) {
  const { t } = useTranslation();
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void attachmentUrl(attachment.id).then((u) => live && setUrl(u));
    return () => {
      live = false;
    };
  }, [attachment.id]);
  const label = t('attach.image', { name: attachment.name });
  return url ? (
    <img
      src={url}
      alt={label}
      title={label}
      className="size-24 rounded-lg object-cover ring-1 ring-slate-200 dark:ring-slate-700"
    />
  ) : (
    <span role="img" aria-label={label} className="block size-24 rounded-lg bg-slate-200 dark:bg-slate-800" />
  );
}

/** A sent question's pictures (thumbnails, owner-only) and documents (chips: name, size, cut). */
export function MessageAttachments({ attachments }: { attachments: ChatAttachment[] | undefined }) {
  const { t } = useTranslation();
  if (!attachments?.length) return null;
  return (
    <div className="mb-2 flex flex-wrap justify-end gap-2" data-testid="message-attachments">
      {attachments.map((a) =>
        a.kind === 'image' ? (
          <Thumbnail key={a.id} attachment={a} />
        ) : (
          <FileChip key={a.id} name={a.name} testId="file-chip">
            <span className="shrink-0 text-slate-500 dark:text-slate-400">{formatSize(a.size)}</span>
            {a.truncated && (
              <span
                className="shrink-0 rounded bg-amber-100 px-1 text-amber-800 dark:bg-amber-900 dark:text-amber-200"
                title={t('attach.truncatedHint')}
              >
                {t('attach.truncated')}
              </span>
            )}
          </FileChip>
        ),
      )}
    </div>
  );
}
