import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/button-styles';
import { SvgIcon } from '../../components/SvgIcon';
import { countdown } from '../../shared/site-time';
import type { ClaimPhase } from './claim-state';

export interface ClaimPanelProps {
  phase: ClaimPhase;
  /** Server clock and opening, epoch ms. */
  now: number;
  opensAt: number;
  leftDailyLimit: number;
  onClaim: () => void;
}

const LABELS: Record<ClaimPhase, string> = {
  loading: 'activity:claim.button',
  countdown: 'activity:claim.notOpen',
  ready: 'activity:claim.button',
  claiming: 'activity:claim.claiming',
  late: 'activity:claim.late',
  claimed: 'activity:claim.done',
};

function Digits({ value, unit }: { value: number; unit: string }) {
  return (
    <span className="flex flex-col items-center gap-1">
      <span className="min-w-14 rounded-xl bg-slate-900 px-3 py-2 text-center font-mono text-3xl font-semibold tabular-nums text-white shadow-inner dark:bg-slate-800">
        {String(value).padStart(2, '0')}
      </span>
      <span className="text-xs text-slate-600 dark:text-slate-400">{unit}</span>
    </span>
  );
}

/** The countdown to the opening, then the claim button in its states (docs/routes-and-screens.md). */
export function ClaimPanel({ phase, now, opensAt, leftDailyLimit, onClaim }: ClaimPanelProps) {
  const { t } = useTranslation();
  const left = countdown(opensAt - now);
  const text = [left.hours, left.minutes, left.seconds].map((n) => String(n).padStart(2, '0')).join(':');
  return (
    <div className="flex flex-col items-center gap-5 text-center">
      {phase === 'countdown' && (
        <div>
          <p id="countdown-label" className="mb-3 text-sm font-medium text-slate-700 dark:text-slate-300">
            {t('activity:countdown.label')}
          </p>
          <div role="timer" aria-labelledby="countdown-label" data-countdown={text} className="flex items-start gap-2">
            <Digits value={left.hours} unit={t('activity:countdown.hours')} />
            <span className="pt-2 text-2xl font-semibold text-slate-500 dark:text-slate-400">:</span>
            <Digits value={left.minutes} unit={t('activity:countdown.minutes')} />
            <span className="pt-2 text-2xl font-semibold text-slate-500 dark:text-slate-400">:</span>
            <Digits value={left.seconds} unit={t('activity:countdown.seconds')} />
          </div>
        </div>
      )}
      <button
        type="button"
        onClick={onClaim}
        disabled={phase !== 'ready'}
        aria-busy={phase === 'claiming' || phase === 'loading'}
        className={buttonClass('primary', 'min-w-48 px-8 py-3 text-base')}
      >
        {(phase === 'claiming' || phase === 'loading') && (
          <SvgIcon name="refresh" className="size-5 animate-spin motion-reduce:animate-none" />
        )}
        {t(LABELS[phase])}
      </button>
      {phase !== 'claimed' && (
        <p className="text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
          {t('activity:claim.left', { count: leftDailyLimit })}
        </p>
      )}
    </div>
  );
}
