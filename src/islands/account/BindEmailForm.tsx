import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/button-styles';
import { Form } from '../../components/Form';
import { toast } from '../../lib/toast';
import { checkCode, checkEmail, checkNewPassword, checkRepeat } from '../../shared/account-rules';
import { setUser } from '../../stores/user';
import { CodeField, EmailField, NewPasswordFields } from './AccountFields';
import { bindEmail } from './account-api';
import { FormAlert } from './FormAlert';
import { reportFailure } from './session';
import { type FieldRule, onSubmit, preventShiftEnter, useForm } from './use-form';

type Name = 'email' | 'code' | 'password' | 'repeat';
const RULES: Record<Name, FieldRule<Name>> = {
  email: checkEmail,
  code: checkCode,
  password: checkNewPassword,
  repeat: (value, values) => checkRepeat(value, values.password),
};

/** Adds an e-mail and a password to a WeChat-only account. */
export function BindEmailForm({
  email = '',
  code = '',
  onDone,
}: {
  email?: string;
  code?: string;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const form = useForm<Name>({ email, code, password: '', repeat: '' }, RULES);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    if (busy || !form.validate()) return;
    setBusy(true);
    const result = await bindEmail(form.values);
    setBusy(false);
    if (result.kind !== 'reply') {
      reportFailure(result, t('common:error.generic'));
      return;
    }
    setUser(result.data);
    toast.success(t('account:email.bound'));
    onDone();
  };

  return (
    <Form noValidate onSubmit={onSubmit(submit)} onKeyDown={preventShiftEnter} className="space-y-4">
      <p className="text-sm leading-6 text-slate-600 dark:text-slate-300">{t('account:profile.bindHint')}</p>
      <EmailField form={form} />
      <CodeField form={form} purpose="bind" />
      <NewPasswordFields form={form} />
      <FormAlert show={form.formError} />
      <button type="submit" disabled={busy} className={buttonClass('primary', 'w-full py-2.5')}>
        {busy ? t('account:form.submitting') : t('account:profile.bindSubmit')}
      </button>
    </Form>
  );
}
