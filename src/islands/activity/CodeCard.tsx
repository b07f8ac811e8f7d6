import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/button-styles';
import { toast } from '../../lib/toast';
import { groupCode, type UserCoupon } from './coupon-api';

export interface CodeCardProps {
  coupon: UserCoupon;
  /** Formats an ISO instant in the site time zone. */
  formatTime: (iso: string) => string;
}

async function copy(text: string, ok: string, failed: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(ok);
  } catch {
    toast.error(failed);
  }
}

/** Today's claimed code and how to use it. */
export function CodeCard({ coupon, formatTime }: CodeCardProps) {
  const { t } = useTranslation();
  const until = coupon.validUntil ? formatTime(coupon.validUntil) : '';
  return (
    <section
      aria-labelledby="code-title"
      className="rounded-2xl border border-emerald-200 bg-emerald-50 p-5 text-left dark:border-emerald-900 dark:bg-emerald-950/40"
    >
      <h2 id="code-title" className="text-sm font-semibold text-emerald-800 dark:text-emerald-200">
        {t('activity:code.title')}
      </h2>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <code
          data-testid="coupon-code"
          className="rounded-lg bg-white px-3 py-1.5 font-mono text-xl font-semibold tracking-wider text-slate-900 ring-1 ring-emerald-200 dark:bg-slate-900 dark:text-white dark:ring-emerald-800"
        >
          {groupCode(coupon.code)}
        </code>
        <button
          type="button"
          className={buttonClass('secondary')}
          onClick={() => void copy(coupon.code, t('activity:code.copied'), t('activity:code.copyFailed'))}
        >
          {t('activity:code.copy')}
        </button>
      </div>
      <p className="mt-3 text-sm leading-6 text-emerald-900 dark:text-emerald-100">
        {t('activity:code.howTo', { until })}
      </p>
      <a href="/chat" className={buttonClass('primary', 'mt-4')}>
        {t('activity:code.goChat')}
      </a>
    </section>
  );
}

/** Earlier claims, newest first. */
export function ClaimHistory({ coupons, formatTime }: { coupons: UserCoupon[]; formatTime: (iso: string) => string }) {
  const { t } = useTranslation();
  if (coupons.length === 0) return null;
  return (
    <section aria-labelledby="history-title" className="text-left">
      <h2 id="history-title" className="text-sm font-semibold text-slate-900 dark:text-white">
        {t('activity:history.title')}
      </h2>
      <ul className="mt-2 divide-y divide-slate-100 text-sm dark:divide-slate-800">
        {coupons.map((c) => (
          <li key={c.code} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <span className="font-mono text-slate-800 dark:text-slate-200">{groupCode(c.code)}</span>
            <span className="text-slate-600 dark:text-slate-400">
              {c.validUntil ? t('activity:history.validUntil', { until: formatTime(c.validUntil) }) : c.day}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
