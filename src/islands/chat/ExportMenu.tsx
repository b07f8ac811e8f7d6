import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/conversation/icons';
import { saveBlob as download } from '../../lib/save-attachment';
import { toast } from '../../lib/toast';
import { $chatStorage } from '../../stores/chat-storage';
import { type ExportInput, toJson, toMarkdown } from './export';
import { labelOperator } from './export-label';

const item =
  'flex w-full items-center gap-2 rounded-lg px-3 py-2 text-left text-sm text-slate-700 hover:bg-slate-100 focus:bg-slate-100 focus:outline-none dark:text-slate-200 dark:hover:bg-slate-800 dark:focus:bg-slate-800';

/** Export the conversation as a Markdown file or as a PNG picture of the messages (renderer loaded on use). */
export function ExportMenu({ uuid, className }: { uuid: number; className: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      if (!box.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', onDown);
    document.addEventListener('keydown', onKey);
    box.current?.querySelector<HTMLButtonElement>('[role="menuitem"]')?.focus();
    return () => {
      document.removeEventListener('pointerdown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const conversation = () => {
    const s = $chatStorage.get();
    return {
      title: s.history.find((h) => h.uuid === uuid)?.title ?? 'chat',
      messages: s.chat.find((c) => c.uuid === uuid)?.data ?? [],
    };
  };
  // A text export names the operator in its label: without it (the server not reached) nothing is saved.
  const asText = async (kind: 'md' | 'json') => {
    setOpen(false);
    const operator = await labelOperator();
    if (!operator) {
      toast.error(t('export.failed'));
      return;
    }
    const input: ExportInput = {
      uuid,
      ...conversation(),
      you: t('message.you'),
      assistant: t('message.assistant'),
      notice: t('export.aiNotice'),
      operator,
    };
    if (kind === 'md') download(`${input.title}.md`, new Blob([toMarkdown(input)], { type: 'text/markdown' }));
    else download(`${input.title}.json`, new Blob([toJson(input)], { type: 'application/json' }));
  };
  const asImage = async () => {
    setOpen(false);
    const node = document.querySelector<HTMLElement>('[data-chat-messages]');
    if (!node) return;
    const busy = toast.info(t('export.rendering'), 0);
    try {
      const { toBlob } = await import('html-to-image');
      const dark = document.documentElement.classList.contains('dark');
      const blob = await toBlob(node, { backgroundColor: dark ? '#020617' : '#f8fafc', pixelRatio: 2 });
      if (!blob) throw new Error('no image');
      download(`${conversation().title}.png`, blob);
      toast.success(t('export.done'));
    } catch {
      toast.error(t('export.failed'));
    } finally {
      busy();
    }
  };
  return (
    <div ref={box} className="relative">
      <button
        type="button"
        className={className}
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        <Icon name="download" className="size-4" />
        {t('export.button')}
      </button>
      {open && (
        <div
          role="menu"
          className="absolute bottom-full left-0 z-40 mb-1 w-44 rounded-xl bg-white p-1 shadow-lg ring-1 ring-slate-900/10 dark:bg-slate-900 dark:ring-white/10"
        >
          <button type="button" role="menuitem" className={item} onClick={() => void asText('md')}>
            <Icon name="download" className="size-4" />
            {t('export.markdown')}
          </button>
          <button type="button" role="menuitem" className={item} onClick={() => void asText('json')}>
            <Icon name="download" className="size-4" />
            {t('export.json')}
          </button>
          <button type="button" role="menuitem" className={item} onClick={() => void asImage()}>
            <Icon name="image" className="size-4" />
            {t('export.image')}
          </button>
        </div>
      )}
    </div>
  );
}
