import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { consoleCall } from '../../../lib/api';

/**
 * In the refund form: what the refund would take back of the order's credit
 * pack, and how much of its share the user already spent (it stays spent),
 * said before the admin confirms.
 */
export function CreditRefundPreview({ orderNo, amount }: { orderNo: string; amount: number }) {
  const { t } = useTranslation();
  const [preview, setPreview] = useState<{ credits: number; back: number; spent: number } | null>(null);
  useEffect(() => {
    if (!Number.isInteger(amount) || amount < 1) return setPreview(null);
    let live = true;
    void consoleCall('GET', `/admin/credits/orders/${orderNo}/refund`, { amount }).then((res) => {
      if (live) setPreview(res.ok ? res.data : null);
    });
    return () => {
      live = false;
    };
  }, [orderNo, amount]);
  if (!preview || preview.credits === 0) return null;
  return (
    <p role="note" data-testid="refund-credits" className="text-sm text-amber-800 dark:text-amber-200">
      {t('admin:orders.refundCredits', { back: preview.back })}
      {preview.spent > 0 && ` ${t('admin:orders.refundCreditsSpent', { spent: preview.spent })}`}
    </p>
  );
}
