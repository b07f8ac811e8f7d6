import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/button-styles';
import { useConfirm } from '../../components/Confirm';
import { SvgIcon } from '../../components/SvgIcon';
import { checkLoginPassword } from '../../lib/account-rules';
import { deleteAccount } from './account-api';
import { Field } from './Field';
import { FormAlert } from './FormAlert';
import { finishLogout, reportFailure } from './session';
import { onSubmit, preventShiftEnter, useForm } from './use-form';

const NO_RULES = {};
const PASSWORD_RULES = { password: checkLoginPassword };

/** Deletes the account after a confirmation (and the password, when the account has one). */
export function DeleteAccountForm({ hasPassword }: { hasPassword: boolean }) {
  const { t } = useTranslation();
  const form = useForm({ password: '' }, hasPassword ? PASSWORD_RULES : NO_RULES);
  const { confirm, confirmElement } = useConfirm();
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    if (busy || !form.validate()) return;
    if (
      !(await confirm({ content: t('login:profile.deleteConfirm'), danger: true, okText: t('login:profile.delete') }))
    )
      return;
    setBusy(true);
    const result = await deleteAccount(hasPassword ? form.values.password : undefined);
    if (result.kind === 'reply') {
      finishLogout(t('account:account.deleted'));
      return;
    }
    setBusy(false);
    reportFailure(result, t('common:error.generic'));
  };

  return (
    <>
      <form noValidate onSubmit={onSubmit(submit)} onKeyDown={preventShiftEnter} className="space-y-4">
        <p className="flex gap-2 rounded-xl bg-red-50 p-3 text-sm leading-6 text-red-800 dark:bg-red-950/50 dark:text-red-200">
          <SvgIcon name="warning" className="mt-1 size-4 shrink-0" />
          {t('login:profile.deleteWarning')}
        </p>
        {hasPassword && (
          <Field
            {...form.field('password')}
            label={t('login:field.password')}
            type="password"
            autoComplete="current-password"
          />
        )}
        <FormAlert show={form.formError} />
        <button type="submit" disabled={busy} className={buttonClass('danger', 'w-full py-2.5')}>
          {busy ? t('login:form.submitting') : t('login:profile.delete')}
        </button>
      </form>
      {confirmElement}
    </>
  );
}
