import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import { Icon } from './icons';
import { $player, seek, toggle } from './player-store';
import { SeekBar } from './SeekBar';
import type { Song } from './types';

/** The song page's player: play/pause, seek bar and time for this song. */
export function DetailPlayer({ song }: { song: Song }) {
  const { t } = useTranslation('music');
  const player = useStore($player);
  const current = player.song?.id === song.id;
  const playing = current && player.playing;
  return (
    <div className="flex items-center gap-3 rounded-2xl bg-slate-100 p-3 dark:bg-slate-800">
      <button
        type="button"
        onClick={() => toggle(song)}
        aria-label={t(playing ? 'player.pause' : 'player.play')}
        className="grid size-12 shrink-0 place-items-center rounded-full bg-brand-600 text-white shadow hover:bg-brand-700"
      >
        <Icon name={playing ? 'pause' : 'play'} className="size-6" />
      </button>
      <div className="min-w-0 flex-1">
        <p className="text-xs font-medium text-slate-500 dark:text-slate-400" data-ai-label>
          {t('player.aiLabel')}
        </p>
        {current && player.error ? (
          <p role="alert" className="text-sm text-red-600 dark:text-red-400">
            {t('player.error')}
          </p>
        ) : (
          <SeekBar
            time={current ? player.time : 0}
            duration={current && player.duration ? player.duration : (song.duration ?? 0)}
            onSeek={(s) => (current ? seek(s) : toggle(song))}
          />
        )}
      </div>
    </div>
  );
}
