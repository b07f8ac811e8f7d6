import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/button-styles';
import { Form } from '../../components/Form';
import { checkEmail, checkLoginPassword } from '../../shared/account-rules';
import { EmailField } from './AccountFields';
import { loginWithEmail } from './account-api';
import { Field } from './Field';
import { FormAlert } from './FormAlert';
import { finishLogin, reportFailure } from './session';
import { textButtonClass } from './styles';
import { onSubmit, preventShiftEnter, useForm } from './use-form';

const RULES = { email: checkEmail, password: checkLoginPassword };

export interface PasswordLoginFormProps {
  email: string;
  onEmailChange: (email: string) => void;
  onForgot: () => void;
  onTrouble: () => void;
}

/** Password login: e-mail, password, login, 'forgot password', 'trouble logging in' (docs/routes-and-screens.md). */
export function PasswordLoginForm({ email, onEmailChange, onForgot, onTrouble }: PasswordLoginFormProps) {
  const { t } = useTranslation();
  const form = useForm({ email, password: '' }, RULES);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    if (busy || !form.validate()) return;
    setBusy(true);
    const result = await loginWithEmail(form.values.email, form.values.password);
    if (result.kind === 'reply') {
      finishLogin(result.data.token, t('account:login.success'));
      return;
    }
    setBusy(false);
    reportFailure(result, t('common:error.generic'));
  };

  return (
    <Form noValidate onSubmit={onSubmit(submit)} onKeyDown={preventShiftEnter} className="space-y-4">
      <EmailField form={form} onChange={onEmailChange} autoComplete="username" />
      <Field
        {...form.field('password')}
        label={t('account:field.password')}
        type="password"
        autoComplete="current-password"
        placeholder={t('account:field.passwordPlaceholder')}
      />
      <div className="flex items-center justify-between gap-3">
        <button type="button" className={textButtonClass} onClick={onForgot}>
          {t('account:login.forgot')}
        </button>
        <button type="button" className={textButtonClass} onClick={onTrouble}>
          {t('account:login.trouble')}
        </button>
      </div>
      <FormAlert show={form.formError} />
      <button type="submit" disabled={busy} className={buttonClass('primary', 'w-full py-2.5')}>
        {busy ? t('account:form.submitting') : t('account:login.submit')}
      </button>
    </Form>
  );
}
