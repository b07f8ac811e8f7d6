/**
 * A chat change the last page could not send (a keepalive request Chromium dropped as the page
 * went, or no network) waits in the outbox (stores/chat-outbox.ts). The chat pages send it when
 * they start syncing; from any other page it goes out here, once the loaded page is idle, so a
 * deletion made just before leaving for, say, /product reaches the account's other devices
 * without a visit to the chat. The sending code loads only when something waits.
 */
import { getToken } from '../stores/auth';
import { $outbox } from '../stores/chat-outbox';

export function replayChatOutbox(): void {
  if (!getToken() || Object.keys($outbox.get()).length === 0) return;
  void import('./chat-sync-send').then(({ flushOutbox }) => flushOutbox());
}
