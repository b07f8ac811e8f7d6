import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/button-styles';
import { Form } from '../../components/Form';
import { SvgIcon } from '../../components/SvgIcon';
import { ORDER_NO_PATTERN } from './format';

export interface OrderSearchProps {
  onSearch: (orderNo: string) => void;
  /** Clears the search and lists every order again. */
  onRefresh: () => void;
}

function validate(value: string): 'search.required' | 'search.invalid' | null {
  const trimmed = value.trim();
  if (!trimmed) return 'search.required';
  return ORDER_NO_PATTERN.test(trimmed) ? null : 'search.invalid';
}

/** Order number required ('请输入订单号', checked on blur); Enter submits (docs/routes-and-screens.md, docs/validation-and-limits.md). */
export function OrderSearch({ onSearch, onRefresh }: OrderSearchProps) {
  const { t } = useTranslation('shop');
  const id = useId();
  const [value, setValue] = useState('');
  const [error, setError] = useState<ReturnType<typeof validate>>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = validate(value);
    setError(problem);
    if (!problem) onSearch(value.trim());
  };
  const refresh = () => {
    setValue('');
    setError(null);
    onRefresh();
  };

  return (
    <search>
      <Form noValidate onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <div className="flex-1 sm:max-w-sm">
          <label htmlFor={`${id}-no`} className="sr-only">
            {t('search.label')}
          </label>
          <input
            id={`${id}-no`}
            type="search"
            value={value}
            maxLength={40}
            autoComplete="off"
            spellCheck={false}
            placeholder={t('search.placeholder')}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(event) => {
              setValue(event.target.value);
              if (error) setError(validate(event.target.value));
            }}
            onBlur={() => setError(validate(value))}
            className="w-full rounded-full border border-slate-300 bg-white px-4 py-2 text-sm text-slate-900 placeholder:text-slate-400 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 aria-invalid:border-red-500 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-500"
          />
          {error && (
            <p id={`${id}-error`} role="alert" className="mt-1.5 px-4 text-xs text-red-700 dark:text-red-400">
              {t(error)}
            </p>
          )}
        </div>
        <div className="flex gap-2">
          <button type="submit" className={buttonClass('primary')}>
            {t('search.submit')}
          </button>
          <button type="button" className={buttonClass('secondary')} onClick={refresh}>
            <SvgIcon name="refresh" className="size-4" />
            {t('search.refresh')}
          </button>
        </div>
      </Form>
    </search>
  );
}
