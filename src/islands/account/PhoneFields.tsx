import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/button-styles';
import { toast } from '../../lib/toast';
import { PHONE_RESEND_SECONDS } from '../../shared/phone';
import { type PhoneCodePurpose, requestPhoneCode } from './account-api';
import { startCountdown, useCountdown } from './code-state';
import { Field } from './Field';
import type { FormState } from './use-form';

function secondsOf(data: unknown): number | null {
  if (typeof data !== 'object' || data === null || !('seconds' in data)) return null;
  const { seconds } = data;
  return typeof seconds === 'number' && seconds > 0 ? Math.ceil(seconds) : null;
}

/** Get-code button for a texted code: counts down the server's gap for that number after a send (or a refusal naming it). */
function PhoneCodeButton({
  purpose,
  phone,
  check,
}: {
  purpose: PhoneCodePurpose;
  phone?: string;
  check: () => boolean;
}) {
  const { t } = useTranslation();
  const key = `phone-${purpose}:${phone?.trim() ?? ''}` as const;
  const left = useCountdown(key);
  const [sending, setSending] = useState(false);
  const send = async () => {
    if (!check()) return;
    setSending(true);
    const result = await requestPhoneCode(purpose, phone);
    setSending(false);
    if (result.kind === 'reply') {
      startCountdown(key, result.data.seconds || PHONE_RESEND_SECONDS);
      toast.success(result.reply.result, 6000);
      return;
    }
    const seconds = result.kind === 'http' ? secondsOf(result.reply?.data) : null;
    if (seconds) startCountdown(key, seconds);
    if (result.kind !== 'aborted') toast.error(result.kind === 'http' ? result.message : t('account:phone.sendFailed'));
  };
  return (
    <button
      type="button"
      onClick={send}
      disabled={sending || left > 0}
      className={buttonClass('secondary', 'min-w-32 shrink-0 rounded-xl tabular-nums')}
    >
      {left > 0 ? t('account:code.countdown', { seconds: left }) : t('account:code.get')}
    </button>
  );
}

/** The mainland mobile number, shown after its +86. */
export function PhoneField({ form, autoFocus }: { form: FormState<'phone'>; autoFocus?: boolean }) {
  const { t } = useTranslation();
  return (
    <Field
      {...form.field('phone')}
      label={`${t('account:phone.field')} (${t('account:phone.prefix')})`}
      type="tel"
      inputMode="tel"
      autoComplete="tel-national"
      placeholder={t('account:phone.placeholder')}
      maxLength={16}
      autoFocus={autoFocus}
    />
  );
}

/** The six-digit texted code with its button; without a number field (deletion) the code goes to the account's own. */
export function PhoneCodeField({
  form,
  purpose,
  phone,
  checkPhone,
}: {
  form: FormState<'code'>;
  purpose: PhoneCodePurpose;
  phone?: string;
  checkPhone?: () => boolean;
}) {
  const { t } = useTranslation();
  return (
    <Field
      {...form.field('code')}
      label={t('account:field.code')}
      inputMode="numeric"
      autoComplete="one-time-code"
      placeholder={t('account:phone.codePlaceholder')}
      maxLength={6}
      addon={<PhoneCodeButton purpose={purpose} phone={phone} check={checkPhone ?? (() => true)} />}
    />
  );
}
