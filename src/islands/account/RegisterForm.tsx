import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/button-styles';
import { Form } from '../../components/Form';
import { checkCode, checkEmail, checkNewPassword, checkRepeat } from '../../shared/account-rules';
import { CodeField, EmailField, NewPasswordFields } from './AccountFields';
import { register } from './account-api';
import { ConsentCheckbox, useConsent } from './ConsentCheckbox';
import { codeSessionFor } from './code-state';
import { FormAlert } from './FormAlert';
import { RegisterSuccess } from './RegisterSuccess';
import { reportFailure } from './session';
import { type FieldRule, onSubmit, preventShiftEnter, useForm } from './use-form';

type Name = 'email' | 'password' | 'repeat' | 'code';
const RULES: Record<Name, FieldRule<Name>> = {
  email: checkEmail,
  password: checkNewPassword,
  repeat: (value, values) => checkRepeat(value, values.password),
  code: checkCode,
};

export interface RegisterFormProps {
  email: string;
  code: string;
  onEmailChange: (email: string) => void;
  onGoLogin: () => void;
  termsUrl: string;
  privacyUrl: string;
}

/** Register: e-mail, password, repeat, code with the get-code button, and consent (docs/routes-and-screens.md). */
export function RegisterForm({ email, code, onEmailChange, onGoLogin, termsUrl, privacyUrl }: RegisterFormProps) {
  const { t } = useTranslation();
  const form = useForm<Name>({ email, password: '', repeat: '', code }, RULES);
  const consent = useConsent();
  const [busy, setBusy] = useState(false);
  const [registered, setRegistered] = useState<string | null>(null);

  const submit = async () => {
    if (busy) return;
    const valid = form.validate();
    const agreed = consent.given();
    if (!valid || !agreed) return;
    const { values } = form;
    const sessionId = codeSessionFor('register', values.email);
    if (!sessionId) {
      form.setError('code', 'account:code.requestFirst');
      return;
    }
    setBusy(true);
    const result = await register({ ...values, sessionId });
    setBusy(false);
    if (result.kind === 'reply') setRegistered(values.email.trim());
    else reportFailure(result, t('common:error.generic'));
  };

  if (registered !== null) return <RegisterSuccess email={registered} onGoLogin={onGoLogin} />;

  return (
    <Form noValidate onSubmit={onSubmit(submit)} onKeyDown={preventShiftEnter} className="space-y-4">
      <EmailField form={form} onChange={onEmailChange} />
      <NewPasswordFields form={form} />
      <CodeField form={form} purpose="register" />
      <ConsentCheckbox {...consent.box} termsUrl={termsUrl} privacyUrl={privacyUrl} />
      <FormAlert show={form.formError} />
      <button type="submit" disabled={busy} className={buttonClass('primary', 'w-full py-2.5')}>
        {busy ? t('account:form.submitting') : t('account:register.submit')}
      </button>
    </Form>
  );
}
