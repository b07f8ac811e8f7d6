import { useTranslation } from 'react-i18next';
import { QrModal } from '../../components/QrModal';
import type { OrderInfo } from '../../shared/contract/shop';
import { yuan } from './format';
import { formatCountdown } from './time';
import { useNow } from './use-now';
import { SANDBOX_PATH, usePayLink } from './use-sandbox-link';

export interface PayDialogProps {
  order: OrderInfo;
  open: boolean;
  /** The sandbox payment provider is active: say so, and link the sandbox pay page. */
  sandbox: boolean;
  onClose: () => void;
}

/** Pay dialog: QR of the pay link, scan instruction, time left, amount; a mask click does not close it (docs/routes-and-screens.md). */
export function PayDialog({ order, open, sandbox, onClose }: PayDialogProps) {
  const { t } = useTranslation('shop');
  const now = useNow(open);
  const payLink = usePayLink(order, open);
  const isSandbox = sandbox || (order.payLink ?? '').includes(SANDBOX_PATH);
  const left = Date.parse(order.expiresAt) - now;
  const expired = Number.isFinite(left) && left <= 0;
  const title = (
    <span className="inline-flex items-center gap-2">
      {t('pay.title')}
      {isSandbox && (
        <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-800 dark:bg-amber-400/15 dark:text-amber-300">
          {t('pay.sandbox')}
        </span>
      )}
    </span>
  );
  return (
    <QrModal
      open={open}
      onClose={onClose}
      title={title}
      url={payLink}
      alt={t('pay.qrAlt')}
      hint={t('pay.scan')}
      maskClosable={false}
      link={isSandbox && payLink ? { href: payLink, label: t('pay.openLink') } : undefined}
    >
      <div className="mt-4 w-full space-y-3">
        <p className="flex items-baseline justify-center gap-2">
          <span className="text-sm text-slate-500 dark:text-slate-400">{t('pay.amount')}</span>
          <span className="text-3xl font-semibold tabular-nums text-slate-900 dark:text-white">
            <span className="mr-0.5 text-lg">¥</span>
            {yuan(order.orderPrice)}
          </span>
        </p>
        <p className="text-xs text-slate-500 dark:text-slate-400">{order.orderDesc}</p>
        {expired ? (
          <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
            {t('pay.expired')}
          </p>
        ) : (
          <p className="text-sm text-slate-700 dark:text-slate-300">
            {t('pay.within', { minutes: order.payLimitTime })}
            {Number.isFinite(left) && (
              <span
                role="timer"
                className="ml-2 font-mono font-semibold tabular-nums text-brand-700 dark:text-brand-300"
              >
                {t('pay.remaining', { time: formatCountdown(left) })}
              </span>
            )}
          </p>
        )}
        {isSandbox && (
          <p className="rounded-lg bg-amber-50 px-3 py-2 text-xs leading-5 text-amber-900 dark:bg-amber-400/10 dark:text-amber-200">
            {t('pay.sandboxHint')}
          </p>
        )}
        <p role="status" className="flex items-center justify-center gap-2 text-xs text-slate-500 dark:text-slate-400">
          <span
            className="size-2 animate-pulse rounded-full bg-brand-500 motion-reduce:animate-none"
            aria-hidden="true"
          />
          {t('pay.waiting')}
        </p>
      </div>
    </QrModal>
  );
}
