import { persistentAtom } from '@nanostores/persistent';
import { atom } from 'nanostores';
import { get, request } from '../../lib/api';
import { $token, getToken } from '../../stores/auth';
import { newUuid, renumber } from '../../stores/chat-actions';
import { $chatStorage, type ChatMessage, type ChatStorage, onConversationChange } from '../../stores/chat-storage';

interface Summary {
  uuid: number;
  title: string;
  changedAt: number;
  deleted: boolean;
}
interface Full extends Summary {
  systemPrompt: string | null;
  description: string | null;
  templateId: number | null;
  messages: ChatMessage[];
}

/** Sync bookkeeping: the login it belongs to and each conversation's latest local change. */
const $meta = persistentAtom<{ owner: string; changed: Record<string, number> }>(
  'chatSync',
  { owner: '', changed: {} },
  { encode: JSON.stringify, decode: (raw) => ({ owner: '', changed: {}, ...JSON.parse(raw) }) },
);
/** Local conversations a visitor made, offered for upload on first login; answer through answerUpload(). */
export const $uploadOffer = atom<number>(0);
let answer: ((yes: boolean) => void) | null = null;
export function answerUpload(yes: boolean) {
  $uploadOffer.set(0);
  answer?.(yes);
  answer = null;
}

const changedOf = (uuid: number) => $meta.get().changed[uuid] ?? 0;
const timers = new Map<number, ReturnType<typeof setTimeout>>();

function body(s: ChatStorage, uuid: number, deleted: boolean) {
  const h = s.history.find((x) => x.uuid === uuid);
  const messages = (s.chat.find((c) => c.uuid === uuid)?.data ?? [])
    .filter((m) => !m.loading)
    // Every synced field (shared/contract/chat.ts) goes along; the stream state stays local.
    .map(({ loading: _, ...m }) => ({ ...m, text: m.text.slice(0, 32_000) }));
  return {
    title: (h?.title ?? '').slice(0, 200) || '新对话',
    systemPrompt: h?.content?.slice(0, 8000) ?? null,
    description: h?.description?.slice(0, 1000) ?? null,
    templateId: h?.templateId ?? null,
    messages,
    deleted: deleted || !h,
    changedAt: changedOf(uuid) || Date.now(),
  };
}

function push(uuid: number, deleted: boolean) {
  if (!getToken() || $meta.get().owner !== getToken()) return;
  void request('PUT', `/chat/conversations/${uuid}`, body($chatStorage.get(), uuid, deleted), { silent: true });
}

function apply(full: Full) {
  const s = $chatStorage.get();
  const rest = s.history.filter((h) => h.uuid !== full.uuid);
  const chatRest = s.chat.filter((c) => c.uuid !== full.uuid);
  if (full.deleted) {
    $chatStorage.set({
      ...s,
      history: rest,
      chat: chatRest,
      active: s.active === full.uuid ? (rest[0]?.uuid ?? null) : s.active,
    });
  } else {
    const item = {
      uuid: full.uuid,
      title: full.title,
      isEdit: false,
      ...(full.systemPrompt ? { content: full.systemPrompt } : {}),
      ...(full.description ? { description: full.description } : {}),
      ...(full.templateId ? { templateId: full.templateId } : {}),
    };
    const at = s.history.findIndex((h) => h.uuid === full.uuid);
    // The conversation's model is this device's choice (not synced): it stays.
    const history =
      at >= 0 ? s.history.map((h) => (h.uuid === full.uuid ? { ...item, model: h.model } : h)) : [item, ...s.history];
    $chatStorage.set({ ...s, history, chat: [{ uuid: full.uuid, data: full.messages }, ...chatRest] });
  }
  $meta.set({ ...$meta.get(), changed: { ...$meta.get().changed, [full.uuid]: full.changedAt } });
}

const sameStart = (a: ChatMessage[], b: ChatMessage[]) =>
  a[0]?.dateTime === b[0]?.dateTime && a[0]?.text === b[0]?.text;

/**
 * Every device starts with conversation 1002, so on a login's first sync a
 * local conversation may share its uuid with a different one of the account.
 * Such a local one moves to a new uuid, so neither overwrites the other.
 */
async function separateCollisions(server: Map<number, Summary>) {
  for (const h of $chatStorage.get().history) {
    const remote = server.get(h.uuid);
    const local = $chatStorage.get().chat.find((c) => c.uuid === h.uuid)?.data ?? [];
    if (!remote || remote.deleted || local.length === 0) continue;
    const full = await fetchFull(h.uuid);
    if (!full || sameStart(full.messages, local)) continue;
    const to = newUuid();
    renumber(h.uuid, to);
    const { [h.uuid]: at = Date.now(), ...changed } = $meta.get().changed;
    $meta.set({ ...$meta.get(), changed: { ...changed, [to]: at } });
  }
}

let running: Promise<void> | null = null;

/** Two-way sync for a logged-in user: the later change of each conversation wins. One at a time. */
export function syncNow(): Promise<void> {
  running ??= sync().finally(() => {
    running = null;
  });
  return running;
}

async function sync(): Promise<void> {
  const token = getToken();
  if (!token) return;
  const list = await get<{ records: Summary[] }>('/chat/conversations', undefined, { silent: true });
  if (list.kind !== 'reply') return;
  const server = new Map(list.data.records.map((r) => [r.uuid, r]));
  if ($meta.get().owner !== token) await separateCollisions(server);
  for (const r of list.data.records) {
    if (r.changedAt <= changedOf(r.uuid)) continue;
    const exists = $chatStorage.get().history.some((h) => h.uuid === r.uuid);
    if (r.deleted && !exists) continue;
    const full = r.deleted
      ? { ...r, systemPrompt: null, description: null, templateId: null, messages: [] }
      : await fetchFull(r.uuid);
    if (full) apply(full);
  }
  const s = $chatStorage.get();
  const newer = s.history.filter((h) => {
    const remote = server.get(h.uuid);
    return !remote || changedOf(h.uuid) > remote.changedAt;
  });
  if ($meta.get().owner !== token) {
    // First sync of this login: what a visitor wrote is uploaded only if the person agrees.
    const worth = newer.filter((h) => (s.chat.find((c) => c.uuid === h.uuid)?.data.length ?? 0) > 0);
    const yes =
      worth.length === 0 ||
      (await new Promise<boolean>((resolve) => {
        answer = resolve;
        $uploadOffer.set(worth.length);
      }));
    $meta.set({ ...$meta.get(), owner: token });
    if (!yes) return;
  }
  for (const h of newer) push(h.uuid, false);
}

async function fetchFull(uuid: number): Promise<Full | null> {
  const r = await get<Full>(`/chat/conversations/${uuid}`, undefined, { silent: true });
  return r.kind === 'reply' ? r.data : null;
}

/** Starts syncing; returns the function that stops it. */
export function startSync(): () => void {
  const off = onConversationChange((uuid, deleted) => {
    $meta.set({ ...$meta.get(), changed: { ...$meta.get().changed, [uuid]: Date.now() } });
    clearTimeout(timers.get(uuid));
    timers.set(
      uuid,
      setTimeout(() => push(uuid, deleted), 800),
    );
  });
  const unToken = $token.listen(() => void syncNow());
  void syncNow();
  const onFocus = () => void syncNow();
  window.addEventListener('focus', onFocus);
  return () => {
    off();
    unToken();
    window.removeEventListener('focus', onFocus);
  };
}
