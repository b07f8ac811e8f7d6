import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/button-styles';
import { Dialog } from '../../components/Dialog';
import { SvgIcon } from '../../components/SvgIcon';

export interface ResultDialogProps {
  open: boolean;
  kind: 'success' | 'failure';
  message: string;
  /** A second line, e.g. where the page goes next. */
  detail?: string;
  onClose: () => void;
}

/** The outcome of a payment: success before leaving for /order, or '支付失败，请稍后重试'. */
export function ResultDialog({ open, kind, message, detail, onClose }: ResultDialogProps) {
  const { t } = useTranslation('shop');
  const success = kind === 'success';
  return (
    <Dialog
      open={open}
      onClose={onClose}
      size="sm"
      closable={!success}
      title={success ? t('status.1') : t('pay.failedTitle')}
      footer={
        success ? undefined : (
          <button type="button" className={buttonClass('primary')} onClick={onClose} data-autofocus>
            {t('pay.ok')}
          </button>
        )
      }
    >
      <div className="flex flex-col items-center gap-3 text-center">
        <span
          className={`grid size-14 place-items-center rounded-full ${success ? 'bg-emerald-50 text-emerald-600 dark:bg-emerald-400/10 dark:text-emerald-400' : 'bg-red-50 text-red-600 dark:bg-red-400/10 dark:text-red-400'}`}
        >
          <SvgIcon name={success ? 'success' : 'error'} className="size-8" />
        </span>
        <p role={success ? 'status' : 'alert'} className="text-base font-medium text-slate-900 dark:text-white">
          {message}
        </p>
        {detail && <p className="text-sm text-slate-500 dark:text-slate-400">{detail}</p>}
      </div>
    </Dialog>
  );
}
