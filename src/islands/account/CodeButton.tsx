import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/button-styles';
import { toast } from '../../lib/toast';
import { CODE_RESEND_SECONDS } from '../../shared/account-rules';
import { type CodePurpose, requestCode } from './account-api';
import { rememberCodeSession, startCountdown, useCountdown } from './code-state';

export interface CodeButtonProps {
  purpose: CodePurpose;
  email: string;
  /** Shows the e-mail field's error; the code is only requested for a valid address. */
  checkEmail: () => boolean;
}

function secondsOf(data: unknown): number | null {
  if (typeof data !== 'object' || data === null || !('seconds' in data)) return null;
  const { seconds } = data;
  return typeof seconds === 'number' && seconds > 0 ? Math.ceil(seconds) : null;
}

/** Get-code button: 'N秒后重新获取' for 119 s after a successful send (docs/state-machines.md). */
export function CodeButton({ purpose, email, checkEmail }: CodeButtonProps) {
  const { t } = useTranslation();
  const left = useCountdown(purpose);
  const [sending, setSending] = useState(false);

  const send = async () => {
    if (!checkEmail()) return;
    setSending(true);
    const result = await requestCode(email, purpose);
    setSending(false);
    if (result.kind === 'reply' && result.data.resultCode === '1') {
      rememberCodeSession(purpose, email, result.data.picCodeSessionId);
      startCountdown(purpose, CODE_RESEND_SECONDS);
      // Worded so it holds whether or not the address has an account (docs/accounts.md).
      toast.success(t(purpose === 'reset' ? 'account:code.sentReset' : 'account:code.sentRegister'), 8000);
      return;
    }
    if (result.kind === 'http' && result.status === 429) {
      // Sent shortly before (another tab, a reload): count down what the server says is left.
      const seconds = secondsOf(result.reply?.data);
      if (seconds) startCountdown(purpose, seconds);
      toast.warning(result.message);
      return;
    }
    if (result.kind !== 'aborted') toast.error(t('account:code.failed'));
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
