import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/button-styles';
import { SvgIcon } from '../../components/SvgIcon';
import { linkClass } from './styles';
import { type QrLoginState, type ScanAction, useQrLogin } from './use-qr-login';

function QrOverlay({
  state,
  onRefresh,
  scannedText,
}: {
  state: QrLoginState;
  onRefresh: () => void;
  scannedText: string;
}) {
  const { t } = useTranslation();
  if (state.status === 'loading' || state.status === 'scanned') {
    const text = state.status === 'loading' ? t('account:wechat.loading') : scannedText;
    return (
      <p
        role="status"
        className="absolute inset-0 flex flex-col items-center justify-center gap-3 rounded-2xl bg-white/90 text-sm text-slate-600"
      >
        <SvgIcon name="refresh" className="size-6 animate-spin text-brand-600 motion-reduce:animate-none" />
        {text}
      </p>
    );
  }
  if (state.status === 'ready') return null;
  const text = state.status === 'expired' ? t('account:wechat.expired') : state.message;
  return (
    <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 rounded-2xl bg-white/95 px-4">
      <p role="alert" className="text-sm font-medium text-slate-800">
        {text}
      </p>
      <button type="button" onClick={onRefresh} className={buttonClass('primary')}>
        <SvgIcon name="refresh" className="size-4" />
        {t('account:wechat.refresh')}
      </button>
    </div>
  );
}

/**
 * QR tab: the QR with its loading state, the scan hint, expiry with
 * 'refresh', the sandbox note. With `onScan` the scan proves the account's
 * WeChat for another action (deleting the account) instead of logging in (docs/routes-and-screens.md).
 */
export function WechatLogin({
  onScan,
  scannedText,
  hint,
}: {
  onScan?: ScanAction;
  scannedText?: string;
  hint?: string;
}) {
  const { t } = useTranslation();
  const [attempt, setAttempt] = useState(0);
  const state = useQrLogin(attempt, onScan);
  const qr = 'qr' in state ? state.qr : undefined;
  return (
    <div className="flex flex-col items-center text-center">
      <div className="relative grid size-56 place-items-center rounded-2xl bg-white p-3 ring-1 ring-slate-200 dark:ring-slate-700">
        {qr && (
          <img
            src={qr.filePath}
            alt={t('account:wechat.alt')}
            data-qrcode={qr.qrcode}
            width={200}
            height={200}
            className={`size-50 ${state.status === 'ready' ? '' : 'opacity-20'}`}
          />
        )}
        <QrOverlay
          state={state}
          onRefresh={() => setAttempt((n) => n + 1)}
          scannedText={scannedText ?? t('account:wechat.loggingIn')}
        />
      </div>
      <p className="mt-4 flex items-center gap-2 field-label">
        <SvgIcon name="chat" className="size-5 text-emerald-600 dark:text-emerald-400" />
        {hint ?? t('account:wechat.hint')}
      </p>
      <p className="mt-1 text-xs leading-5 text-slate-500 dark:text-slate-400">{t('account:wechat.subhint')}</p>
      {qr?.sandbox && (
        <div className="mt-4 w-full rounded-xl bg-amber-50 px-3 py-2 text-left text-xs leading-5 text-amber-900 ring-1 ring-amber-200 dark:bg-amber-950/40 dark:text-amber-200 dark:ring-amber-900">
          <p>{t('account:wechat.sandbox')}</p>
          {qr.qrcode && (
            <a href={qr.qrcode} target="_blank" rel="noopener" className={`${linkClass} mt-1 inline-block`}>
              {t('account:wechat.openSandbox')}
              <span className="sr-only">{t('layout:link.newWindow')}</span>
            </a>
          )}
        </div>
      )}
    </div>
  );
}
