import { useEffect, useRef } from 'react';
import { openPush, type PushConnection } from '../../lib/push';
import { getToken } from '../../stores/auth';
import { SongStatus } from './types';

export interface SongPushHandlers {
  onProgress: (id: string, status: number, progress: number) => void;
  /** Status 10 or 11: the socket closes after it. */
  onFinal: (id: string, status: number) => void;
}

/** One push socket per running song of the owner (taskId = song id); each closes on the song's final status. */
export function useSongPush(runningIds: string[], handlers: SongPushHandlers): void {
  const latest = useRef(handlers);
  latest.current = handlers;
  const sockets = useRef(new Map<string, PushConnection>());
  const key = runningIds.join(',');

  useEffect(() => {
    const open = sockets.current;
    const wanted = new Set(key ? key.split(',') : []);
    for (const [id, connection] of open) {
      if (!wanted.has(id)) {
        connection.close();
        open.delete(id);
      }
    }
    for (const id of wanted) {
      if (open.has(id)) continue;
      const connection = openPush({
        taskId: id,
        token: getToken(),
        onMessage(message) {
          const data = message.data as { id?: string; status?: number; progress?: number } | undefined;
          if (data?.id !== id || typeof data.status !== 'number') return;
          if (data.status >= SongStatus.DONE) {
            connection.close();
            open.delete(id);
            latest.current.onFinal(id, data.status);
          } else latest.current.onProgress(id, data.status, data.progress ?? 0);
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
