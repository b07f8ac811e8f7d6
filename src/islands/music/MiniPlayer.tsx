import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import { Icon } from './icons';
import { $player, closePlayer, seek, toggle } from './player-store';
import { SeekBar } from './SeekBar';
import { detailUrl } from './types';

/** The bar that keeps playing while the list scrolls: above the mobile nav, at the bottom on desktop. */
export function MiniPlayer() {
  const { t } = useTranslation('music');
  const { song, playing, time, duration, error } = useStore($player);
  if (!song) return null;
  return (
    <section
      aria-label={t('player.label')}
      className="fixed inset-x-2 bottom-[calc(4rem+env(safe-area-inset-bottom))] z-30 mx-auto flex max-w-3xl items-center gap-3 rounded-2xl bg-white/95 p-2 pr-3 shadow-lg ring-1 ring-slate-900/10 backdrop-blur md:bottom-4 md:left-64 dark:bg-slate-900/95 dark:ring-white/10"
    >
      {song.coverUrl ? (
        <img src={song.coverUrl} alt="" width={48} height={48} className="size-12 shrink-0 rounded-xl object-cover" />
      ) : (
        <span className="grid size-12 shrink-0 place-items-center rounded-xl bg-brand-100 text-brand-700 dark:bg-brand-500/15 dark:text-brand-200">
          <Icon name="music" />
        </span>
      )}
      <button
        type="button"
        onClick={() => toggle(song)}
        aria-label={t(playing ? 'player.pause' : 'player.play')}
        className="grid size-10 shrink-0 place-items-center rounded-full bg-brand-600 text-white hover:bg-brand-700"
      >
        <Icon name={playing ? 'pause' : 'play'} />
      </button>
      <div className="min-w-0 flex-1">
        <a
          href={detailUrl(song.id)}
          className="block truncate text-sm font-medium text-slate-900 hover:underline dark:text-white"
        >
          {song.title}
        </a>
        <p className="truncate text-xs text-slate-500 dark:text-slate-400" data-ai-label>
          {t('player.aiLabel')}
        </p>
        {error ? (
          <p role="alert" className="text-xs text-red-600 dark:text-red-400">
            {t('player.error')}
          </p>
        ) : (
          <SeekBar time={time} duration={duration} onSeek={seek} />
        )}
      </div>
      <button
        type="button"
        onClick={closePlayer}
        aria-label={t('player.close')}
        className="grid size-8 shrink-0 place-items-center rounded-full text-slate-500 dark:text-slate-400 hover:bg-slate-100 dark:hover:bg-slate-800"
      >
        <Icon name="close" className="size-4" />
      </button>
    </section>
  );
}
