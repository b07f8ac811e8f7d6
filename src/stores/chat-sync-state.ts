import { persistentAtom } from '@nanostores/persistent';

export const CHAT_SYNC_KEY = 'chatSync';

/** The account sync's bookkeeping on this browser (docs/chat.md#sync). */
export interface SyncMeta {
  /** The login the local conversations were last synced with ('' when none). */
  owner: string;
  /** Each conversation's latest local change, ms. */
  changed: Record<string, number>;
  /** A visitor's conversations kept only on this device when the login's upload offer was declined. */
  kept: number[];
  /** Titles of the prompt store's entries made before the login: they stay when the account leaves. */
  visitorPrompts: string[];
}

const EMPTY: SyncMeta = { owner: '', changed: {}, kept: [], visitorPrompts: [] };

function decode(raw: string): SyncMeta {
  try {
    const v = JSON.parse(raw) as Partial<SyncMeta>;
    return {
      owner: typeof v.owner === 'string' ? v.owner : '',
      changed: typeof v.changed === 'object' && v.changed !== null ? v.changed : {},
      kept: Array.isArray(v.kept) ? v.kept.filter((u) => typeof u === 'number') : [],
      visitorPrompts: Array.isArray(v.visitorPrompts) ? v.visitorPrompts.filter((k) => typeof k === 'string') : [],
    };
  } catch {
    return EMPTY;
  }
}

export const $syncMeta = persistentAtom<SyncMeta>(CHAT_SYNC_KEY, EMPTY, { encode: JSON.stringify, decode });

export const changedOf = (uuid: number) => $syncMeta.get().changed[uuid] ?? 0;

/** Notes a conversation's latest change; a visitor's kept conversation changed while logged in is the account's now. */
export function markChanged(uuid: number, at: number): void {
  const meta = $syncMeta.get();
  $syncMeta.set({ ...meta, changed: { ...meta.changed, [uuid]: at }, kept: meta.kept.filter((u) => u !== uuid) });
}

export function resetSyncMeta(keep: Partial<SyncMeta> = {}): void {
  $syncMeta.set({ ...EMPTY, ...keep });
}
