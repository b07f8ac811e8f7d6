import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../../components/button-styles';
import { Dialog } from '../../../components/Dialog';
import { checkEntry, type PromptEntry } from '../../../stores/prompt-store';

export interface PromptFormProps {
  list: PromptEntry[];
  /** -1 adds a new entry; otherwise the index being edited. */
  index: number;
  onSave(entry: PromptEntry): void;
  onClose(): void;
}

const field = 'text-field';

/** Add or edit one prompt; both fields required, no duplicate title or content (docs/validation-and-limits.md). */
export function PromptForm({ list, index, onSave, onClose }: PromptFormProps) {
  const { t } = useTranslation();
  const current = list[index];
  const [key, setKey] = useState(current?.key ?? '');
  const [value, setValue] = useState(current?.value ?? '');
  const [error, setError] = useState('');

  const save = () => {
    const entry = { key: key.trim(), value: value.trim() };
    const problem = checkEntry(list, entry, index);
    if (problem) {
      setError(t(`prompts.${problem}`));
      return;
    }
    onSave(entry);
  };

  return (
    <Dialog
      open
      onClose={onClose}
      size="md"
      title={index < 0 ? t('prompts.add') : t('prompts.edit')}
      footer={
        <>
          <button type="button" className={buttonClass('secondary')} onClick={onClose}>
            {t('prompts.cancel')}
          </button>
          <button type="button" className={buttonClass('primary')} onClick={save}>
            {t('prompts.save')}
          </button>
        </>
      }
    >
      <div className="flex flex-col gap-3">
        <label className="flex flex-col gap-1 text-sm font-medium">
          {t('prompts.fieldTitle')}
          <input className={field} value={key} maxLength={100} onChange={(e) => setKey(e.target.value)} />
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          {t('prompts.fieldContent')}
          <textarea
            className={`${field} min-h-32`}
            value={value}
            maxLength={8000}
            onChange={(e) => setValue(e.target.value)}
          />
        </label>
        {error && (
          <p role="alert" className="text-sm text-red-600 dark:text-red-400">
            {error}
          </p>
        )}
      </div>
    </Dialog>
  );
}
