import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../../components/button-styles';
import { consoleCall, type InputOf } from '../../../lib/api';
import { type IslandI18nProps, IslandRoot } from '../../../lib/island-i18n';
import type { ReviewItem, ReviewQueue } from '../../../shared/contract/moderation';
import { AppIcon } from '../../apps/store/AppIcon';
import { card } from '../ui/format';
import { ReasonForm } from '../ui/ReasonForm';

type Action = InputOf<'POST', '/admin/review/decide'>['action'];

function Preview({ item }: { item: ReviewItem }) {
  const { t } = useTranslation();
  const label = t('admin:review.preview', { title: item.title });
  // A video is judged by watching it, not by its cover.
  if (item.media)
    return (
      // biome-ignore lint/a11y/useMediaCaption: a generated clip has no speech to caption.
      <video
        src={item.media}
        poster={item.preview ?? undefined}
        controls
        preload="none"
        aria-label={label}
        className="h-24 w-40 shrink-0 rounded-xl bg-slate-900 object-contain"
      />
    );
  if (!item.preview) return <div className="size-24 shrink-0 rounded-xl bg-slate-100 dark:bg-slate-800" />;
  if (item.kind === 'app') return <AppIcon iconUrl={item.preview} className="size-24 text-5xl" />;
  return (
    <img
      src={item.preview}
      alt={label}
      className="size-24 shrink-0 rounded-xl bg-slate-100 object-cover dark:bg-slate-800"
      loading="lazy"
    />
  );
}

/** One waiting item: what it shows, its author, the verdict on its texts, approve or reject with a reason. */
function ItemCard({ item, onDone }: { item: ReviewItem; onDone: (message: string) => void }) {
  const { t } = useTranslation();
  const [acting, setActing] = useState<Action | null>(null);
  const { verdict } = item.verdict;
  return (
    <li className={`${card} space-y-3`} data-review-item={`${item.kind}:${item.id}`}>
      <div className="flex gap-4">
        <Preview item={item} />
        <div className="min-w-0 flex-1 space-y-1 text-sm">
          <p className="flex flex-wrap items-center gap-2">
            <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs dark:bg-slate-800">
              {t(`admin:review.kind.${item.kind}`)}
            </span>
            <span className="font-medium">{item.title || t('admin:review.untitled')}</span>
          </p>
          <p className="line-clamp-3 whitespace-pre-line text-slate-700 dark:text-slate-300">{item.text}</p>
          <p className="text-xs text-slate-600 dark:text-slate-300">
            {t('admin:review.author')}{' '}
            <a className="underline" href={`/admin/users/${item.author.id}`}>
              {item.author.nickname || item.author.email || `#${item.author.id}`}
            </a>{' '}
            · {t('admin:review.since', { at: new Date(item.since).toLocaleString() })}
          </p>
          <p
            className="text-xs data-[verdict=violation]:font-semibold data-[verdict=violation]:text-red-700 dark:data-[verdict=violation]:text-red-300"
            data-verdict={verdict}
          >
            {t(`admin:review.verdict.${verdict}`)}
            {item.verdict.reason ? ` · ${item.verdict.reason}` : ''}
          </p>
        </div>
      </div>
      {acting ? (
        <ReasonForm
          danger={acting === 'reject'}
          send={(f) =>
            consoleCall('POST', '/admin/review/decide', { kind: item.kind, id: item.id, action: acting, ...f })
          }
          onDone={() => onDone(t(`admin:review.done.${acting}`))}
          onCancel={() => setActing(null)}
        />
      ) : (
        <div className="flex gap-2">
          <button type="button" className={buttonClass('primary')} onClick={() => setActing('approve')}>
            {t('admin:review.approve')}
          </button>
          <button type="button" className={buttonClass('danger')} onClick={() => setActing('reject')}>
            {t('admin:review.reject')}
          </button>
        </div>
      )}
    </li>
  );
}

/** The review queue (docs/console.md): items held by the publishing policy, oldest first. */
function ReviewView() {
  const { t } = useTranslation();
  const [queue, setQueue] = useState<ReviewQueue | null>(null);
  const [failed, setFailed] = useState(false);
  const [message, setMessage] = useState('');
  const load = useCallback(
    () =>
      void consoleCall('GET', '/admin/review').then((r) => {
        setFailed(!r.ok);
        if (r.ok) setQueue(r.data);
      }),
    [],
  );
  useEffect(load, [load]);
  if (!queue) return <p role="status">{t(failed ? 'admin:error' : 'admin:loading')}</p>;
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600 dark:text-slate-300">{t('admin:review.about', { count: queue.total })}</p>
      {message && (
        <p role="status" className="text-sm">
          {message}
        </p>
      )}
      {queue.items.length === 0 ? (
        <p>{t('admin:review.empty')}</p>
      ) : (
        <ul className="space-y-3">
          {queue.items.map((item) => (
            <ItemCard
              key={`${item.kind}:${item.id}`}
              item={item}
              onDone={(m) => {
                setMessage(m);
                load();
              }}
            />
          ))}
        </ul>
      )}
    </div>
  );
}

export function Review(props: IslandI18nProps) {
  return (
    <IslandRoot lang={props.lang} messages={props.messages} ns="admin">
      <ReviewView />
    </IslandRoot>
  );
}
