import { useStore } from '@nanostores/react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/conversation/icons';
import { copyText } from '../../lib/clipboard';
import { openLogin } from '../../lib/login-event';
import { toast } from '../../lib/toast';
import { $token } from '../../stores/auth';
import { $sharesOpen, createShare } from './share-api';

// The list of shares loads when first opened, not with the chat page.
const SharesDialog = lazy(() => import('./SharesDialog').then((m) => ({ default: m.SharesDialog })));

/** "分享" in the conversation header: saves a snapshot, copies its link and shows "我的分享". */
export function ShareButton({ uuid, disabled }: { uuid: number | null; disabled: boolean }) {
  const { t } = useTranslation();
  const token = useStore($token);
  const { open } = useStore($sharesOpen);
  const [busy, setBusy] = useState(false);

  const share = async () => {
    if (!token) {
      toast.info(t('share.signIn'));
      openLogin();
      return;
    }
    if (uuid === null) return;
    setBusy(true);
    const made = await createShare(uuid);
    setBusy(false);
    if (!made) return;
    const copied = await copyText(new URL(made.url, location.origin).href);
    toast.success(t(copied ? 'share.created' : 'share.createdNoCopy'));
    $sharesOpen.set({ open: true, fresh: made.id });
  };

  return (
    <>
      <button
        type="button"
        onClick={share}
        disabled={disabled || busy}
        data-chat-share
        className="inline-flex h-9 items-center gap-1.5 rounded-lg px-2.5 text-sm text-slate-600 hover:bg-slate-100 disabled:opacity-50 dark:text-slate-300 dark:hover:bg-slate-800"
      >
        <Icon name="share" className="size-4" />
        {t('share.action')}
      </button>
      {open && (
        <Suspense fallback={null}>
          <SharesDialog />
        </Suspense>
      )}
    </>
  );
}
