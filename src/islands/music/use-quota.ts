import { useCallback, useEffect, useState } from 'react';
import { readQuota } from './music-api';
import type { MusicQuota } from './types';

export type QuotaState = { status: 'idle' | 'loading' } | { status: 'ready'; quota: MusicQuota };

/** The caller's compositions, loaded while logged in and reloaded after each submit or failure. */
export function useQuota(loggedIn: boolean) {
  const [state, setState] = useState<QuotaState>({ status: 'idle' });
  const reload = useCallback(async () => {
    const result = await readQuota();
    if (result.kind === 'reply') setState({ status: 'ready', quota: result.data });
  }, []);
  useEffect(() => {
    if (!loggedIn) {
      setState({ status: 'idle' });
      return;
    }
    setState({ status: 'loading' });
    void reload();
  }, [loggedIn, reload]);
  const set = useCallback((quota: MusicQuota) => setState({ status: 'ready', quota }), []);
  return { state, reload, set };
}
