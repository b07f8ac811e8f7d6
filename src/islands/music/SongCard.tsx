import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import { ProgressBar } from '../../components/ProgressBar';
import { ReviewBadge } from '../../components/ReviewBadge';
import { formatTime, tagLabel, tagList } from './format';
import { Icon, type MusicIconName } from './icons';
import { $player, toggle } from './player-store';
import { detailUrl, isRunning, type Song, SongStatus } from './types';

export interface SongActions {
  onDelete: (song: Song) => void;
  onVisibility: (song: Song) => void;
  onCopyLyrics: (song: Song) => void;
}

function Action({ icon, label, onClick }: { icon: MusicIconName; label: string; onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      title={label}
      aria-label={label}
      className="grid size-8 place-items-center rounded-full text-slate-500 hover:bg-slate-100 hover:text-slate-800 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white"
    >
      <Icon name={icon} className="size-4" />
    </button>
  );
}

/** A running task: status text and a progress bar moved by the pushes. */
function Progress({ song }: { song: Song }) {
  const { t } = useTranslation('music');
  const status = t(`status.${song.status}`);
  return (
    <div className="mt-2">
      <p className="text-xs text-slate-600 dark:text-slate-400">
        {t('task.progress', { status, progress: song.progress })}
      </p>
      <ProgressBar value={song.progress} label={status} track="mt-1 h-1.5 bg-slate-200 dark:bg-slate-800" floor={4} />
    </div>
  );
}

/** One song: cover, title, style, length, play; the owner's controls; a progress bar while it is composed. */
export function SongCard({ song, actions }: { song: Song; actions?: SongActions }) {
  const { t } = useTranslation('music');
  const player = useStore($player);
  const current = player.song?.id === song.id && player.playing;
  const done = song.status === SongStatus.DONE;
  const title = song.title || t('task.untitled');
  return (
    <article
      aria-label={title}
      className="flex gap-3 rounded-2xl bg-white p-3 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800"
    >
      <div className="relative size-20 shrink-0 overflow-hidden rounded-xl bg-gradient-to-br from-brand-100 to-brand-300 dark:from-brand-900 dark:to-slate-800">
        {song.coverUrl && (
          <img src={song.coverUrl} alt="" width={80} height={80} loading="lazy" className="size-full object-cover" />
        )}
        {done && (
          <button
            type="button"
            onClick={() => toggle(song)}
            aria-label={t(current ? 'card.pause' : 'card.play', { title })}
            aria-pressed={current}
            className="absolute inset-0 grid place-items-center bg-slate-950/20 text-white transition-colors hover:bg-slate-950/40"
          >
            <span className="grid size-10 place-items-center rounded-full bg-white/90 text-brand-700 shadow">
              <Icon name={current ? 'pause' : 'play'} />
            </span>
          </button>
        )}
      </div>
      <div className="min-w-0 flex-1">
        <div className="flex items-start gap-2">
          <h3 className="min-w-0 flex-1 truncate font-medium text-slate-900 dark:text-white">
            {done ? (
              <a href={detailUrl(song.id)} className="hover:underline">
                {title}
              </a>
            ) : (
              title
            )}
          </h3>
          <span
            title={t('label.aiHint')}
            className="shrink-0 rounded-full bg-brand-50 px-2 py-0.5 text-[11px] font-medium text-brand-700 ring-1 ring-brand-200 dark:bg-brand-950 dark:text-brand-200 dark:ring-brand-800"
          >
            {t('layout:aiLabel')}
          </span>
          {song.mine && <ReviewBadge review={song.isPublic || song.review === 'hidden' ? song.review : undefined} />}
        </div>
        <ul className="mt-1 flex flex-wrap gap-1 text-xs text-slate-600 dark:text-slate-400">
          {tagList(song.tags).map((tag) => (
            <li key={tag} className="rounded bg-slate-100 px-1.5 py-0.5 dark:bg-slate-800">
              {tagLabel(t, tag)}
            </li>
          ))}
          {song.instrumental && (
            <li className="rounded bg-slate-100 px-1.5 py-0.5 dark:bg-slate-800">{t('card.instrumental')}</li>
          )}
          {done && <li className="px-1 py-0.5 tabular-nums">{formatTime(song.duration)}</li>}
        </ul>
        {isRunning(song) && <Progress song={song} />}
        {song.status === SongStatus.FAILED && (
          <p className="mt-2 text-xs text-red-600 dark:text-red-400">{t('task.failed')}</p>
        )}
        {actions && song.mine && !isRunning(song) && (
          <div className="mt-1 flex items-center gap-0.5">
            {done && (
              <span className="mr-1 inline-flex items-center gap-1 text-xs text-slate-500 dark:text-slate-400">
                <Icon name={song.isPublic ? 'globe' : 'lock'} className="size-3.5" />
                {t(song.isPublic ? 'card.public' : 'card.private')}
              </span>
            )}
            {done && (
              <Action
                icon={song.isPublic ? 'lock' : 'globe'}
                label={t(song.isPublic ? 'card.makePrivate' : 'card.makePublic')}
                onClick={() => actions.onVisibility(song)}
              />
            )}
            {done && <Action icon="copy" label={t('card.copyLyrics')} onClick={() => actions.onCopyLyrics(song)} />}
            <Action icon="trash" label={t('card.delete')} onClick={() => actions.onDelete(song)} />
          </div>
        )}
      </div>
    </article>
  );
}
