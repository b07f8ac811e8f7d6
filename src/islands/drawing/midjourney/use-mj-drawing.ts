import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiResult } from '../../../lib/api';
import { openLogin } from '../../../lib/login-event';
import { toast } from '../../../lib/toast';
import { Code } from '../../../shared/codes';
import { type ActionKey, DrawingStatus } from '../../../shared/drawing';
import { $chatStorage } from '../../../stores/chat-storage';
import { $drawSettings } from '../../../stores/draw-settings';
import { type ActionExtra, type ActionTarget, actionRequest, labelKey } from '../actions/action-ui';
import { type DrawingMessage, fetchTask, retryDrawing, submitAction, submitDrawing } from '../draw-api';
import { isFinal, Progress, statusKey } from '../draw-rules';
import { followTask } from '../follow-task';
import { readyToDraw } from '../use-drawing';
import { addMjMessage, findByTask, type MjDrawing, type MjMessage, updateMjMessage } from './mj-actions';

const pictureOf = (m: DrawingMessage): Partial<MjDrawing> => ({
  imageUrl: m.imageUrl,
  thumbnailsUrl: m.thumbnailsUrl,
  width: m.width,
  height: m.height,
  drawRate: m.drawRate,
  publicFlag: m.drawPublicFlag,
  review: m.review,
  prompt: m.prompt,
  grid: m.grid,
  actions: m.actions,
});

/** Every running drawing reply of every image conversation (normally one). */
function runningReplies(): MjMessage[] {
  return $chatStorage
    .get()
    .mjChat.flatMap((c) => c.data as MjMessage[])
    .filter((m) => m.drawing?.id && !isFinal(m.drawing.status));
}

/**
 * The image chat's drawing: each prompt becomes a task whose reply message
 * shows its live progress, then the picture (/midjourney in docs/routes-and-screens.md). One task
 * at a time, like /draw; a reload resumes a reply still drawing.
 */
export function useMjDrawing(loggedIn: boolean) {
  const { t } = useTranslation('drawing');
  const follows = useRef(new Map<string, { close(): void }>());
  const submitting = useRef(false);

  const follow = useCallback(
    (start: DrawingMessage, resumed: boolean) => {
      follows.current.get(start.id)?.close();
      const where = () => findByTask(start.id);
      const connection = followTask(
        start,
        {
          onChange(task) {
            const at = where();
            if (at)
              updateMjMessage(at.uuid, at.id, {
                drawing: { id: task.id, status: task.status, progress: task.progress },
              });
          },
          onFinal(task, message) {
            follows.current.delete(start.id);
            const at = where();
            if (!at) return;
            const done = task.status === DrawingStatus.DONE && message;
            updateMjMessage(at.uuid, at.id, {
              loading: false,
              error: !done,
              text: done ? message.prompt : t(statusKey(task.status)),
              drawing: {
                id: task.id,
                status: task.status,
                progress: task.progress,
                ...(done ? pictureOf(message) : {}),
              },
            });
          },
        },
        resumed,
      );
      follows.current.set(start.id, connection);
    },
    [t],
  );

  useEffect(() => {
    if (!loggedIn) return;
    for (const m of runningReplies()) {
      const id = m.drawing?.id ?? '';
      void fetchTask(id).then((r) => {
        if (r.kind === 'reply') follow(r.data, true);
        else {
          const at = findByTask(id);
          if (at) updateMjMessage(at.uuid, at.id, { loading: false, error: true, text: t('status.failed') });
        }
      });
    }
    const all = follows.current;
    return () => {
      for (const c of all.values()) c.close();
      all.clear();
    };
  }, [loggedIn, follow, t]);

  const busyNow = useCallback(() => submitting.current || runningReplies().length > 0 || follows.current.size > 0, []);

  /** Shows the exchange (what was asked, a reply waiting), sends it, then follows the task or says why not. */
  const start = useCallback(
    async (uuid: number, said: MjMessage, prompt: string, call: () => Promise<ApiResult<unknown>>) => {
      const now = Date.now();
      const replyId = `r${now}`;
      addMjMessage(uuid, { ...said, id: `q${now}`, dateTime: now, inversion: true });
      addMjMessage(uuid, {
        id: replyId,
        dateTime: now,
        text: '',
        inversion: false,
        loading: true,
        drawing: { id: '', status: DrawingStatus.SUBMITTED, progress: Progress.SUBMIT, prompt },
      });
      submitting.current = true;
      const result = await call().finally(() => {
        submitting.current = false;
      });
      const message = acceptedTask(result);
      if (message) {
        updateMjMessage(uuid, replyId, {
          drawing: { id: message.id, status: message.status, progress: Progress.ACCEPTED },
        });
        follow(message, false);
        return true;
      }
      updateMjMessage(uuid, replyId, {
        loading: false,
        error: true,
        text: result.kind === 'business' ? result.result : t('status.failed'),
        drawing: { id: '', status: DrawingStatus.FAILED, progress: 0 },
      });
      if (result.kind === 'business' && result.code === Code.NOT_LOGGED_IN) openLogin();
      return false;
    },
    [follow, t],
  );

  /** A prompt from the composer becomes a drawing. */
  const send = useCallback(
    async (uuid: number, prompt: string): Promise<boolean> => {
      const text = prompt.trim();
      if (!readyToDraw(text, busyNow(), loggedIn, t)) return false;
      const s = $drawSettings.get();
      return start(uuid, { id: '', dateTime: 0, text, inversion: true }, text, () =>
        submitDrawing({
          prompt: text,
          drawRate: s.selectedAspectRatio,
          drawQuality: s.drawSelectedOption,
          drawSteps: s.drawSteps,
          drawPublicFlag: s.drawPublicFlag,
          mode: 'midjourney',
        }),
      );
    },
    [busyNow, loggedIn, start, t],
  );

  /** A button under a finished picture: the asking side reads "U2 · prompt", the reply follows the new task. */
  const act = useCallback(
    async (uuid: number, target: ActionTarget, key: ActionKey, extra: ActionExtra): Promise<boolean> => {
      const prompt = extra.prompt?.trim() || target.prompt;
      if (!readyToDraw(prompt, busyNow(), loggedIn, t)) return false;
      const text = t('act.said', { action: t(labelKey(key)), prompt });
      return start(uuid, { id: '', dateTime: 0, text, inversion: true, prompt }, prompt, () =>
        submitAction(actionRequest(target.id, key, extra)),
      );
    },
    [busyNow, loggedIn, start, t],
  );

  /** Retry on a failed reply: the same reply follows the new task the server made of the failed one. */
  const retry = useCallback(
    async (failedId: string): Promise<boolean> => {
      if (busyNow()) {
        toast.warning(t('submit.busy'));
        return false;
      }
      submitting.current = true;
      const result = await retryDrawing(failedId).finally(() => {
        submitting.current = false;
      });
      const message = acceptedTask(result);
      const at = findByTask(failedId);
      if (!message || !at) {
        if (result.kind === 'business') toast.warning(result.result);
        return false;
      }
      updateMjMessage(at.uuid, at.id, {
        loading: true,
        error: false,
        text: '',
        drawing: { id: message.id, status: message.status, progress: Progress.ACCEPTED, prompt: message.prompt },
      });
      follow(message, false);
      return true;
    },
    [busyNow, follow, t],
  );

  return { send, act, retry };
}

/** The task a submit, action or retry started, or null when it was refused. */
function acceptedTask(result: ApiResult<unknown>): DrawingMessage | null {
  const accepted = result.kind === 'reply' || (result.kind === 'business' && result.code === Code.SUCCESS);
  return accepted && result.data ? (result.data as DrawingMessage) : null;
}
