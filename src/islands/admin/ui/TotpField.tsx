import { useTranslation } from 'react-i18next';
import { field } from './format';

/**
 * The six-digit TOTP code of the console: the gate's, and the fresh one a
 * sensitive action asks for again (role, deletion, refund, a price, a key,
 * settings). `optional`: the form sends it only when the server will ask.
 */
export function TotpField(p: {
  value: string;
  onChange: (v: string) => void;
  /** The label's text; the console's "TOTP code" by default. */
  label?: string;
  id?: string;
  optional?: boolean;
  /** Classes of the label and, beside the field's own, of the input. */
  labelClass?: string;
  inputClass?: string;
}) {
  const { t } = useTranslation();
  return (
    <label className={p.labelClass ?? 'block text-sm'} htmlFor={p.id}>
      {p.label ?? t('admin:action.code')}
      <input
        id={p.id}
        className={`${field} mt-1 ${p.inputClass ?? ''}`.trim()}
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern={p.optional ? undefined : '\\d{6}'}
        maxLength={6}
        required={!p.optional}
        value={p.value}
        onChange={(e) => p.onChange(e.target.value.trim())}
      />
    </label>
  );
}
