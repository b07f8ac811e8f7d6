import { useCallback, useEffect, useRef, useState } from 'react';
import { openPush } from '../../lib/push';
import type { KnowledgeProgress } from '../../shared/contract/knowledge';
import { getToken } from '../../stores/auth';
import { type KnowledgeFile, listFiles } from './knowledge-api';

/**
 * A base's files, kept live: each file's progress arrives on the base's push channel
 * (parsing → chunking → indexing → ready, or failed) and replaces its row.
 */
export function useBaseFiles(baseId: number, channel: string, onSettled: () => void) {
  const [files, setFiles] = useState<KnowledgeFile[] | null>(null);
  // The latest callback, so a new one from the parent's render does not reopen the socket.
  const settled = useRef(onSettled);
  settled.current = onSettled;

  const reload = useCallback(async () => {
    const r = await listFiles(baseId);
    setFiles(r.kind === 'reply' ? r.data.files : []);
  }, [baseId]);

  useEffect(() => {
    setFiles(null);
    void reload();
    const connection = openPush({
      taskId: channel,
      token: getToken(),
      onMessage(message) {
        const progress = message as unknown as Partial<KnowledgeProgress>;
        const file = progress.kind === 'knowledge' ? progress.file : undefined;
        if (!file || file.baseId !== baseId) return;
        setFiles((list) => {
          const rest = (list ?? []).filter((f) => f.id !== file.id);
          return [file, ...rest].sort((a, b) => b.id - a.id);
        });
        if (file.status === 'ready' || file.status === 'failed') settled.current();
      },
      // Steps missed while the socket was away are read again.
      onOpen: () => void reload(),
    });
    return () => connection.close();
  }, [baseId, channel, reload]);

  const put = useCallback((file: KnowledgeFile) => {
    setFiles((list) => [file, ...(list ?? []).filter((f) => f.id !== file.id)].sort((a, b) => b.id - a.id));
  }, []);
  const drop = useCallback((id: number) => setFiles((list) => (list ?? []).filter((f) => f.id !== id)), []);
  return { files, put, drop, reload };
}
