import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/button-styles';
import { Form } from '../../components/Form';
import { toast } from '../../lib/toast';
import { checkPhone, checkPhoneCode } from '../../shared/phone';
import { setUser } from '../../stores/user';
import { bindPhone } from './account-api';
import { FormAlert } from './FormAlert';
import { PhoneCodeField, PhoneField } from './PhoneFields';
import { reportFailure } from './session';
import { onSubmit, preventShiftEnter, useForm } from './use-form';

const RULES = { phone: checkPhone, code: checkPhoneCode };

/** Binds a number to the account, or changes it: the code goes to the new number. */
export function BindPhoneForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const form = useForm({ phone: '', code: '' }, RULES);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    if (busy || !form.validate()) return;
    setBusy(true);
    const result = await bindPhone(form.values.phone, form.values.code);
    setBusy(false);
    if (result.kind !== 'reply') {
      reportFailure(result, t('common:error.generic'));
      return;
    }
    setUser(result.data);
    toast.success(t('account:phone.bound'));
    onDone();
  };

  return (
    <Form noValidate onSubmit={onSubmit(submit)} onKeyDown={preventShiftEnter} className="space-y-4">
      <p className="text-sm leading-6 text-slate-600 dark:text-slate-300">{t('account:phone.bindHint')}</p>
      <PhoneField form={form} autoFocus />
      <PhoneCodeField
        form={form}
        purpose="bind"
        phone={form.values.phone}
        checkPhone={() => form.validateField('phone')}
      />
      <FormAlert show={form.formError} />
      <button type="submit" disabled={busy} className={buttonClass('primary', 'w-full py-2.5')}>
        {busy ? t('account:form.submitting') : t('account:phone.bindSubmit')}
      </button>
    </Form>
  );
}
