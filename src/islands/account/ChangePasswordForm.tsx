import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/button-styles';
import { Form } from '../../components/Form';
import { toast } from '../../lib/toast';
import { checkLoginPassword, checkNewPassword, checkRepeat } from '../../shared/account-rules';
import { changePassword } from './account-api';
import { Field } from './Field';
import { FormAlert } from './FormAlert';
import { reportFailure } from './session';
import { type FieldRule, onSubmit, preventShiftEnter, useForm } from './use-form';

type Name = 'current' | 'password' | 'repeat';
const RULES: Record<Name, FieldRule<Name>> = {
  current: checkLoginPassword,
  password: checkNewPassword,
  repeat: (value, values) => checkRepeat(value, values.password),
};

/** Change the password while logged in: the current one is required; other sessions end. */
export function ChangePasswordForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const form = useForm<Name>({ current: '', password: '', repeat: '' }, RULES);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    if (busy || !form.validate()) return;
    setBusy(true);
    const result = await changePassword(form.values.current, form.values.password);
    setBusy(false);
    if (result.kind !== 'reply') {
      reportFailure(result, t('common:error.generic'));
      return;
    }
    toast.success(t('account:password.changed'));
    onDone();
  };

  const field = (name: Name, label: string, autoComplete: string) => (
    <Field {...form.field(name)} label={label} type="password" autoComplete={autoComplete} />
  );

  return (
    <Form noValidate onSubmit={onSubmit(submit)} onKeyDown={preventShiftEnter} className="space-y-4">
      {field('current', t('account:field.currentPassword'), 'current-password')}
      {field('password', t('account:field.newPassword'), 'new-password')}
      {field('repeat', t('account:field.repeat'), 'new-password')}
      <FormAlert show={form.formError} />
      <button type="submit" disabled={busy} className={buttonClass('primary', 'w-full py-2.5')}>
        {busy ? t('account:form.submitting') : t('account:reset.submit')}
      </button>
    </Form>
  );
}
