import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { $token } from '../../stores/auth';
import { $chatSources, MAX_CHAT_KNOWLEDGE_BASES } from '../../stores/chat-sources';
import { type KnowledgeBase, listBases } from '../knowledge/knowledge-api';

/**
 * The composer's choice of knowledge bases the next questions draw on (docs/knowledge.md): writes
 * `$chatSources.knowledgeBaseIds`, which the chat sends with each question. Bases are read when the
 * menu opens; a picked base that no longer exists is dropped then. Members only (visitors have none).
 */
export function KnowledgePicker({ className }: { className: string }) {
  const { t } = useTranslation('knowledge');
  const token = useStore($token);
  const sources = useStore($chatSources);
  const [open, setOpen] = useState(false);
  const [bases, setBases] = useState<KnowledgeBase[] | null>(null);
  const box = useRef<HTMLDivElement>(null);
  const picked = sources.knowledgeBaseIds;

  useEffect(() => {
    if (!open) return;
    void listBases().then((r) => {
      if (r.kind !== 'reply') return;
      setBases(r.data.bases);
      const known = new Set(r.data.bases.map((b) => b.id));
      const kept = $chatSources.get().knowledgeBaseIds.filter((id) => known.has(id));
      if (kept.length !== $chatSources.get().knowledgeBaseIds.length)
        $chatSources.set({ ...$chatSources.get(), knowledgeBaseIds: kept });
    });
    const onDown = (e: PointerEvent) => {
      if (!box.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  if (!token) return null;
  const toggle = (id: number) => {
    const now = $chatSources.get();
    const ids = now.knowledgeBaseIds.includes(id)
      ? now.knowledgeBaseIds.filter((x) => x !== id)
      : [...now.knowledgeBaseIds, id].slice(0, MAX_CHAT_KNOWLEDGE_BASES);
    $chatSources.set({ ...now, knowledgeBaseIds: ids });
  };
  const names = (bases ?? []).filter((b) => picked.includes(b.id)).map((b) => b.name);

  return (
    <div ref={box} className="relative" data-knowledge-picker>
      <button
        type="button"
        className={`${className} ${picked.length > 0 ? 'text-brand-700 dark:text-brand-300' : ''}`}
        aria-haspopup="true"
        aria-expanded={open}
        title={names.length > 0 ? names.join('、') : t('picker.title')}
        onClick={() => setOpen(!open)}
      >
        <svg
          viewBox="0 0 24 24"
          className="size-4"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          aria-hidden="true"
        >
          <path d="M4 19.5v-14A2.5 2.5 0 0 1 6.5 3H20v14H6.5A2.5 2.5 0 0 0 4 19.5zm0 0A2.5 2.5 0 0 0 6.5 22H20v-5" />
        </svg>
        {picked.length > 0 ? t('picker.count', { count: picked.length }) : t('picker.label')}
      </button>
      {open && (
        <fieldset className="absolute bottom-full left-0 z-40 mb-1 w-64 rounded-xl bg-white p-2 shadow-lg ring-1 ring-slate-900/10 dark:bg-slate-900 dark:ring-white/10">
          <legend className="sr-only">{t('picker.title')}</legend>
          <p className="px-2 pb-1 text-xs text-slate-600 dark:text-slate-300">
            {t('picker.title')} · {t('picker.max', { max: MAX_CHAT_KNOWLEDGE_BASES })}
          </p>
          {bases !== null && bases.length === 0 && (
            <p className="px-2 py-2 text-sm text-slate-600 dark:text-slate-300">{t('picker.none')}</p>
          )}
          {(bases ?? []).map((b) => (
            <label
              key={b.id}
              className="flex cursor-pointer items-center gap-2 rounded-lg px-2 py-1.5 text-sm text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
            >
              <input
                type="checkbox"
                checked={picked.includes(b.id)}
                disabled={!picked.includes(b.id) && picked.length >= MAX_CHAT_KNOWLEDGE_BASES}
                onChange={() => toggle(b.id)}
              />
              <span className="truncate">{b.name}</span>
            </label>
          ))}
          <a
            href="/knowledge"
            className="mt-1 block px-2 py-1 text-xs text-brand-700 hover:underline dark:text-brand-300"
          >
            {t('picker.manage')}
          </a>
        </fieldset>
      )}
    </div>
  );
}
