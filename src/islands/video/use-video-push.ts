import { useEffect, useRef } from 'react';
import { openPush, type PushConnection } from '../../lib/push';
import { VideoStatus } from '../../shared/video';
import { getToken } from '../../stores/auth';

export interface VideoPushHandlers {
  onProgress: (id: string, progress: number) => void;
  /** Status 10 or 11: the socket closes after it. */
  onFinal: (id: string, status: number) => void;
}

/** One push socket per running video of the owner (taskId = video id); each closes on the final status. */
export function useVideoPush(runningIds: string[], handlers: VideoPushHandlers): void {
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
          if (data.status >= VideoStatus.DONE) {
            connection.close();
            open.delete(id);
            latest.current.onFinal(id, data.status);
          } else latest.current.onProgress(id, data.progress ?? 0);
        },
      });
      open.set(id, connection);
    }
  }, [key]);

  useEffect(() => {
    const open = sockets.current;
    return () => {
      for (const connection of open.values()) connection.close();
      open.clear();
    };
  }, []);
}
