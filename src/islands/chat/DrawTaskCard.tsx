import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DrawingStatus } from '../../shared/drawing';
import { type DrawingMessage, fetchTask } from '../drawing/draw-api';
import { isFinal } from '../drawing/draw-rules';
import { followTask, type RunningTask } from '../drawing/follow-task';

/** The task a `draw` step started, read from its result (`{"taskId", "prompt"}`); null for anything else. */
export function drawnTask(output: string | undefined): { taskId: string; prompt: string } | null {
  if (!output) return null;
  try {
    const v = JSON.parse(output) as { taskId?: unknown; prompt?: unknown };
    return typeof v.taskId === 'string' && /^d[a-z0-9]{19}$/.test(v.taskId)
      ? { taskId: v.taskId, prompt: typeof v.prompt === 'string' ? v.prompt : '' }
      : null;
  } catch {
    return null;
  }
}

/**
 * A drawing the chat started (the `draw` tool, docs/chat.md#tools): its progress as /draw shows it,
 * followed on the task's push socket, then the finished picture, linking to the whole picture.
 */
export function DrawTaskCard({ taskId, prompt }: { taskId: string; prompt: string }) {
  const { t } = useTranslation();
  const [task, setTask] = useState<RunningTask | null>(null);
  const [done, setDone] = useState<DrawingMessage | null>(null);

  useEffect(() => {
    let follow: { close(): void } | null = null;
    let gone = false;
    void fetchTask(taskId).then((r) => {
      if (gone || r.kind !== 'reply') return;
      const start = r.data;
      if (isFinal(start.status)) {
        setTask({ id: start.id, prompt: start.prompt, status: start.status, progress: 100 });
        setDone(start.status === DrawingStatus.DONE ? start : null);
        return;
      }
      follow = followTask(
        start,
        {
          onChange: setTask,
          onFinal(_task, message) {
            setDone(message);
          },
        },
        true,
      );
    });
    return () => {
      gone = true;
      follow?.close();
    };
  }, [taskId]);

  const status = task?.status;
  const failed = status !== undefined && isFinal(status) && status !== DrawingStatus.DONE;
  return (
    <figure
      className="mt-2 w-56 overflow-hidden rounded-xl bg-white ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-700"
      data-draw-task={taskId}
    >
      {done?.thumbnailsUrl || done?.imageUrl ? (
        <a href={done.imageUrl ?? done.thumbnailsUrl ?? '#'} target="_blank" rel="noopener">
          <img
            src={done.thumbnailsUrl ?? done.imageUrl ?? ''}
            alt={prompt}
            className="aspect-square w-full object-cover"
          />
        </a>
      ) : (
        <div className="flex aspect-square w-full items-center justify-center bg-slate-100 px-3 text-center text-xs text-slate-600 dark:bg-slate-800 dark:text-slate-300">
          {failed ? t('tools.drawFailed') : t('tools.drawing', { progress: task?.progress ?? 0 })}
        </div>
      )}
      {!done && !failed && (
        <div
          role="progressbar"
          aria-label={t('tools.drawProgress')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={task?.progress ?? 0}
          className="h-1 bg-slate-200 dark:bg-slate-700"
        >
          <div className="h-full bg-brand-500 transition-[width]" style={{ width: `${task?.progress ?? 0}%` }} />
        </div>
      )}
      <figcaption className="line-clamp-2 px-2 py-1.5 text-xs text-slate-600 dark:text-slate-400">{prompt}</figcaption>
    </figure>
  );
}
