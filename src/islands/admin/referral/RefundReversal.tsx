import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { consoleCall } from '../../../lib/api';
import { yuan } from '../ui/format';

/**
 * In the refund form: what the refund would reverse of the order's referral
 * commission, and how much of that the inviter already withdrew (it becomes
 * their debt), said before the admin confirms.
 */
export function RefundReversal({ orderNo, amount }: { orderNo: string; amount: number }) {
  const { t } = useTranslation();
  const [preview, setPreview] = useState<{ reversed: number; debt: number } | null>(null);
  useEffect(() => {
    if (!Number.isInteger(amount) || amount < 1) return setPreview(null);
    let live = true;
    void consoleCall('GET', `/admin/referral/orders/${orderNo}/reversal`, { amount }).then((res) => {
      if (live) setPreview(res.ok ? res.data : null);
    });
    return () => {
      live = false;
    };
  }, [orderNo, amount]);
  if (!preview || preview.reversed === 0) return null;
  return (
    <p role="note" data-testid="refund-reversal" className="text-sm text-amber-800 dark:text-amber-200">
      {t('referral:console.refundReversal', { reversed: yuan(preview.reversed) })}
      {preview.debt > 0 && ` ${t('referral:console.refundDebt', { debt: yuan(preview.debt) })}`}
    </p>
  );
}
