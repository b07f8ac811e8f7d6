import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/button-styles';
import { useConfirm } from '../../components/Confirm';
import { toast } from '../../lib/toast';
import type { KnowledgeFileStatus } from '../../shared/contract/knowledge';
import { addUrl, deleteFile, formatBytes, type KnowledgeBase, type KnowledgeFile, uploadFile } from './knowledge-api';

const input =
  'min-w-0 flex-1 rounded-xl border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-900';

const STATUS_TONE: Record<KnowledgeFileStatus, string> = {
  queued: 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200',
  parsing: 'bg-amber-50 text-amber-800 dark:bg-amber-900/40 dark:text-amber-200',
  chunking: 'bg-amber-50 text-amber-800 dark:bg-amber-900/40 dark:text-amber-200',
  indexing: 'bg-sky-50 text-sky-800 dark:bg-sky-900/40 dark:text-sky-200',
  ready: 'bg-emerald-50 text-emerald-800 dark:bg-emerald-900/40 dark:text-emerald-200',
  failed: 'bg-red-50 text-red-800 dark:bg-red-900/40 dark:text-red-200',
};

interface Props {
  base: KnowledgeBase;
  files: KnowledgeFile[] | null;
  maxBytesText: string;
  put(file: KnowledgeFile): void;
  drop(id: number): void;
  changed(): void;
}

/** A base's files: upload (with progress), add a page, each file's live status, delete. */
export function BaseFiles({ base, files, maxBytesText, put, drop, changed }: Props) {
  const { t } = useTranslation();
  const { confirm, confirmElement } = useConfirm();
  const [uploads, setUploads] = useState<Array<{ name: string; share: number }>>([]);
  const [url, setUrl] = useState('');
  const [adding, setAdding] = useState(false);
  const picker = useRef<HTMLInputElement>(null);

  const upload = async (list: FileList | null) => {
    for (const file of Array.from(list ?? [])) {
      setUploads((u) => [...u, { name: file.name, share: 0 }]);
      const r = await uploadFile(base.id, file, (share) =>
        setUploads((u) => u.map((x) => (x.name === file.name ? { ...x, share } : x))),
      );
      setUploads((u) => u.filter((x) => x.name !== file.name));
      if (r.ok) put(r.file);
      else toast.error(r.message || t('fail.unknown'));
    }
    if (picker.current) picker.current.value = '';
    changed();
  };

  const submitUrl = async (e: FormEvent) => {
    e.preventDefault();
    setAdding(true);
    const r = await addUrl(base.id, url.trim());
    setAdding(false);
    if (r.kind === 'reply') {
      put(r.data);
      setUrl('');
      changed();
    } else if (r.kind === 'business') toast.error(r.result);
  };

  return (
    <section aria-label={t('filesOf', { name: base.name })} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-3">
        <label className={buttonClass('primary', 'cursor-pointer')}>
          {t('upload')}
          <input
            ref={picker}
            type="file"
            multiple
            accept=".pdf,.docx,.txt,.md,.markdown,.html,.htm"
            className="sr-only"
            data-testid="knowledge-upload"
            onChange={(e) => void upload(e.currentTarget.files)}
          />
        </label>
        <span className="text-xs text-slate-500 dark:text-slate-400">{t('uploadHint', { max: maxBytesText })}</span>
      </div>
      <form onSubmit={(e) => void submitUrl(e)} className="flex gap-2">
        <label className="sr-only" htmlFor={`kb-url-${base.id}`}>
          {t('urlLabel')}
        </label>
        <input
          id={`kb-url-${base.id}`}
          type="url"
          required
          maxLength={2000}
          placeholder={t('urlPlaceholder')}
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          className={input}
        />
        <button type="submit" disabled={adding} className={buttonClass('secondary')}>
          {t('addUrl')}
        </button>
      </form>
      {uploads.map((u) => (
        <div key={u.name} className="text-sm text-slate-600 dark:text-slate-300">
          {u.name} · {Math.round(u.share * 100)}%
        </div>
      ))}
      {files !== null && files.length === 0 && uploads.length === 0 && (
        <p className="py-6 text-center text-sm text-slate-500 dark:text-slate-400">{t('filesEmpty')}</p>
      )}
      <ul className="flex flex-col gap-2">
        {(files ?? []).map((f) => (
          <li
            key={f.id}
            data-file={f.name}
            className="flex items-start gap-3 rounded-xl bg-slate-50 px-3 py-2 dark:bg-slate-800/60"
          >
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm font-medium text-slate-900 dark:text-white" title={f.sourceUrl ?? f.name}>
                {f.name}
              </p>
              <p className="text-xs text-slate-500 dark:text-slate-400">
                {t('fileStats', { size: formatBytes(f.size), chunks: f.chunks })}
                {f.truncated && ` · ${t('truncated')}`}
              </p>
              {f.failReason && <p className="text-xs text-red-700 dark:text-red-300">{f.failReason}</p>}
            </div>
            <span
              className={`shrink-0 rounded-full px-2 py-0.5 text-xs ${STATUS_TONE[f.status]}`}
              data-status={f.status}
            >
              {t(`status.${f.status}`)}
            </span>
            <button
              type="button"
              className="shrink-0 text-xs text-red-700 hover:underline dark:text-red-300"
              onClick={async () => {
                if (!(await confirm({ content: t('confirmDeleteFile', { name: f.name }), danger: true }))) return;
                const r = await deleteFile(base.id, f.id);
                if (r.kind === 'reply') {
                  drop(f.id);
                  changed();
                } else if (r.kind === 'business') toast.error(r.result);
              }}
            >
              {t('delete')}
            </button>
          </li>
        ))}
      </ul>
      {confirmElement}
    </section>
  );
}
