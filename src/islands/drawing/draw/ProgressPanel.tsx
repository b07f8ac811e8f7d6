import { useTranslation } from 'react-i18next';
import { ProgressBar } from '../../../components/ProgressBar';
import { DrawingStatus } from '../../../shared/drawing';
import { isFinal, statusKey } from '../draw-rules';
import type { RunningTask } from '../follow-task';

/** Progress area: the prompt, the status text and the progress bar (docs/routes-and-screens.md). */
export function ProgressPanel({ task }: { task: RunningTask }) {
  const { t } = useTranslation('drawing');
  const failed = isFinal(task.status) && task.status !== DrawingStatus.DONE;
  const bar = failed ? 'bg-red-500' : task.status === DrawingStatus.DONE ? 'bg-emerald-500' : 'bg-brand-600';
  return (
    <section
      aria-label={t('progress.label')}
      className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800"
      data-draw-progress
    >
      <p className="line-clamp-2 text-sm text-slate-700 dark:text-slate-300">{task.prompt}</p>
      <div className="mt-3 flex items-center justify-between gap-3 text-sm">
        <span
          role="status"
          className={`font-medium ${failed ? 'text-red-600 dark:text-red-400' : 'text-slate-900 dark:text-white'}`}
          data-status={task.status}
        >
          {t(statusKey(task.status))}
        </span>
        <span className="tabular-nums text-slate-500 dark:text-slate-400">{task.progress}%</span>
      </div>
      <ProgressBar
        value={task.progress}
        label={t('progress.bar')}
        track="mt-2 h-2 bg-slate-100 dark:bg-slate-800"
        bar={bar}
      />
    </section>
  );
}
