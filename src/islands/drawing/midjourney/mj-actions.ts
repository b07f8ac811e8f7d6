import { deriveTitle } from '../../../lib/chat-title';
import type { ActionKey } from '../../../shared/drawing';
import type { ReviewState } from '../../../shared/moderation';
import {
  $chatStorage,
  type ChatMessage,
  type ChatStorage,
  capMessages,
  DEFAULT_TITLE,
} from '../../../stores/chat-storage';

/** A drawing reply's state, kept in the message so a reload shows (and resumes) it. */
export interface MjDrawing {
  /** The task id; empty until the server accepted it. */
  id: string;
  status: number;
  /** Local progress (docs/state-machines.md). */
  progress: number;
  imageUrl?: string | null;
  thumbnailsUrl?: string | null;
  width?: number | null;
  height?: number | null;
  drawRate?: string;
  /** 1 public (the square), 2 private. */
  publicFlag?: number;
  /** What moderators decided of it (a public one may be pending review). */
  review?: ReviewState;
  /** The picture's prompt (an action's asking side shows "U2 · prompt" instead). */
  prompt?: string;
  /** Midjourney's 2×2 grid of four candidates. */
  grid?: boolean;
  /** The buttons the finished picture offers (upscale, vary, zoom…). */
  actions?: ActionKey[];
}

/** An image-chat message: a prompt (inversion) or a reply carrying its drawing. */
export interface MjMessage extends ChatMessage {
  drawing?: MjDrawing;
  /** An action's asking side: the prompt behind its "U2 · prompt" text. */
  prompt?: string;
}

const update = (fn: (s: ChatStorage) => ChatStorage) => $chatStorage.set(fn($chatStorage.get()));

/** The image chat's conversations live in mjHistory / mjChat, apart from the normal chat (docs/routes-and-screens.md). */
export function mjMessages(uuid: number | null, s: ChatStorage = $chatStorage.get()): MjMessage[] {
  return (s.mjChat.find((c) => c.uuid === uuid)?.data ?? []) as MjMessage[];
}

export function newMjChat(): number {
  const s = $chatStorage.get();
  let uuid = Date.now();
  while (s.mjHistory.some((h) => h.uuid === uuid)) uuid += 1;
  update((st) => ({
    ...st,
    mjActive: uuid,
    mjHistory: [{ uuid, title: DEFAULT_TITLE, isEdit: false }, ...st.mjHistory],
    mjChat: [{ uuid, data: [] }, ...st.mjChat],
  }));
  return uuid;
}

export function setMjActive(uuid: number): void {
  update((s) => ({ ...s, mjActive: uuid, mjHistory: s.mjHistory.map((h) => ({ ...h, isEdit: false })) }));
}

/** Renames a conversation, or opens / closes its title for editing. */
export function updateMjHistory(uuid: number, patch: { title?: string; isEdit: boolean }): void {
  update((s) => ({ ...s, mjHistory: s.mjHistory.map((h) => (h.uuid === uuid ? { ...h, ...patch } : h)) }));
}

/** Removes every image conversation and starts a fresh one. */
export function clearMjHistory(): void {
  update((s) => ({ ...s, mjHistory: [], mjChat: [], mjActive: null }));
  newMjChat();
}

/** Removes one message (a prompt or a reply) from a conversation. */
export function deleteMjMessage(uuid: number, id: string): void {
  update((s) => mapChat(s, uuid, (data) => data.filter((m) => m.id !== id)));
}

/** Removes a conversation; the neighbour becomes active, and an empty list gets a fresh one. */
export function deleteMjChat(uuid: number): void {
  update((s) => {
    const index = s.mjHistory.findIndex((h) => h.uuid === uuid);
    const mjHistory = s.mjHistory.filter((h) => h.uuid !== uuid);
    const next = mjHistory[Math.min(Math.max(index, 0), mjHistory.length - 1)];
    return {
      ...s,
      mjHistory,
      mjChat: s.mjChat.filter((c) => c.uuid !== uuid),
      mjActive: s.mjActive === uuid ? (next?.uuid ?? null) : s.mjActive,
    };
  });
  if ($chatStorage.get().mjHistory.length === 0) newMjChat();
}

const mapChat = (s: ChatStorage, uuid: number, fn: (data: MjMessage[]) => MjMessage[]): ChatStorage => {
  const exists = s.mjChat.some((c) => c.uuid === uuid);
  const mjChat = exists
    ? s.mjChat.map((c) => (c.uuid === uuid ? { ...c, data: capMessages(fn(c.data as MjMessage[])) } : c))
    : [{ uuid, data: capMessages(fn([])) }, ...s.mjChat];
  return { ...s, mjChat };
};

/** Appends a message (at most 80 kept); the first prompt names an untitled conversation. */
export function addMjMessage(uuid: number, message: MjMessage): void {
  update((s) => {
    const next = mapChat(s, uuid, (data) => [...data, message]);
    const item = s.mjHistory.find((h) => h.uuid === uuid);
    if (item?.title === DEFAULT_TITLE && message.inversion && message.text.trim()) {
      const title = deriveTitle(message.text);
      next.mjHistory = s.mjHistory.map((h) => (h.uuid === uuid ? { ...h, title } : h));
    }
    return next;
  });
}

export function updateMjMessage(uuid: number, id: string, patch: Partial<MjMessage>): void {
  update((s) =>
    mapChat(s, uuid, (data) =>
      data.map((m) =>
        m.id === id ? { ...m, ...patch, drawing: patch.drawing ? { ...m.drawing, ...patch.drawing } : m.drawing } : m,
      ),
    ),
  );
}

/** Where a drawing reply lives: conversation and message, for a task id. */
export function findByTask(taskId: string, s: ChatStorage = $chatStorage.get()): { uuid: number; id: string } | null {
  for (const c of s.mjChat) {
    const m = (c.data as MjMessage[]).find((x) => x.drawing?.id === taskId);
    if (m) return { uuid: c.uuid, id: m.id };
  }
  return null;
}
