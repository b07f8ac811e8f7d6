import { useStore } from '@nanostores/react';
import type { TFunction } from 'i18next';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../../components/button-styles';
import { useConfirm } from '../../../components/Confirm';
import { toast } from '../../../lib/toast';
import {
  $promptStore,
  exportPromptsJson,
  importPrompts,
  PromptJsonError,
  pageSizeFor,
  searchPrompts,
  setPrompts,
  truncate,
  truncateLimits,
} from '../../../stores/prompt-store';
import { PromptForm } from './PromptForm';
import { useMobile } from './use-mobile';

const small = 'rounded-lg px-2 py-1 text-xs font-medium hover:bg-slate-100 dark:hover:bg-slate-800';

/** Reports an import: how many were added, and a warning naming skipped duplicates. */
export function reportImport(t: TFunction, text: string): boolean {
  try {
    const result = importPrompts($promptStore.get().promptList, text);
    setPrompts(result.list);
    if (result.duplicates.length)
      toast.warning(
        t('prompts.skipped', { n: result.duplicates.length, titles: result.duplicates.slice(0, 3).join('、') }),
      );
    toast.success(t('prompts.imported', { n: result.added }));
    return true;
  } catch (err) {
    if (err instanceof PromptJsonError) toast.error(t('prompts.badJson'));
    else throw err;
    return false;
  }
}

export function LocalPrompts({ onUse }: { onUse(value: string): void }) {
  const { t } = useTranslation();
  const { promptList } = useStore($promptStore);
  const mobile = useMobile();
  const { confirm, confirmElement } = useConfirm();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<number | null>(null);
  const file = useRef<HTMLInputElement>(null);

  const rows = searchPrompts(promptList, search);
  const size = pageSizeFor(mobile);
  const pages = Math.max(1, Math.ceil(rows.length / size));
  const current = Math.min(page, pages);
  const shown = rows.slice((current - 1) * size, current * size);
  const limits = truncateLimits(mobile);

  const exportFile = () => {
    const url = URL.createObjectURL(new Blob([exportPromptsJson(promptList)], { type: 'application/json' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = 'ChatGPTPromptTemplate.json';
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <input
          type="search"
          value={search}
          placeholder={t('prompts.search')}
          aria-label={t('prompts.search')}
          onChange={(e) => {
            setSearch(e.target.value);
            setPage(1);
          }}
          className="min-w-40 flex-1 rounded-full border border-slate-300 bg-white px-4 py-1.5 text-sm outline-none focus:border-brand-500 dark:border-slate-700 dark:bg-slate-950"
        />
        <button type="button" className={buttonClass('primary', '!px-3 !py-1.5')} onClick={() => setEditing(-1)}>
          {t('prompts.add')}
        </button>
        <button
          type="button"
          className={buttonClass('secondary', '!px-3 !py-1.5')}
          onClick={() => file.current?.click()}
        >
          {t('prompts.import')}
        </button>
        <button type="button" className={buttonClass('secondary', '!px-3 !py-1.5')} onClick={exportFile}>
          {t('prompts.export')}
        </button>
        <button
          type="button"
          className={buttonClass('ghost', '!px-3 !py-1.5 text-red-600')}
          onClick={async () => {
            if (await confirm({ content: t('prompts.clearConfirm'), danger: true })) setPrompts([]);
          }}
        >
          {t('prompts.clear')}
        </button>
        <input
          ref={file}
          type="file"
          accept="application/json,.json"
          className="hidden"
          data-testid="prompt-import-file"
          onChange={async (e) => {
            const chosen = e.target.files?.[0];
            e.target.value = '';
            if (chosen) reportImport(t, await chosen.text());
          }}
        />
      </div>
      <table className="w-full table-fixed text-left text-sm">
        <thead className="text-xs text-slate-500 dark:text-slate-400">
          <tr>
            <th className="w-1/4 py-2 font-medium">{t('prompts.fieldTitle')}</th>
            <th className="py-2 font-medium">{t('prompts.fieldContent')}</th>
            <th className="w-32 py-2 text-right font-medium">{t('prompts.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {shown.length === 0 && (
            <tr>
              <td colSpan={3} className="py-8 text-center text-slate-500 dark:text-slate-400">
                {t('prompts.empty')}
              </td>
            </tr>
          )}
          {shown.map((p) => {
            const index = promptList.indexOf(p);
            return (
              <tr key={p.key} className="border-t border-slate-100 dark:border-slate-800" data-prompt-row>
                <td className="py-2 pr-2 align-top font-medium" title={p.key}>
                  {truncate(p.key, limits.title)}
                </td>
                <td className="py-2 pr-2 align-top text-slate-600 dark:text-slate-300" title={p.value}>
                  {truncate(p.value, limits.content)}
                </td>
                <td className="py-1 text-right align-top whitespace-nowrap">
                  <button
                    type="button"
                    className={`${small} text-brand-700 dark:text-brand-300`}
                    onClick={() => onUse(p.value)}
                  >
                    {t('prompts.use')}
                  </button>
                  <button type="button" className={small} onClick={() => setEditing(index)}>
                    {t('prompts.editShort')}
                  </button>
                  <button
                    type="button"
                    className={`${small} text-red-600`}
                    onClick={async () => {
                      if (await confirm({ content: t('prompts.deleteConfirm'), danger: true }))
                        setPrompts($promptStore.get().promptList.filter((x) => x !== p));
                    }}
                  >
                    {t('prompts.delete')}
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <nav className="flex items-center justify-end gap-2 text-sm" aria-label={t('prompts.paging')}>
        <button type="button" className={small} disabled={current <= 1} onClick={() => setPage(current - 1)}>
          {t('prompts.prev')}
        </button>
        <span aria-live="polite">{t('prompts.page', { page: current, pages, total: rows.length })}</span>
        <button type="button" className={small} disabled={current >= pages} onClick={() => setPage(current + 1)}>
          {t('prompts.next')}
        </button>
      </nav>
      {editing !== null && (
        <PromptForm
          list={promptList}
          index={editing}
          onClose={() => setEditing(null)}
          onSave={(entry) => {
            const list = [...$promptStore.get().promptList];
            if (editing < 0) list.unshift(entry);
            else list[editing] = entry;
            setPrompts(list);
            setEditing(null);
            toast.success(t(editing < 0 ? 'prompts.added' : 'prompts.saved'));
          }}
        />
      )}
      {confirmElement}
    </div>
  );
}
