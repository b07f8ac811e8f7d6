import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { openLogin } from '../../../lib/login-event';
import { Code } from '../../../shared/codes';
import { DrawingStatus } from '../../../shared/drawing';
import { $chatStorage } from '../../../stores/chat-storage';
import { $drawSettings } from '../../../stores/draw-settings';
import { type DrawingMessage, fetchTask, submitDrawing } from '../draw-api';
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

  return useCallback(
    async (uuid: number, prompt: string): Promise<boolean> => {
      const text = prompt.trim();
      const busy = submitting.current || runningReplies().length > 0 || follows.current.size > 0;
      if (!readyToDraw(text, busy, loggedIn, t)) return false;
      const now = Date.now();
      const replyId = `r${now}`;
      addMjMessage(uuid, { id: `q${now}`, dateTime: now, text, inversion: true });
      addMjMessage(uuid, {
        id: replyId,
        dateTime: now,
        text: '',
        inversion: false,
        loading: true,
        drawing: { id: '', status: DrawingStatus.SUBMITTED, progress: Progress.SUBMIT },
      });
      const s = $drawSettings.get();
      submitting.current = true;
      const result = await submitDrawing({
        prompt: text,
        drawRate: s.selectedAspectRatio,
        drawQuality: s.drawSelectedOption,
        drawSteps: s.drawSteps,
        drawPublicFlag: s.drawPublicFlag,
        mode: 'midjourney',
      }).finally(() => {
        submitting.current = false;
      });
      const accepted = result.kind === 'reply' || (result.kind === 'business' && result.code === Code.SUCCESS);
      if (accepted && result.data) {
        const message = result.data as DrawingMessage;
        updateMjMessage(uuid, replyId, {
          drawing: { id: message.id, status: message.status, progress: Progress.ACCEPTED },
        });
        follow(message, false);
        return true;
      }
      const reason = result.kind === 'business' ? result.result : t('status.failed');
      updateMjMessage(uuid, replyId, {
        loading: false,
        error: true,
        text: reason,
        drawing: { id: '', status: DrawingStatus.FAILED, progress: 0 },
      });
      if (result.kind === 'business' && result.code === Code.NOT_LOGGED_IN) openLogin();
      return false;
    },
    [follow, loggedIn, t],
  );
}
