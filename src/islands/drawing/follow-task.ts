import { openPush, type PushEnv, type PushMessage } from '../../lib/push';
import { Code } from '../../shared/codes';
import { DrawingStatus } from '../../shared/drawing';
import { getToken } from '../../stores/auth';
import { type DrawingMessage, fetchTask } from './draw-api';
import { isFinal, nextProgress, Progress } from './draw-rules';

/** What the screen shows of the running task. */
export interface RunningTask {
  id: string;
  prompt: string;
  status: number;
  /** Local progress per docs/state-machines.md (not the provider's). */
  progress: number;
}

export interface FollowHandlers {
  onChange(task: RunningTask): void;
  /** The task ended (10 with the finished picture, or 11/12/14); the socket is closed. */
  onFinal(task: RunningTask, message: DrawingMessage | null): void;
  env?: PushEnv;
}

interface DrawingPush {
  id: string;
  status: number;
  progress: number;
}

function readPush(message: PushMessage): DrawingPush | null {
  const m = message.mjChatMessage;
  if (typeof m !== 'object' || m === null) return null;
  const { id, status, progress } = m as Record<string, unknown>;
  return typeof id === 'string' && typeof status === 'number'
    ? { id, status, progress: typeof progress === 'number' ? progress : 0 }
    : null;
}

/**
 * Follows a submitted (or, after a reload, still running) task on its push
 * socket: 30 once connected, then the rule of docs/state-machines.md per push, 100 when done.
 * Once connected it also asks the task's state once, so a task that moved
 * (or finished) before the socket opened is not missed.
 */
export function followTask(start: DrawingMessage, handlers: FollowHandlers, resumed = false): { close(): void } {
  let task: RunningTask = {
    id: start.id,
    prompt: start.prompt,
    status: start.status,
    progress: resumed ? Progress.CONNECTED : Progress.ACCEPTED,
  };
  let ended = false;
  handlers.onChange(task);

  const finish = async (status: number) => {
    if (ended) return;
    ended = true;
    connection.close();
    task = { ...task, status, progress: nextProgress(task.progress, status) };
    handlers.onChange(task);
    const detail = status === DrawingStatus.DONE ? await fetchTask(task.id) : null;
    handlers.onFinal(task, detail?.kind === 'reply' ? detail.data : null);
  };

  const apply = (status: number) => {
    if (ended) return;
    if (isFinal(status)) {
      void finish(status);
      return;
    }
    task = { ...task, status, progress: nextProgress(task.progress, status) };
    handlers.onChange(task);
  };

  const connection = openPush({
    taskId: start.id,
    token: getToken(),
    env: handlers.env,
    onMessage(message) {
      if (message.code === Code.SOCKET_CONNECTED) {
        if (ended) return;
        task = { ...task, progress: Math.max(task.progress, Progress.CONNECTED) };
        handlers.onChange(task);
        void fetchTask(task.id).then((r) => {
          if (r.kind === 'reply' && isFinal(r.data.status)) apply(r.data.status);
        });
        return;
      }
      const push = readPush(message);
      if (push && push.id === task.id) apply(push.status);
    },
    onClose(info) {
      // Refused for good (not the owner, task gone): stop showing progress.
      if (info.reconnectInMs === null && !ended) void finish(DrawingStatus.FAILED);
    },
  });

  return {
    close() {
      ended = true;
      connection.close();
    },
  };
}
