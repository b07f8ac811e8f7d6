import { type HTMLInputTypeAttribute, type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { errorClass, inputClass, labelClass } from './styles';

export interface FieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** i18n key of the error to show under the field. */
  error?: string | undefined;
  type?: HTMLInputTypeAttribute;
  autoComplete?: string;
  placeholder?: string;
  inputMode?: 'email' | 'text' | 'tel' | 'numeric';
  maxLength?: number;
  inputRef?: (element: HTMLInputElement | null) => void;
  /** Beside the input, e.g. the get-code button. */
  addon?: ReactNode;
  /** Under the input, before the error. */
  hint?: ReactNode;
  autoFocus?: boolean;
}

/** A labelled input whose error is linked with aria-describedby and aria-invalid. */
export function Field({
  label,
  value,
  onChange,
  onBlur,
  error,
  type = 'text',
  autoComplete,
  placeholder,
  inputMode,
  maxLength,
  inputRef,
  addon,
  hint,
  autoFocus,
}: FieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <div className="mt-1.5 flex gap-2">
        <input
          id={id}
          ref={inputRef}
          type={type}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
          autoComplete={autoComplete}
          placeholder={placeholder}
          inputMode={inputMode}
          maxLength={maxLength}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          // biome-ignore lint/a11y/noAutofocus: only the first field of a dialog the person just opened.
          autoFocus={autoFocus}
          className={inputClass(Boolean(error))}
        />
        {addon}
      </div>
      {hint && (
        <p id={hintId} className="mt-1.5 text-xs leading-5 text-slate-500 dark:text-slate-400">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className={errorClass}>
          {t(error)}
        </p>
      )}
    </div>
  );
}
