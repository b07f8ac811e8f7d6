import { deriveTitle } from '../lib/chat-title';
import {
  $chatStorage,
  type ChatMessage,
  type ChatStorage,
  capMessages,
  DEFAULT_TITLE,
  defaultChatStorage,
  type HistoryItem,
  notifyChange,
} from './chat-storage';

const update = (fn: (s: ChatStorage) => ChatStorage) => $chatStorage.set(fn($chatStorage.get()));

/** A uuid no other conversation has (time based, like the default conversation's 1002). */
export function newUuid(s: ChatStorage = $chatStorage.get()): number {
  let uuid = Date.now();
  while (s.history.some((h) => h.uuid === uuid)) uuid += 1;
  return uuid;
}

/** Adds a conversation at the top and makes it active. */
export function addHistory(item: Omit<HistoryItem, 'isEdit'>, data: ChatMessage[] = []): void {
  update((s) => ({
    ...s,
    active: item.uuid,
    history: [{ ...item, isEdit: false }, ...s.history.filter((h) => h.uuid !== item.uuid)],
    chat: [{ uuid: item.uuid, data: capMessages(data) }, ...s.chat.filter((c) => c.uuid !== item.uuid)],
  }));
  notifyChange(item.uuid);
}

/** Moves a conversation to another uuid (sync: another device's conversation has this one). */
export function renumber(from: number, to: number): void {
  update((s) => ({
    ...s,
    active: s.active === from ? to : s.active,
    history: s.history.map((h) => (h.uuid === from ? { ...h, uuid: to } : h)),
    chat: s.chat.map((c) => (c.uuid === from ? { ...c, uuid: to } : c)),
  }));
}

export function newChat(): number {
  const uuid = newUuid();
  addHistory({ uuid, title: DEFAULT_TITLE });
  return uuid;
}

export function updateHistory(uuid: number, patch: Partial<HistoryItem>): void {
  update((s) => ({ ...s, history: s.history.map((h) => (h.uuid === uuid ? { ...h, ...patch } : h)) }));
  if (patch.title !== undefined) notifyChange(uuid);
}

/** Removes a conversation; the active one moves to its neighbour (none when the list is empty). */
export function deleteHistory(uuid: number): void {
  update((s) => {
    const index = s.history.findIndex((h) => h.uuid === uuid);
    const history = s.history.filter((h) => h.uuid !== uuid);
    const next = history[Math.min(Math.max(index, 0), history.length - 1)];
    return {
      ...s,
      history,
      chat: s.chat.filter((c) => c.uuid !== uuid),
      active: s.active === uuid ? (next?.uuid ?? null) : s.active,
    };
  });
  notifyChange(uuid, true);
}

let pendingDelete: { timer: ReturnType<typeof setTimeout>; run: () => void } | null = null;

/** Runs `run` (a deletion) after `ms`; a newer call replaces one still waiting (the sidebar's debounce). */
export function deleteLater(run: () => void, ms: number): void {
  if (pendingDelete) clearTimeout(pendingDelete.timer);
  pendingDelete = { run, timer: setTimeout(commitPendingDelete, ms) };
}

/** Runs a waiting deletion now: the page is being left, and the deletion must not be lost with it. */
export function commitPendingDelete(): void {
  const waiting = pendingDelete;
  pendingDelete = null;
  if (!waiting) return;
  clearTimeout(waiting.timer);
  waiting.run();
}

/** Clears every normal conversation back to the default one (drawing history untouched). */
export function clearHistory(): void {
  const removed = $chatStorage.get().history.map((h) => h.uuid);
  const fresh = defaultChatStorage();
  update((s) => ({ ...s, active: fresh.active, history: fresh.history, chat: fresh.chat }));
  for (const uuid of removed) notifyChange(uuid, true);
  notifyChange(fresh.active ?? 0);
}

export function setActive(uuid: number): void {
  update((s) => ({ ...s, active: uuid, history: s.history.map((h) => ({ ...h, isEdit: false })) }));
}

export function setUsingContext(on: boolean): void {
  update((s) => ({ ...s, usingContext: on }));
}

const mapChat = (s: ChatStorage, uuid: number, fn: (data: ChatMessage[]) => ChatMessage[]): ChatStorage => {
  const exists = s.chat.some((c) => c.uuid === uuid);
  const chat = exists
    ? s.chat.map((c) => (c.uuid === uuid ? { ...c, data: capMessages(fn(c.data)) } : c))
    : [{ uuid, data: capMessages(fn([])) }, ...s.chat];
  return { ...s, chat };
};

/** Appends a message (oldest dropped past 80); the first question names a still-untitled conversation. */
export function addMessage(uuid: number, message: ChatMessage): void {
  update((s) => {
    const next = mapChat(s, uuid, (data) => [...data, message]);
    const item = s.history.find((h) => h.uuid === uuid);
    if (item?.title === DEFAULT_TITLE && message.inversion && message.text.trim()) {
      const title = deriveTitle(message.text);
      next.history = s.history.map((h) => (h.uuid === uuid ? { ...h, title } : h));
    }
    return next;
  });
  notifyChange(uuid);
}

export function updateMessage(uuid: number, id: string, patch: Partial<ChatMessage>, quiet = false): void {
  update((s) => mapChat(s, uuid, (data) => data.map((m) => (m.id === id ? { ...m, ...patch } : m))));
  if (!quiet) notifyChange(uuid);
}

/** Rewrites a conversation's messages at once (versions: edit, regenerate, flipping; stores/chat-variants.ts). */
export function setMessages(uuid: number, fn: (data: ChatMessage[]) => ChatMessage[], quiet = false): void {
  update((s) => mapChat(s, uuid, fn));
  if (!quiet) notifyChange(uuid);
}

export function deleteMessage(uuid: number, id: string): void {
  update((s) => mapChat(s, uuid, (data) => data.filter((m) => m.id !== id)));
  notifyChange(uuid);
}

export function messagesOf(uuid: number | null, s: ChatStorage = $chatStorage.get()): ChatMessage[] {
  return s.chat.find((c) => c.uuid === uuid)?.data ?? [];
}
