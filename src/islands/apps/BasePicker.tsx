import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type KnowledgeBase, listBases } from '../knowledge/knowledge-api';

const field = 'text-field';

/**
 * The app's knowledge base: one of the author's own (docs/knowledge.md#an-apps-base). Everyone
 * chatting with the app has it searched and sees the passages cited, never its files.
 */
export function BasePicker({ value, onChange }: { value: number | null; onChange: (id: number | null) => void }) {
  const { t } = useTranslation();
  const [bases, setBases] = useState<KnowledgeBase[] | null>(null);
  useEffect(() => {
    void listBases().then((r) => setBases(r.kind === 'reply' ? r.data.bases : []));
  }, []);
  return (
    <label className="flex flex-col gap-1 text-sm font-medium">
      {t('apps.knowledgeBase')}
      <select
        className={field}
        value={value ?? ''}
        disabled={bases === null}
        onChange={(e) => onChange(e.target.value ? Number(e.target.value) : null)}
      >
        <option value="">{t('apps.knowledgeBaseNone')}</option>
        {bases?.map((b) => (
          <option key={b.id} value={b.id}>
            {b.name}
          </option>
        ))}
      </select>
      <span className="text-xs font-normal text-slate-500 dark:text-slate-400">
        {bases?.length === 0 ? t('apps.knowledgeBaseEmpty') : t('apps.knowledgeBaseHint')}
      </span>
    </label>
  );
}
