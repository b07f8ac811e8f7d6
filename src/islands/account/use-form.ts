import { type FormEvent, type KeyboardEvent, useCallback, useRef, useState } from 'react';

/** Returns an i18n key describing what is wrong with `value`, or null when it is fine. */
export type FieldRule<K extends string> = (value: string, values: Readonly<Record<K, string>>) => string | null;

/** What ties a Field to one value of the form (spread it on the Field). */
export interface FieldBinding {
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  error: string | undefined;
  inputRef: (element: HTMLInputElement | null) => void;
}

export interface FormState<K extends string> {
  values: Record<K, string>;
  /** i18n keys of the errors currently shown, by field. */
  errors: Partial<Record<K, string>>;
  /** 'account:validation.form' after a refused submit, until the form is valid again. */
  formError: boolean;
  set: (name: K, value: string) => void;
  /** Shows the field's error (docs/validation-and-limits.md: rules apply on blur). */
  blur: (name: K) => void;
  /** Checks every field, shows every error and focuses the first bad one; true when all pass. */
  validate: () => boolean;
  /** Checks one field now (the get-code button checks the e-mail alone). */
  validateField: (name: K) => boolean;
  /** Shows an error found elsewhere (e.g. no code was requested) and focuses the field. */
  setError: (name: K, key: string) => void;
  /** Registers an input so a refused submit can focus it. */
  ref: (name: K) => (element: HTMLInputElement | null) => void;
  /** Value, change, blur, error and ref of one field, for `<Field {...form.field(name)} />`. */
  field: (name: K) => FieldBinding;
}

/**
 * Field-level validation for the account forms: an error appears when a field
 * is left or the form is submitted, and follows the value while it is shown.
 */
export function useForm<K extends string>(
  initial: Record<K, string>,
  rules: Partial<Record<K, FieldRule<K>>>,
): FormState<K> {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<K, string>>>({});
  const [formError, setFormError] = useState(false);
  const inputs = useRef(new Map<K, HTMLInputElement>());
  const names = Object.keys(initial) as K[];

  const check = useCallback((name: K, all: Record<K, string>) => rules[name]?.(all[name], all) ?? null, [rules]);

  const recheck = (next: Record<K, string>, shown: Partial<Record<K, string>>) => {
    const updated: Partial<Record<K, string>> = {};
    for (const name of Object.keys(shown) as K[]) {
      const error = check(name, next);
      if (error) updated[name] = error;
    }
    return updated;
  };

  const set = (name: K, value: string) => {
    const next = { ...values, [name]: value };
    setValues(next);
    // Errors already shown follow the value; new ones wait for blur or submit.
    const updated = recheck(next, errors);
    setErrors(updated);
    if (formError && Object.keys(updated).length === 0) setFormError(false);
  };

  const show = (name: K) => {
    const error = check(name, values);
    setErrors((current) => {
      const next = { ...current };
      if (error) next[name] = error;
      else delete next[name];
      return next;
    });
    return error === null;
  };

  const validate = () => {
    const found: Partial<Record<K, string>> = {};
    for (const name of names) {
      const error = check(name, values);
      if (error) found[name] = error;
    }
    setErrors(found);
    const first = names.find((name) => found[name]);
    setFormError(first !== undefined);
    if (first !== undefined) inputs.current.get(first)?.focus();
    return first === undefined;
  };

  const ref = (name: K) => (element: HTMLInputElement | null) => {
    if (element) inputs.current.set(name, element);
    else inputs.current.delete(name);
  };

  const setError = (name: K, key: string) => {
    setErrors((current) => ({ ...current, [name]: key }));
    inputs.current.get(name)?.focus();
  };

  const field = (name: K): FieldBinding => ({
    value: values[name],
    onChange: (value) => set(name, value),
    onBlur: () => show(name),
    error: errors[name],
    inputRef: ref(name),
  });

  return { values, errors, formError, set, blur: show, validate, validateField: show, setError, ref, field };
}

/** Enter submits (natively, through the submit button); Shift+Enter does not (docs/validation-and-limits.md). */
export function preventShiftEnter(event: KeyboardEvent<HTMLFormElement>): void {
  if (event.key === 'Enter' && event.shiftKey) event.preventDefault();
}

/** Form submit handler that never reloads the page. */
export function onSubmit(handler: () => void) {
  return (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    handler();
  };
}
