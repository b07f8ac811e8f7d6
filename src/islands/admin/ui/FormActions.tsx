import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../../components/button-styles';

/** A console form's refusal, read out when it appears. */
export function FormError({ text }: { text: string }) {
  if (!text) return null;
  return (
    <p role="alert" className="text-sm text-red-700 dark:text-red-300">
      {text}
    </p>
  );
}

/**
 * A console form's buttons: submit (disabled while busy) and cancel. `dialog`:
 * a dialog's footer, right-aligned with cancel first; otherwise submit first.
 */
export function FormActions(p: {
  submit: string;
  busy: boolean;
  onCancel: () => void;
  danger?: boolean;
  dialog?: boolean;
}) {
  const { t } = useTranslation();
  const submit = (
    <button key="submit" type="submit" disabled={p.busy} className={buttonClass(p.danger ? 'danger' : 'primary')}>
      {p.submit}
    </button>
  );
  const cancel = (
    <button key="cancel" type="button" className={buttonClass('ghost')} onClick={p.onCancel}>
      {t('admin:action.cancel')}
    </button>
  );
  return (
    <div className={`flex flex-wrap gap-2${p.dialog ? ' justify-end' : ''}`}>
      {p.dialog ? [cancel, submit] : [submit, cancel]}
    </div>
  );
}
