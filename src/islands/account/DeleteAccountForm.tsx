import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/button-styles';
import { useConfirm } from '../../components/Confirm';
import { Form } from '../../components/Form';
import { SvgIcon } from '../../components/SvgIcon';
import { checkLoginPassword } from '../../shared/account-rules';
import { checkPhoneCode } from '../../shared/phone';
import { deleteAccount, deleteAccountByScan, failureText } from './account-api';
import { Field } from './Field';
import { FormAlert } from './FormAlert';
import { PhoneCodeField } from './PhoneFields';
import { finishLogout, reportFailure } from './session';
import { onSubmit, preventShiftEnter, useForm } from './use-form';
import type { ScanAction } from './use-qr-login';
import { WechatLogin } from './WechatLogin';

const NO_RULES = {};
const PASSWORD_RULES = { password: checkLoginPassword };
const PHONE_RULES = { code: checkPhoneCode };

function Warning() {
  const { t } = useTranslation();
  return (
    <p className="flex gap-2 rounded-xl bg-red-50 p-3 text-sm leading-6 text-red-800 dark:bg-red-950/50 dark:text-red-200">
      <SvgIcon name="warning" className="mt-1 size-4 shrink-0" />
      {t('account:profile.deleteWarning')}
    </p>
  );
}

/** A WeChat-only account (no password): after the confirmation, a fresh scan by its own WeChat deletes it. */
function DeleteByScan() {
  const { t } = useTranslation();
  const { confirm, confirmElement } = useConfirm();
  const [confirmed, setConfirmed] = useState(false);
  const onScan: ScanAction = async (openId, qrcodeSocket) => {
    const result = await deleteAccountByScan({ openId, qrcodeSocket });
    if (result.kind !== 'reply') return failureText(result) || t('common:error.generic');
    finishLogout(t('account:account.deleted'));
    return null;
  };
  const start = async () => {
    if (
      await confirm({ content: t('account:profile.deleteConfirm'), danger: true, okText: t('account:profile.delete') })
    )
      setConfirmed(true);
  };
  return (
    <div className="space-y-4">
      <Warning />
      {confirmed ? (
        <WechatLogin
          onScan={onScan}
          scannedText={t('account:profile.deleting')}
          hint={t('account:profile.deleteScanHint')}
        />
      ) : (
        <button type="button" onClick={start} className={buttonClass('danger', 'w-full py-2.5')}>
          {t('account:profile.delete')}
        </button>
      )}
      {confirmElement}
    </div>
  );
}

/**
 * Deletes the account after a confirmation and the password (or, for a WeChat-only account, a fresh
 * scan; for a phone-only one, a code texted to its number).
 */
export function DeleteAccountForm(p: { hasPassword: boolean; wechatBound: boolean; phone: boolean }) {
  if (!p.hasPassword && p.wechatBound) return <DeleteByScan />;
  return <DeleteWithProof proof={p.hasPassword ? 'password' : p.phone ? 'phone' : 'none'} />;
}

function DeleteWithProof({ proof }: { proof: 'password' | 'phone' | 'none' }) {
  const { t } = useTranslation();
  const rules = proof === 'password' ? PASSWORD_RULES : proof === 'phone' ? PHONE_RULES : NO_RULES;
  const form = useForm({ password: '', code: '' }, rules);
  const { confirm, confirmElement } = useConfirm();
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    if (busy || !form.validate()) return;
    if (
      !(await confirm({
        content: t('account:profile.deleteConfirm'),
        danger: true,
        okText: t('account:profile.delete'),
      }))
    )
      return;
    setBusy(true);
    const result = await deleteAccount(
      proof === 'password'
        ? { password: form.values.password }
        : proof === 'phone'
          ? { phoneCode: form.values.code }
          : {},
    );
    if (result.kind === 'reply') {
      finishLogout(t('account:account.deleted'));
      return;
    }
    setBusy(false);
    reportFailure(result, t('common:error.generic'));
  };

  return (
    <>
      <Form noValidate onSubmit={onSubmit(submit)} onKeyDown={preventShiftEnter} className="space-y-4">
        <Warning />
        {proof === 'phone' && (
          <>
            <p className="text-sm text-slate-600 dark:text-slate-300">{t('account:phone.deleteCodeHint')}</p>
            <PhoneCodeField form={form} purpose="delete" />
          </>
        )}
        {proof === 'password' && (
          <Field
            {...form.field('password')}
            label={t('account:field.password')}
            type="password"
            autoComplete="current-password"
          />
        )}
        <FormAlert show={form.formError} />
        <button type="submit" disabled={busy} className={buttonClass('danger', 'w-full py-2.5')}>
          {busy ? t('account:form.submitting') : t('account:profile.delete')}
        </button>
      </Form>
      {confirmElement}
    </>
  );
}
