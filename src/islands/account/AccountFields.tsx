import { useTranslation } from 'react-i18next';
import type { CodePurpose } from './account-api';
import { CodeButton } from './CodeButton';
import { Field } from './Field';
import type { FormState } from './use-form';

export interface EmailFieldProps {
  form: FormState<'email'>;
  /** Also told of every change (the login dialog carries the address between its tabs). */
  onChange?: (email: string) => void;
  /** 'username' where the address names an existing account, so password managers fill it in. */
  autoComplete?: 'email' | 'username';
  autoFocus?: boolean;
}

/** The e-mail field of the account forms. */
export function EmailField({ form, onChange, autoComplete = 'email', autoFocus }: EmailFieldProps) {
  const { t } = useTranslation();
  const binding = form.field('email');
  return (
    <Field
      {...binding}
      onChange={(value) => {
        binding.onChange(value);
        onChange?.(value);
      }}
      label={t('account:field.email')}
      type="email"
      inputMode="email"
      autoComplete={autoComplete}
      placeholder={t('account:field.emailPlaceholder')}
      autoFocus={autoFocus}
    />
  );
}

/** The six-digit code with its get-code button, which checks the form's e-mail before sending. */
export function CodeField({ form, purpose }: { form: FormState<'email' | 'code'>; purpose: CodePurpose }) {
  const { t } = useTranslation();
  return (
    <Field
      {...form.field('code')}
      label={t('account:field.code')}
      autoComplete="one-time-code"
      placeholder={t('account:field.codePlaceholder')}
      maxLength={6}
      addon={<CodeButton purpose={purpose} email={form.values.email} checkEmail={() => form.validateField('email')} />}
    />
  );
}

/** A new password and its repeat, as registering and binding an e-mail ask for them. */
export function NewPasswordFields({ form }: { form: FormState<'password' | 'repeat'> }) {
  const { t } = useTranslation();
  return (
    <>
      <Field
        {...form.field('password')}
        label={t('account:field.password')}
        type="password"
        autoComplete="new-password"
        placeholder={t('account:field.newPasswordPlaceholder')}
      />
      <Field
        {...form.field('repeat')}
        label={t('account:field.repeat')}
        type="password"
        autoComplete="new-password"
        placeholder={t('account:field.repeatPlaceholder')}
      />
    </>
  );
}
