import { persistentAtom } from '@nanostores/persistent';
import type { StoredChatMessage } from '../shared/contract/chat';

/** At most 80 messages kept per conversation, oldest dropped (docs/routes-and-screens.md). */
export const MAX_MESSAGES = 80;
/** The default conversation (docs/routes-and-screens.md). */
export const DEFAULT_UUID = 1002;
/** The Chinese text for 'new conversation'. */
export const DEFAULT_TITLE = '新对话';
/** A conversation's title as shown: a new conversation's stored default title reads in the page's language. */
export const shownTitle = (title: string, t: (key: string) => string) =>
  title === DEFAULT_TITLE ? t('layout:chat.untitled') : title;
export const CHAT_STORAGE_KEY = 'chatStorage';

/** A message as the browser keeps it: the synced fields (shared/contract/chat.ts) and its stream state. */
export interface ChatMessage extends StoredChatMessage {
  /** Still streaming. */
  loading?: boolean;
}

/** Chat history item; items made from an app also carry its prompt (content), description and id (docs/routes-and-screens.md). */
export interface HistoryItem {
  uuid: number;
  title: string;
  isEdit: boolean;
  content?: string;
  description?: string;
  templateId?: number;
  /** The model chosen for this conversation (an id of GET /api/chat/models); none: the composer's default. */
  model?: string;
}

export interface ChatItem {
  uuid: number;
  data: ChatMessage[];
}

export interface ChatStorage {
  active: number | null;
  mjActive: number | null;
  usingContext: boolean;
  history: HistoryItem[];
  mjHistory: HistoryItem[];
  chat: ChatItem[];
  mjChat: ChatItem[];
}

export function defaultChatStorage(): ChatStorage {
  return {
    active: DEFAULT_UUID,
    mjActive: DEFAULT_UUID,
    usingContext: true,
    history: [{ uuid: DEFAULT_UUID, title: DEFAULT_TITLE, isEdit: false }],
    mjHistory: [{ uuid: DEFAULT_UUID, title: DEFAULT_TITLE, isEdit: false }],
    chat: [{ uuid: DEFAULT_UUID, data: [] }],
    mjChat: [{ uuid: DEFAULT_UUID, data: [] }],
  };
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

function historyList(v: unknown): HistoryItem[] | null {
  if (!Array.isArray(v)) return null;
  return v
    .filter((h): h is Record<string, unknown> => isObject(h) && isNum(h.uuid) && typeof h.title === 'string')
    .map((h) => ({
      ...(h as unknown as HistoryItem),
      isEdit: false,
    }));
}

function chatList(v: unknown): ChatItem[] | null {
  if (!Array.isArray(v)) return null;
  return v
    .filter((c): c is Record<string, unknown> => isObject(c) && isNum(c.uuid) && Array.isArray(c.data))
    .map((c) => ({
      uuid: c.uuid as number,
      data: (c.data as unknown[])
        .filter((m): m is ChatMessage => isObject(m) && typeof m.text === 'string' && typeof m.inversion === 'boolean')
        // A reload ends any stream that was running.
        .map((m) => ({ ...m, id: m.id ?? `${m.dateTime}`, loading: false })),
    }));
}

/** Field by field: an unreadable part becomes its default, the rest survives. */
export function decodeChatStorage(raw: string): ChatStorage {
  const fallback = defaultChatStorage();
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return fallback;
  }
  if (!isObject(value)) return fallback;
  const activeOf = (v: unknown, d: number | null) => (isNum(v) || v === null ? v : d);
  return {
    active: activeOf(value.active, fallback.active),
    mjActive: activeOf(value.mjActive, fallback.mjActive),
    usingContext: typeof value.usingContext === 'boolean' ? value.usingContext : true,
    history: historyList(value.history) ?? fallback.history,
    mjHistory: historyList(value.mjHistory) ?? fallback.mjHistory,
    chat: chatList(value.chat) ?? fallback.chat,
    mjChat: chatList(value.mjChat) ?? fallback.mjChat,
  };
}

/** Chat storage under local key `chatStorage` (docs/routes-and-screens.md). */
export const $chatStorage = persistentAtom<ChatStorage>(CHAT_STORAGE_KEY, defaultChatStorage(), {
  encode: JSON.stringify,
  decode: decodeChatStorage,
});

/** Keeps the newest `max` messages. */
export function capMessages(list: ChatMessage[], max = MAX_MESSAGES): ChatMessage[] {
  return list.length > max ? list.slice(list.length - max) : list;
}

/** Change listeners (server sync): called with the uuid of every conversation an action changed. */
const changeListeners = new Set<(uuid: number, deleted: boolean) => void>();
export function onConversationChange(fn: (uuid: number, deleted: boolean) => void): () => void {
  changeListeners.add(fn);
  return () => changeListeners.delete(fn);
}
export function notifyChange(uuid: number, deleted = false): void {
  for (const fn of changeListeners) fn(uuid, deleted);
}
