import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/button-styles';
import { Dialog } from '../../components/Dialog';
import { Form } from '../../components/Form';
import { openLogin } from '../../lib/login-event';
import { toast } from '../../lib/toast';
import { Code } from '../../shared/codes';
import { getToken } from '../../stores/auth';
import { loadUser } from '../../stores/user';
import { type Redeemed, redeemCode } from './coupon-api';

export interface RedeemDialogProps {
  open: boolean;
  onClose: () => void;
  /** Formats an ISO instant in the site time zone. */
  formatTime: (iso: string) => string;
}

const INPUT =
  'block w-full rounded-xl border bg-white px-3.5 py-2.5 font-mono text-base uppercase tracking-wider text-slate-900 shadow-xs outline-none transition-colors placeholder:normal-case placeholder:tracking-normal placeholder:text-slate-400 focus:ring-4 dark:bg-slate-950 dark:text-slate-100';

/** The free-experience-code dialog: redeem a code from the welfare group or the official account. */
export function RedeemDialog({ open, onClose, formatTime }: RedeemDialogProps) {
  const { t } = useTranslation();
  const id = useId();
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) {
      setError(t('activity:redeem.required'));
      return;
    }
    if (!getToken()) {
      toast.warning(t('activity:redeem.loginFirst'));
      onClose();
      openLogin();
      return;
    }
    setBusy(true);
    setError('');
    const res = await redeemCode(code.trim());
    setBusy(false);
    if (res.kind === 'business' && res.code === Code.SUCCESS) {
      const data = res.data as Redeemed;
      toast.success(t('activity:redeem.successUntil', { until: formatTime(data.validUntil) }));
      setCode('');
      onClose();
      void loadUser();
    } else if (res.kind === 'business' && res.code === Code.NOT_LOGGED_IN) {
      onClose();
      openLogin();
    } else if (res.kind === 'business') {
      setError(res.result);
    } else if (!res.ok && res.kind !== 'aborted') {
      setError(res.message);
    }
  };

  const invalid = error !== '';
  return (
    <Dialog open={open} onClose={onClose} title={t('activity:redeem.title')} size="sm">
      <Form onSubmit={(e) => void submit(e)} noValidate className="space-y-4">
        <p className="text-sm leading-6 text-slate-600 dark:text-slate-400">{t('activity:redeem.intro')}</p>
        <div>
          <label htmlFor={id} className="block text-sm font-medium text-slate-700 dark:text-slate-200">
            {t('activity:redeem.label')}
          </label>
          <input
            id={id}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            maxLength={40}
            autoComplete="off"
            spellCheck={false}
            placeholder={t('activity:redeem.placeholder')}
            aria-invalid={invalid}
            aria-describedby={invalid ? `${id}-error` : undefined}
            className={`${INPUT} mt-1.5 ${invalid ? 'border-red-500 focus:ring-red-500/30' : 'border-slate-300 focus:border-brand-500 focus:ring-brand-500/25 dark:border-slate-700'}`}
          />
          {invalid && (
            <p id={`${id}-error`} role="alert" className="mt-1.5 text-xs leading-5 text-red-600 dark:text-red-400">
              {error}
            </p>
          )}
        </div>
        <button type="submit" disabled={busy} className={buttonClass('primary', 'w-full py-2.5')}>
          {busy ? t('activity:redeem.submitting') : t('activity:redeem.submit')}
        </button>
      </Form>
    </Dialog>
  );
}
