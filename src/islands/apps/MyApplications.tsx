import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../components/Confirm';
import { ReviewBadge } from '../../components/ReviewBadge';
import { type IslandI18nProps, IslandRoot } from '../../lib/island-i18n';
import { toast } from '../../lib/toast';
import { Code } from '../../shared/codes';
import { listMine, type OwnApp, removeApp } from './apps-api';
import { LoginGate } from './LoginGate';
import { AppIcon } from './store/AppIcon';
import { openApp } from './store/open-app';

const link = 'rounded-full px-3 py-1 text-sm font-medium hover:bg-slate-100 dark:hover:bg-slate-800';

function Mine() {
  const { t } = useTranslation();
  const [apps, setApps] = useState<OwnApp[] | null>(null);
  const { confirm, confirmElement } = useConfirm();

  useEffect(() => {
    void listMine().then((r) => setApps(r.kind === 'reply' ? r.data.records : []));
  }, []);

  if (apps === null)
    return <p className="py-12 text-center text-slate-500 dark:text-slate-400">{t('store.loading')}</p>;
  return (
    <div className="flex flex-col gap-4">
      <a
        href="/createApplication"
        className="self-start rounded-full bg-brand-600 px-5 py-2 text-sm font-medium text-white hover:bg-brand-700"
      >
        {t('apps.create')}
      </a>
      {apps.length === 0 && <p className="py-12 text-center text-slate-500 dark:text-slate-400">{t('apps.empty')}</p>}
      <ul className="grid gap-3 md:grid-cols-2">
        {apps.map((app) => (
          <li
            key={app.id}
            className="flex gap-3 rounded-2xl bg-white p-4 ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800"
          >
            <AppIcon iconUrl={app.iconUrl} />
            <div className="min-w-0 flex-1">
              <p className="flex items-center gap-2 font-medium text-slate-900 dark:text-white">
                <span className="truncate">{app.promptTitle}</span>
                <span
                  className={`shrink-0 rounded-full px-2 py-0.5 text-xs ${app.published ? 'bg-emerald-50 text-emerald-700 dark:bg-emerald-900/40 dark:text-emerald-300' : 'bg-slate-100 text-slate-600 dark:bg-slate-800 dark:text-slate-300'}`}
                >
                  {app.published ? t('apps.published') : t('apps.draft')}
                </span>
                <ReviewBadge
                  review={app.published || app.review === 'hidden' ? app.review : undefined}
                  className="shrink-0"
                />
              </p>
              <p className="mt-1 line-clamp-2 text-sm text-slate-500 dark:text-slate-400">{app.promptDescription}</p>
              {app.review === 'hidden' && (
                <p className="mt-1 text-sm font-medium text-red-700 dark:text-red-300">
                  {t('layout:moderation.takenDownMine')}
                </p>
              )}
              <div className="mt-2 -ml-3 flex flex-wrap">
                <button
                  type="button"
                  className={`${link} text-brand-700 dark:text-brand-300`}
                  onClick={() => openApp(app)}
                >
                  {t('apps.use')}
                </button>
                <a className={link} href={`/modifyApplication?id=${app.id}`}>
                  {t('apps.edit')}
                </a>
                <button
                  type="button"
                  className={`${link} text-red-600`}
                  onClick={async () => {
                    if (!(await confirm({ content: t('apps.deleteConfirm'), danger: true }))) return;
                    const r = await removeApp(app.id);
                    if (!r.ok && r.kind === 'business' && r.code === Code.DELETE_RESULT) {
                      toast.success(r.result);
                      setApps((list) => (list ?? []).filter((a) => a.id !== app.id));
                    } else if (r.kind === 'business') toast.error(r.result);
                  }}
                >
                  {t('apps.delete')}
                </button>
              </div>
            </div>
          </li>
        ))}
      </ul>
      {confirmElement}
    </div>
  );
}

/** /myapplication island. */
export function MyApplicationsIsland(props: IslandI18nProps) {
  return (
    <IslandRoot lang={props.lang} messages={props.messages} ns="chat">
      <LoginGate>
        <Mine />
      </LoginGate>
    </IslandRoot>
  );
}
