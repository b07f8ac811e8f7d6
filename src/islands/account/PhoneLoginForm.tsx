import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/button-styles';
import { Form } from '../../components/Form';
import { checkPhone, checkPhoneCode } from '../../shared/phone';
import { loginWithPhone } from './account-api';
import { ConsentCheckbox, useConsent } from './ConsentCheckbox';
import { FormAlert } from './FormAlert';
import { PhoneCodeField, PhoneField } from './PhoneFields';
import { finishLogin, reportFailure } from './session';
import { onSubmit, preventShiftEnter, useForm } from './use-form';

const RULES = { phone: checkPhone, code: checkPhoneCode };

/** Sign-in by a code texted to a mainland number; a new number gets an account, so it asks for consent. */
export function PhoneLoginForm({ termsUrl, privacyUrl }: { termsUrl: string; privacyUrl: string }) {
  const { t } = useTranslation();
  const form = useForm({ phone: '', code: '' }, RULES);
  const consent = useConsent();
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    if (busy || !form.validate()) return;
    if (!consent.given()) return;
    setBusy(true);
    const result = await loginWithPhone(form.values.phone, form.values.code);
    if (result.kind === 'reply') {
      finishLogin(result.data.token, t('account:login.success'));
      return;
    }
    setBusy(false);
    reportFailure(result, t('common:error.generic'));
  };

  return (
    <Form noValidate onSubmit={onSubmit(submit)} onKeyDown={preventShiftEnter} className="space-y-4">
      <PhoneField form={form} />
      <PhoneCodeField
        form={form}
        purpose="login"
        phone={form.values.phone}
        checkPhone={() => form.validateField('phone')}
      />
      <p className="text-sm text-slate-500 dark:text-slate-400">{t('account:phone.loginHint')}</p>
      <ConsentCheckbox {...consent.box} termsUrl={termsUrl} privacyUrl={privacyUrl} />
      <FormAlert show={form.formError} />
      <button type="submit" disabled={busy} className={buttonClass('primary', 'w-full py-2.5')}>
        {busy ? t('account:form.submitting') : t('account:login.submit')}
      </button>
    </Form>
  );
}
