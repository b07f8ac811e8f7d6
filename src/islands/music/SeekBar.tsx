import { useTranslation } from 'react-i18next';
import { formatTime } from './format';

/** Position slider with elapsed and total time; arrow keys seek 5 s. */
export function SeekBar({
  time,
  duration,
  onSeek,
  className = '',
}: {
  time: number;
  duration: number;
  onSeek: (seconds: number) => void;
  className?: string;
}) {
  const { t } = useTranslation('music');
  const max = Math.max(duration, 0.1);
  return (
    <div className={`flex items-center gap-2 text-xs tabular-nums text-slate-500 dark:text-slate-400 ${className}`}>
      <span className="w-9 text-right">{formatTime(time)}</span>
      <input
        type="range"
        min={0}
        max={max}
        step={0.1}
        value={Math.min(time, max)}
        onChange={(e) => onSeek(Number(e.currentTarget.value))}
        aria-label={t('player.seek')}
        aria-valuetext={`${formatTime(time)} / ${formatTime(duration)}`}
        className="h-1.5 flex-1 cursor-pointer accent-brand-600"
      />
      <span className="w-9">{formatTime(duration)}</span>
    </div>
  );
}
