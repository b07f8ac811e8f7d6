import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/button-styles';
import { Dialog } from '../../components/Dialog';
import { Form } from '../../components/Form';
import { toast } from '../../lib/toast';
import { checkCode, checkEmail, checkNewPassword } from '../../shared/account-rules';
import { CodeField, EmailField } from './AccountFields';
import { resetPassword } from './account-api';
import { Field } from './Field';
import { FormAlert } from './FormAlert';
import { reportFailure } from './session';
import { onSubmit, preventShiftEnter, useForm } from './use-form';

const RULES = { email: checkEmail, code: checkCode, password: checkNewPassword };

interface ResetFormProps {
  email: string;
  code: string;
  onDone: (email: string) => void;
}

function ResetForm({ email, code, onDone }: ResetFormProps) {
  const { t } = useTranslation();
  const form = useForm({ email, code, password: '' }, RULES);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    if (busy || !form.validate()) return;
    setBusy(true);
    const result = await resetPassword(form.values);
    setBusy(false);
    if (result.kind !== 'reply') {
      reportFailure(result, t('common:error.generic'));
      return;
    }
    toast.success(t('account:password.changed'));
    onDone(form.values.email.trim());
  };

  return (
    <Form noValidate onSubmit={onSubmit(submit)} onKeyDown={preventShiftEnter} className="space-y-4">
      <p className="text-sm leading-6 text-slate-600 dark:text-slate-300">{t('account:reset.description')}</p>
      <EmailField form={form} autoComplete="username" autoFocus={!email} />
      <CodeField form={form} purpose="reset" />
      <Field
        {...form.field('password')}
        label={t('account:field.newPassword')}
        type="password"
        autoComplete="new-password"
        placeholder={t('account:field.newPasswordPlaceholder')}
      />
      <FormAlert show={form.formError} />
      <button type="submit" disabled={busy} className={buttonClass('primary', 'w-full py-2.5')}>
        {busy ? t('account:form.submitting') : t('account:reset.submit')}
      </button>
    </Form>
  );
}

export interface ResetDialogProps extends ResetFormProps {
  open: boolean;
  onClose: () => void;
}

/** Reset dialog: e-mail, code, new password, get-code button → 'password changed' (docs/routes-and-screens.md). */
export function ResetDialog({ open, onClose, ...form }: ResetDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} title={t('account:reset.title')}>
      <ResetForm {...form} />
    </Dialog>
  );
}
