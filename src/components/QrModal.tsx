import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { qrDataUrl } from '../lib/qr';
import { Dialog } from './Dialog';
import { SvgIcon } from './SvgIcon';

export interface QrModalProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  /** A ready image (static QR picture); wins over `url`. */
  src?: string;
  /** Text to encode, e.g. a pay link or share address. */
  url?: string;
  /** Alternative text of the image; defaults to layout:qr.alt. */
  alt?: string;
  hint?: ReactNode;
  link?: { href: string; label: string };
  /** False for the pay dialog, which a mask click must not close. */
  maskClosable?: boolean;
  /** Extra content under the hint (countdown, sandbox notice…). */
  children?: ReactNode;
}

type QrState = { status: 'loading' } | { status: 'ready'; src: string } | { status: 'failed' };

/** Encodes `url` while the modal is open; a ready `src` skips encoding. */
function useQrImage(open: boolean, src: string | undefined, url: string | undefined): QrState {
  const [state, setState] = useState<QrState>({ status: 'loading' });
  useEffect(() => {
    if (src || !open || !url) return;
    let current = true;
    setState({ status: 'loading' });
    qrDataUrl(url).then(
      (dataUrl) => current && setState({ status: 'ready', src: dataUrl }),
      () => current && setState({ status: 'failed' }),
    );
    return () => {
      current = false;
    };
  }, [open, src, url]);
  return src ? { status: 'ready', src } : state;
}

/** A QR code in a dialog: login, payment, group, official account and share codes. */
export function QrModal({
  open,
  onClose,
  title,
  src,
  url,
  alt,
  hint,
  link,
  maskClosable = true,
  children,
}: QrModalProps) {
  const { t } = useTranslation('layout');
  const image = useQrImage(open, src, url);
  return (
    <Dialog open={open} onClose={onClose} title={title} size="sm" maskClosable={maskClosable}>
      <div className="flex flex-col items-center text-center">
        <div className="grid size-56 place-items-center rounded-2xl bg-white p-3 ring-1 ring-slate-200 dark:ring-slate-700">
          {image.status === 'ready' && (
            <img src={image.src} alt={alt ?? t('qr.alt')} width={200} height={200} className="size-50" />
          )}
          {image.status === 'loading' && (
            <p role="status" className="flex flex-col items-center gap-3 text-sm text-slate-600">
              <SvgIcon name="refresh" className="size-6 animate-spin text-brand-600 motion-reduce:animate-none" />
              {t('qr.loading')}
            </p>
          )}
          {image.status === 'failed' && (
            <p role="alert" className="px-2 text-sm text-red-700">
              {t('qr.failed')}
            </p>
          )}
        </div>
        {hint && <div className="mt-4 text-sm leading-6 text-slate-700 dark:text-slate-300">{hint}</div>}
        {children}
        {link && (
          <a
            href={link.href}
            target="_blank"
            rel="noopener noreferrer"
            className="mt-4 inline-flex items-center gap-1.5 rounded text-sm font-medium text-brand-700 underline-offset-4 hover:underline dark:text-brand-300"
          >
            {link.label}
            <SvgIcon name="external" className="size-4" />
            <span className="sr-only">{t('link.newWindow')}</span>
          </a>
        )}
      </div>
    </Dialog>
  );
}
