import type { TFunction } from 'i18next';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiResult } from '../../lib/api';
import { openLogin } from '../../lib/login-event';
import { toast } from '../../lib/toast';
import { Code } from '../../shared/codes';
import { type ActionKey, DrawingStatus } from '../../shared/drawing';
import { type ActionExtra, type ActionTarget, actionRequest, labelKey } from './actions/action-ui';
import { type DrawingMessage, listRunning, type SubmitParams, submitAction, submitDrawing } from './draw-api';
import { Progress, statusKey } from './draw-rules';
import { followTask, type RunningTask } from './follow-task';

export interface Drawing {
  /** The task shown in the progress area: running, or the last one with its outcome. */
  task: RunningTask | null;
  /** A task is running: a second one is refused (docs/state-machines.md: one at a time). */
  busy: boolean;
  submit(params: SubmitParams): Promise<boolean>;
  /** An action on a finished picture (upscale, vary, zoom…): a new task, shown and followed like a drawing. */
  act(target: ActionTarget, key: ActionKey, extra?: ActionExtra): Promise<boolean>;
}

export interface DrawingOptions {
  loggedIn: boolean;
  /** A task finished with its picture (status 10). */
  onDone(message: DrawingMessage): void;
  /** Something changed the day's quota (submitted, finished, failed). */
  onQuotaChange?(): void;
}

/**
 * The checks before a drawing is sent, on /draw, /sd and /midjourney: a prompt, no other task
 * under way, a login (docs/state-machines.md). A refusal is a toast, and the login dialog for a visitor.
 */
export function readyToDraw(prompt: string, busy: boolean, loggedIn: boolean, t: TFunction<'drawing'>): boolean {
  const refusal = !prompt ? 'prompt.required' : busy ? 'submit.busy' : !loggedIn ? 'login.needed' : null;
  if (!refusal) return true;
  toast.warning(t(refusal));
  if (refusal === 'login.needed') openLogin();
  return false;
}

/**
 * The page's one drawing task (docs/state-machines.md, docs/reply-codes.md): the prompt checks, submit, the
 * pushed progress, and on load the resumption of a task still running.
 */
export function useDrawing({ loggedIn, onDone, onQuotaChange }: DrawingOptions): Drawing {
  const { t } = useTranslation('drawing');
  const [task, setTask] = useState<RunningTask | null>(null);
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);
  const follow = useRef<{ close(): void } | null>(null);
  const handlers = useRef({ onDone, onQuotaChange });
  handlers.current = { onDone, onQuotaChange };

  const end = useCallback(() => {
    busyRef.current = false;
    setBusy(false);
  }, []);

  const track = useCallback(
    (start: DrawingMessage, resumed: boolean) => {
      follow.current?.close();
      follow.current = followTask(
        start,
        {
          onChange: setTask,
          onFinal(final, message) {
            end();
            handlers.current.onQuotaChange?.();
            if (final.status === DrawingStatus.DONE && message) {
              handlers.current.onDone(message);
              toast.success(t('result.done'));
            } else if (final.status !== DrawingStatus.DONE) toast.error(t(statusKey(final.status)));
          },
        },
        resumed,
      );
    },
    [end, t],
  );

  useEffect(() => {
    if (!loggedIn) return;
    void listRunning().then((r) => {
      const running = r.kind === 'reply' ? r.data[0] : undefined;
      if (!running || busyRef.current) return;
      busyRef.current = true;
      setBusy(true);
      track(running, true);
    });
    return () => follow.current?.close();
  }, [loggedIn, track]);

  /** Shows the task in the progress area at once, sends it, then follows it or says why not. */
  const start = useCallback(
    async (prompt: string, call: () => Promise<ApiResult<unknown>>): Promise<boolean> => {
      busyRef.current = true;
      setBusy(true);
      setTask({ id: '', prompt, status: DrawingStatus.SUBMITTED, progress: Progress.SUBMIT });
      const result = await call();
      if (result.kind === 'reply' || (result.kind === 'business' && result.code === Code.SUCCESS && result.data)) {
        handlers.current.onQuotaChange?.();
        track(result.data as DrawingMessage, false);
        return true;
      }
      end();
      setTask(null);
      if (result.kind === 'business') {
        toast.warning(result.result);
        if (result.code === Code.NOT_LOGGED_IN) openLogin();
      }
      return false;
    },
    [end, track],
  );

  const submit = useCallback(
    async (params: SubmitParams): Promise<boolean> => {
      const prompt = params.prompt.trim();
      if (!readyToDraw(prompt, busyRef.current, loggedIn, t)) return false;
      return start(prompt, () => submitDrawing({ ...params, prompt }));
    },
    [loggedIn, start, t],
  );

  const act = useCallback(
    async (target: ActionTarget, key: ActionKey, extra: ActionExtra = {}): Promise<boolean> => {
      const prompt = extra.prompt?.trim() || target.prompt;
      if (!readyToDraw(prompt, busyRef.current, loggedIn, t)) return false;
      return start(t('act.said', { action: t(labelKey(key)), prompt }), () =>
        submitAction(actionRequest(target.id, key, extra)),
      );
    },
    [loggedIn, start, t],
  );

  return { task, busy, submit, act };
}
