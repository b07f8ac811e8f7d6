import { clearOutbox } from './chat-outbox';
import { $chatStorage, defaultChatStorage } from './chat-storage';
import { $syncMeta, resetSyncMeta } from './chat-sync-state';
import { $promptStore } from './prompt-store';

/**
 * Forgets what belongs to the account on this browser when its login ends (logout, deletion, a
 * session the server no longer knows), so the next person at the computer finds a visitor's page
 * (docs/chat.md#sync, "After logout"): the account's conversations — synced, uploaded, or made or
 * changed while logged in — the image chat's history, prompts saved during the login, unsent
 * changes and the sync's bookkeeping. A visitor's own data stays as it was before the login: the
 * conversations the person chose to keep only on this device, and the prompts saved before.
 * Device settings (theme, language, model, drawing options) are no one's account data and stay.
 */
export function forgetAccountData(): void {
  const meta = $syncMeta.get();
  clearOutbox();
  const s = $chatStorage.get();
  const fresh = defaultChatStorage();
  const images = { mjActive: fresh.mjActive, mjHistory: fresh.mjHistory, mjChat: fresh.mjChat };
  // No login synced here: nothing of an account reached the conversations or prompts.
  if (!meta.owner) {
    if (s.mjHistory.length > 1 || s.mjChat.some((c) => c.data.length > 0)) $chatStorage.set({ ...s, ...images });
    return;
  }
  const kept = new Set(meta.kept);
  const history = s.history.filter((h) => kept.has(h.uuid));
  const chat = s.chat.filter((c) => kept.has(c.uuid));
  $chatStorage.set(
    history.length
      ? {
          ...s,
          ...images,
          history,
          chat,
          active: s.active !== null && kept.has(s.active) ? s.active : (history[0]?.uuid ?? null),
        }
      : { ...fresh, usingContext: s.usingContext },
  );
  const visitorPrompts = new Set(meta.visitorPrompts);
  $promptStore.set({ promptList: $promptStore.get().promptList.filter((p) => visitorPrompts.has(p.key)) });
  const changed = Object.fromEntries(Object.entries(meta.changed).filter(([uuid]) => kept.has(Number(uuid))));
  resetSyncMeta({ changed });
}
