import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/button-styles';
import { QrModal } from '../../components/QrModal';
import { LazyIslandRoot } from '../../lib/island-i18n-lazy';
import { reactMount } from '../../lib/react-mount';
import { isSiteModal, OPEN_MODAL_EVENT, OPEN_MODAL_READY_EVENT, type SiteModal } from '../../lib/site-modal-event';
import { toast } from '../../lib/toast';
import { dateTimeFormat } from '../../shared/date-format';
import type { Language } from '../../shared/languages';
import { RedeemDialog } from './RedeemDialog';

export interface SiteModalsProps {
  lang: Language;
  timeZone: string;
  /** Android package; null offers installing the web app instead. */
  androidUrl: string | null;
  officialQr: string;
  supportQr: string;
}

const PREVIEWS = ['/images/android/preview-1.svg', '/images/android/preview-2.svg', '/images/android/preview-3.svg'];

function Modals({ lang, timeZone, androidUrl, officialQr, supportQr }: SiteModalsProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<SiteModal | null>(null);
  useEffect(() => {
    const onOpen = (event: CustomEvent<SiteModal | null>) => isSiteModal(event.detail) && setOpen(event.detail);
    window.addEventListener(OPEN_MODAL_EVENT, onOpen);
    window.dispatchEvent(new Event(OPEN_MODAL_READY_EVENT));
    return () => window.removeEventListener(OPEN_MODAL_EVENT, onOpen);
  }, []);
  const formatTime = useMemo(() => {
    const f = dateTimeFormat(lang, { timeZone, dateStyle: 'short', timeStyle: 'short', hourCycle: 'h23' });
    return (iso: string) => f.format(new Date(iso));
  }, [lang, timeZone]);
  const close = () => setOpen(null);
  const shareUrl = typeof location === 'undefined' ? '' : location.href;
  const copyLink = () =>
    navigator.clipboard.writeText(shareUrl).then(
      () => toast.success(t('activity:share.copied')),
      () => toast.error(t('activity:code.copyFailed')),
    );
  return (
    <>
      <QrModal
        open={open === 'android'}
        onClose={close}
        title={t('activity:android.title')}
        url={androidUrl ?? (typeof location === 'undefined' ? '' : location.origin)}
        hint={androidUrl ? t('activity:android.hint') : t('activity:android.none')}
        {...(androidUrl ? { link: { href: androidUrl, label: t('activity:android.link') } } : {})}
      >
        <h3 className="mt-5 text-sm font-medium text-slate-900 dark:text-white">{t('activity:android.previews')}</h3>
        <ul className="mt-2 flex gap-2">
          {PREVIEWS.map((src, i) => (
            <li key={src}>
              <img
                src={src}
                alt={t('activity:android.preview', { n: i + 1 })}
                width={72}
                height={156}
                loading="lazy"
                className="rounded-lg ring-1 ring-slate-200 dark:ring-slate-700"
              />
            </li>
          ))}
        </ul>
      </QrModal>
      <QrModal
        open={open === 'official'}
        onClose={close}
        title={t('activity:official.title')}
        src={officialQr}
        alt={t('activity:official.alt')}
        hint={t('activity:official.hint')}
      />
      <QrModal
        open={open === 'support'}
        onClose={close}
        title={t('activity:support.title')}
        src={supportQr}
        alt={t('activity:support.alt')}
        hint={t('activity:support.hint')}
      />
      <QrModal
        open={open === 'share'}
        onClose={close}
        title={t('activity:share.title')}
        url={shareUrl}
        hint={t('activity:share.hint')}
      >
        <button type="button" className={buttonClass('secondary', 'mt-4')} onClick={() => void copyLink()}>
          {t('activity:share.copy')}
        </button>
      </QrModal>
      <RedeemDialog open={open === 'redeem'} onClose={close} formatTime={formatTime} />
    </>
  );
}

/** The layout's small modals (docs/routes-and-screens.md), mounted on their first event so they cost nothing until opened. */
export function SiteModals(props: SiteModalsProps) {
  return (
    <LazyIslandRoot lang={props.lang} namespaces={['activity', 'common', 'layout']} ns="common">
      <Modals {...props} />
    </LazyIslandRoot>
  );
}

/** What mountEventDialogs (src/islands/event-dialogs.ts) renders into its element. */
export const mount = reactMount(SiteModals);
