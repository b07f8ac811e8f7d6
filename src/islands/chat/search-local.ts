import type { ChatSearchHit } from '../../shared/contract/chat-share';
import type { ChatStorage } from '../../stores/chat-storage';

const BEFORE = 24;
const SNIPPET = 80;

/** The text around the first match, as the server cuts it (services/chat/search.ts). */
export function snippetAround(text: string, at: number): string {
  const start = Math.max(0, at - BEFORE);
  return `${start > 0 ? '…' : ''}${text
    .slice(start, start + SNIPPET)
    .replace(/\s+/g, ' ')
    .trim()}`;
}

/**
 * This browser's conversations holding `q` (case-insensitive), in the sidebar's order: what a
 * visitor can search, and what a member has not synced yet. Variants are not searched.
 */
export function searchLocal(storage: ChatStorage, q: string, titleOf: (title: string) => string): ChatSearchHit[] {
  const needle = q.trim().toLowerCase();
  if (!needle) return [];
  const hits: ChatSearchHit[] = [];
  for (const h of storage.history) {
    const title = titleOf(h.title);
    const texts = [title, ...(storage.chat.find((c) => c.uuid === h.uuid)?.data ?? []).map((m) => m.text)];
    for (const text of texts) {
      const at = text.toLowerCase().indexOf(needle);
      if (at >= 0) {
        hits.push({ uuid: h.uuid, title, snippet: snippetAround(text, at) });
        break;
      }
    }
  }
  return hits;
}
