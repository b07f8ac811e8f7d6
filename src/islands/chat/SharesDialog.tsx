import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../components/Dialog';
import { useLazyConfirm } from '../../components/lazy-confirm';
import { copyText } from '../../lib/clipboard';
import { toast } from '../../lib/toast';
import type { ChatShareInfo } from '../../shared/contract/chat-share';
import { $sharesOpen, fetchShares, revokeShare, setListed } from './share-api';

const small =
  'rounded-md px-2 py-1 text-xs font-medium text-slate-700 ring-1 ring-slate-300 hover:bg-slate-100 dark:text-slate-200 dark:ring-slate-600 dark:hover:bg-slate-800';

/** "我的分享": each live share with open, copy link, the search-engine switch and revoke. */
export function SharesDialog() {
  const { t } = useTranslation();
  const { fresh } = useStore($sharesOpen);
  const [shares, setShares] = useState<ChatShareInfo[] | null>(null);
  const { confirm, confirmElement } = useLazyConfirm();

  useEffect(() => {
    void fetchShares().then((list) => setShares(list ?? []));
  }, []);

  const replace = (next: ChatShareInfo) => setShares((all) => all?.map((s) => (s.id === next.id ? next : s)) ?? null);
  const link = (s: ChatShareInfo) => new URL(s.url, location.origin).href;

  return (
    <Dialog open onClose={() => $sharesOpen.set({ open: false })} title={t('share.mine')} size="lg">
      {shares === null ? (
        <p className="text-sm text-slate-600 dark:text-slate-400" role="status">
          …
        </p>
      ) : shares.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('share.none')}</p>
      ) : (
        <ul className="max-h-[60vh] space-y-2 overflow-y-auto" data-chat-shares>
          {shares.map((s) => (
            <li
              key={s.id}
              data-share-id={s.id}
              className={`rounded-xl px-3 py-2 ring-1 ${s.id === fresh ? 'ring-brand-400' : 'ring-slate-200 dark:ring-slate-700'}`}
            >
              <div className="flex items-center gap-2">
                <a
                  href={s.url}
                  target="_blank"
                  rel="noopener"
                  className="min-w-0 flex-1 truncate text-sm font-medium text-brand-700 hover:underline dark:text-brand-300"
                >
                  {s.title}
                </a>
                <span className="shrink-0 text-xs text-slate-500 dark:text-slate-400">
                  {new Date(s.createdAt).toLocaleDateString()}
                </span>
              </div>
              {s.takenDown && (
                <p className="mt-1 text-xs font-medium text-red-700 dark:text-red-300">
                  {t('layout:moderation.takenDownMine')}
                </p>
              )}
              <div className="mt-2 flex flex-wrap items-center gap-2">
                <button
                  type="button"
                  className={small}
                  onClick={async () => {
                    if (await copyText(link(s))) toast.success(t('share.copied'));
                  }}
                >
                  {t('share.copy')}
                </button>
                <label className="inline-flex items-center gap-1.5 text-xs text-slate-700 dark:text-slate-300">
                  <input
                    type="checkbox"
                    checked={s.listed}
                    onChange={async (e) => {
                      // Shown at once; put back if the server refused.
                      const listed = e.target.checked;
                      replace({ ...s, listed });
                      replace((await setListed(s.id, listed)) ?? s);
                    }}
                  />
                  {t('share.listed')}
                </label>
                <button
                  type="button"
                  className={`${small} ml-auto text-red-700 dark:text-red-300`}
                  onClick={async () => {
                    if (!(await confirm({ content: t('share.revokeConfirm', { title: s.title }), danger: true })))
                      return;
                    if (!(await revokeShare(s.id))) return;
                    setShares((all) => all?.filter((x) => x.id !== s.id) ?? null);
                    toast.success(t('share.revoked'));
                  }}
                >
                  {t('share.revoke')}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {confirmElement}
    </Dialog>
  );
}
