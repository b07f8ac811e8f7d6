import { atom } from 'nanostores';
import { get, request } from '../../lib/api';
import type { ChatSearchHit, ChatShareInfo } from '../../shared/contract/chat-share';
import { $chatStorage } from '../../stores/chat-storage';

/** Whether the "我的分享" dialog is open; the id of a share just made is shown first. */
export const $sharesOpen = atom<{ open: boolean; fresh?: string }>({ open: false });

/** The conversation as shown (no stream state, no failed answers); the server drops variants. */
export function snapshotOf(uuid: number) {
  const s = $chatStorage.get();
  const h = s.history.find((x) => x.uuid === uuid);
  const messages = (s.chat.find((c) => c.uuid === uuid)?.data ?? [])
    .filter((m) => !m.loading && !m.error && m.text)
    .map(({ loading: _, ...m }) => m);
  return { conversationUuid: uuid, title: (h?.title ?? '').slice(0, 200) || '新对话', messages };
}

/** POST /api/chat/shares; failures were already shown by the API client. */
export async function createShare(uuid: number): Promise<ChatShareInfo | null> {
  const r = await request('POST', '/chat/shares', snapshotOf(uuid));
  return r.kind === 'reply' ? r.data : null;
}

export async function fetchShares(): Promise<ChatShareInfo[] | null> {
  const r = await get('/chat/shares');
  return r.kind === 'reply' ? r.data.records : null;
}

export async function setListed(id: string, listed: boolean): Promise<ChatShareInfo | null> {
  const r = await request('PATCH', `/chat/shares/${id}`, { listed });
  return r.kind === 'reply' ? r.data : null;
}

export async function revokeShare(id: string): Promise<boolean> {
  return (await request('DELETE', `/chat/shares/${id}`)).kind === 'reply';
}

/** The server's search over synced conversations (silent: the local results still show). */
export async function searchServer(q: string, signal: AbortSignal): Promise<ChatSearchHit[]> {
  const r = await get('/chat/search', { q }, { silent: true, signal });
  return r.kind === 'reply' ? r.data.records : [];
}
