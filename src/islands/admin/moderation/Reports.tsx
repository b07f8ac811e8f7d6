import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../../components/button-styles';
import { Tabs } from '../../../components/Tabs';
import { consoleCall, type InputOf } from '../../../lib/api';
import { type IslandI18nProps, IslandRoot } from '../../../lib/island-i18n';
import type { ReportedItem } from '../../../shared/contract/moderation';
import type { ReportAction } from '../../../shared/moderation-reports';
import { CardQueue } from '../ui/CardQueue';
import { card } from '../ui/format';
import { ReasonForm } from '../ui/ReasonForm';

type State = NonNullable<InputOf<'GET', '/admin/reports'>['state']>;

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '—');

/** What a moderator may do with the item in its state. */
function actionsFor(item: ReportedItem, state: State): ReportAction[] {
  const list: ReportAction[] = [];
  if (item.review && item.review !== 'hidden') list.push('hide');
  if (item.review === 'hidden') list.push('restore');
  if (state === 'open') list.push('dismiss');
  if (item.author && !item.author.banned) list.push('ban');
  return list;
}

/** One reported item: its preview, author, reports, the moderation verdict, and the actions. */
function ItemCard({ item, state, onDone }: { item: ReportedItem; state: State; onDone: (m: string) => void }) {
  const { t } = useTranslation();
  const [action, setAction] = useState<ReportAction | null>(null);
  const heading = `report-${item.kind}-${item.id}`;
  const title = item.title || t('admin:reports.deleted');
  return (
    <article className={`${card} space-y-3`} aria-labelledby={heading} data-report-item={item.id}>
      <div className="flex gap-4">
        {item.media ? (
          // biome-ignore lint/a11y/useMediaCaption: a generated clip has no speech to caption.
          <video
            src={item.media}
            poster={item.preview ?? undefined}
            controls
            preload="none"
            aria-label={title}
            className="h-20 w-36 shrink-0 rounded-xl bg-slate-900 object-contain"
          />
        ) : (
          item.preview &&
          (item.preview.startsWith('emoji:') ? (
            <span className="grid size-20 shrink-0 place-items-center rounded-xl bg-slate-100 text-3xl dark:bg-slate-800">
              {item.preview.slice(6)}
            </span>
          ) : (
            <img
              src={item.preview}
              alt=""
              width={80}
              height={80}
              className="size-20 shrink-0 rounded-xl object-cover"
            />
          ))
        )}
        <div className="min-w-0 flex-1 space-y-1 text-sm">
          <h2 id={heading} className="break-words font-semibold text-slate-900 dark:text-white">
            <span className="mr-2 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium dark:bg-slate-800">
              {t(`admin:reports.kind.${item.kind}`)}
            </span>
            {title}
          </h2>
          <p>
            {item.review ? t(`admin:reports.review.${item.review}`) : t('admin:reports.deleted')}
            {item.href && item.review === 'published' && (
              <>
                {' · '}
                <a className="underline" href={item.href} target="_blank" rel="noreferrer">
                  {t('admin:reports.view')}
                </a>
              </>
            )}
          </p>
          <p>
            {t('admin:reports.author')}:{' '}
            {item.author ? (
              <a className="underline" href={`/admin/users/${item.author.id}`}>
                {item.author.nickname}
              </a>
            ) : (
              t('admin:reports.builtIn')
            )}
            {item.author?.banned && ` (${t('admin:reports.bannedAuthor')})`}
          </p>
          <p>
            {t('admin:reports.verdict')}: {t(`admin:reports.verdict.${item.verdict.verdict}`)}
            {item.verdict.reason && ` — ${item.verdict.reason}`}
          </p>
          {state === 'open' && (
            <p>
              {t('admin:reports.count', { count: item.openReports })} ·{' '}
              {t('admin:reports.last', { at: when(item.lastReportAt) })}
            </p>
          )}
        </div>
      </div>
      {item.text && item.text !== item.title && (
        <details className="text-sm" data-report-text>
          <summary className="cursor-pointer font-medium">{t('admin:reports.text')}</summary>
          <p className="mt-1 max-h-60 overflow-auto whitespace-pre-wrap break-words rounded-lg bg-slate-50 px-3 py-2 dark:bg-slate-800/60">
            {item.text}
          </p>
        </details>
      )}
      {item.reports.length > 0 && (
        <ul className="space-y-1 text-sm">
          {item.reports.map((r) => (
            <li key={r.id} className="rounded-lg bg-slate-50 px-3 py-2 dark:bg-slate-800/60">
              <span className="font-medium">{t(`common:report.reason.${r.reason}`)}</span>
              {r.text && <span className="break-words"> — {r.text}</span>}
              <span className="block text-xs text-slate-600 dark:text-slate-300">
                {r.reporterId ? t('admin:reports.reporter', { id: r.reporterId }) : t('admin:reports.visitor')} ·{' '}
                {when(r.createdAt)}
              </span>
            </li>
          ))}
        </ul>
      )}
      <fieldset className="flex flex-wrap gap-2">
        <legend className="sr-only">{t('admin:reports.actionsFor', { title })}</legend>
        {actionsFor(item, state).map((a) => (
          <button
            key={a}
            type="button"
            aria-pressed={action === a}
            className={buttonClass(a === 'hide' || a === 'ban' ? 'danger' : 'secondary')}
            onClick={() => setAction(a)}
          >
            {t(`admin:reports.action.${a}`)}
          </button>
        ))}
      </fieldset>
      {action && (
        <ReasonForm
          key={action}
          danger={action === 'hide' || action === 'ban'}
          onCancel={() => setAction(null)}
          onDone={() => {
            setAction(null);
            onDone(t('admin:reports.done'));
          }}
          send={(f) => consoleCall('POST', '/admin/reports/act', { kind: item.kind, id: item.id, action, ...f })}
        />
      )}
    </article>
  );
}

function Queue({ state }: { state: State }) {
  const { t } = useTranslation();
  return (
    <CardQueue
      load={async (pageNum, pageSize) => {
        const r = await consoleCall('GET', '/admin/reports', { state, pageNum, pageSize });
        return r.ok ? r.data : null;
      }}
      label={t('admin:nav.reports')}
      empty={t(state === 'open' ? 'admin:reports.empty' : 'admin:reports.emptyHidden')}
      keyOf={(item) => `${item.kind}:${item.id}`}
      card={(item, done) => <ItemCard item={item} state={state} onDone={done} />}
    />
  );
}

/** /admin/reports: reported items, and those taken down (docs/console.md, "reports"). */
export function Reports(props: IslandI18nProps) {
  return (
    <IslandRoot lang={props.lang} messages={props.messages} ns="admin">
      <ReportsView />
    </IslandRoot>
  );
}

function ReportsView() {
  const { t } = useTranslation();
  return (
    <Tabs
      label={t('admin:nav.reports')}
      items={[
        { key: 'open', label: t('admin:reports.open'), content: <Queue state="open" /> },
        { key: 'hidden', label: t('admin:reports.hidden'), content: <Queue state="hidden" /> },
      ]}
    />
  );
}
