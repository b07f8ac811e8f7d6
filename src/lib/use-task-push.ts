import { useEffect, useRef } from 'react';
import { getToken } from '../stores/auth';
import { openPush, type PushConnection } from './push';

export interface TaskPushHandlers {
  onProgress: (id: string, status: number, progress: number) => void;
  /** A status from `finalFrom` up (done, failed): the socket closes after it. */
  onFinal: (id: string, status: number) => void;
}

/**
 * One push socket per running task of the owner (songs, videos: taskId = the item's id); each
 * closes on the task's final status, and sockets of tasks no longer listed close at once.
 */
export function useTaskPush(runningIds: string[], finalFrom: number, handlers: TaskPushHandlers): void {
  const latest = useRef(handlers);
  latest.current = handlers;
  const sockets = useRef(new Map<string, PushConnection>());
  const key = runningIds.join(',');

  useEffect(() => {
    const open = sockets.current;
    const wanted = new Set(key ? key.split(',') : []);
    for (const [id, connection] of open) {
      if (wanted.has(id)) continue;
      connection.close();
      open.delete(id);
    }
    for (const id of wanted) {
      if (open.has(id)) continue;
      const connection = openPush({
        taskId: id,
        token: getToken(),
        onMessage(message) {
          const data = message.data as { id?: string; status?: number; progress?: number } | undefined;
          if (data?.id !== id || typeof data.status !== 'number') return;
          if (data.status >= finalFrom) {
            connection.close();
            open.delete(id);
            latest.current.onFinal(id, data.status);
          } else latest.current.onProgress(id, data.status, data.progress ?? 0);
        },
      });
      open.set(id, connection);
    }
  }, [key, finalFrom]);

  useEffect(() => {
    const open = sockets.current;
    return () => {
      for (const connection of open.values()) connection.close();
      open.clear();
    };
  }, []);
}
