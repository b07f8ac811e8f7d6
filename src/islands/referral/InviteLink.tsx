import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/button-styles';
import { copyText } from '../../lib/clipboard';
import { inviteLink } from '../../lib/invite';
import { qrDataUrl } from '../../lib/qr';

/** The caller's invite link: the address to copy and its QR code (the encoder loads with this view). */
export function InviteLink({ code }: { code: string }) {
  const { t } = useTranslation();
  const link = inviteLink(location.origin, code);
  const [qr, setQr] = useState('');
  const [copied, setCopied] = useState<'' | 'ok' | 'failed'>('');
  useEffect(() => {
    void qrDataUrl(link, { size: 160 }).then(setQr);
  }, [link]);
  const copy = async () => setCopied((await copyText(link)) ? 'ok' : 'failed');
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
      <div className="min-w-0 flex-1 space-y-2">
        <label className="block text-sm font-medium" htmlFor="invite-link">
          {t('link.label')}
        </label>
        <div className="flex gap-2">
          <input
            id="invite-link"
            readOnly
            value={link}
            data-testid="invite-link"
            className="min-w-0 flex-1 rounded-xl border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-900"
            onFocus={(e) => e.target.select()}
          />
          <button type="button" className={buttonClass('primary')} onClick={() => void copy()}>
            {t('link.copy')}
          </button>
        </div>
        <p role="status" className="min-h-5 text-sm text-slate-600 dark:text-slate-300">
          {copied === 'ok' ? t('link.copied') : copied === 'failed' ? t('link.copyFailed') : ''}
        </p>
      </div>
      {qr ? (
        <img src={qr} width={160} height={160} alt={t('link.qr')} className="rounded-xl bg-white p-1" />
      ) : (
        <div className="size-40 rounded-xl bg-slate-100 dark:bg-slate-800" aria-hidden="true" />
      )}
    </div>
  );
}
