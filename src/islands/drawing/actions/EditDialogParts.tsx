import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../../components/button-styles';
import type { ActionExtra, ActionTarget } from './action-ui';

/** What an action's dialog (Custom Zoom, the mask editor) is given. */
export interface EditDialogProps {
  target: ActionTarget;
  onClose: () => void;
  onSubmit: (extra: ActionExtra) => void;
}

export const fieldClass = 'text-field';

/** The prompt an action draws with (the picture's own, prefilled). */
export function PromptField({ value, onChange, rows }: { value: string; onChange: (v: string) => void; rows: number }) {
  const { t } = useTranslation('drawing');
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="text-sm font-medium">
        {t('editDialog.prompt')}
      </label>
      <textarea
        id={id}
        rows={rows}
        maxLength={2000}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className={`${fieldClass} mt-1 resize-none`}
      />
    </div>
  );
}

/** Cancel and submit, the submit held back until the dialog's input is complete. */
export function EditDialogFooter({ onClose, ready }: { onClose: () => void; ready: boolean }) {
  const { t } = useTranslation('drawing');
  return (
    <div className="flex justify-end gap-3">
      <button type="button" className={buttonClass('secondary')} onClick={onClose}>
        {t('editDialog.cancel')}
      </button>
      <button type="submit" className={buttonClass('primary')} disabled={!ready}>
        {t('editDialog.submit')}
      </button>
    </div>
  );
}
