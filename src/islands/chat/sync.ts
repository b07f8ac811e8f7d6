import { atom } from 'nanostores';
import { get } from '../../lib/api';
import { flushOutbox, sendChange } from '../../lib/chat-sync-send';
import type { Conversation, ConversationSummary } from '../../shared/contract/chat-sync';
import { $token, getToken } from '../../stores/auth';
import { commitPendingDelete, newUuid, renumber } from '../../stores/chat-actions';
import { dropChanges, moveChange, pendingChanges, recordChange } from '../../stores/chat-outbox';
import { $chatStorage, type ChatMessage, onConversationChange } from '../../stores/chat-storage';
import { $syncMeta, changedOf, markChanged } from '../../stores/chat-sync-state';
import { $promptStore } from '../../stores/prompt-store';

/** Local conversations a visitor made, offered for upload on first login; answer through answerUpload(). */
export const $uploadOffer = atom<number>(0);
let answer: ((yes: boolean) => void) | null = null;
export function answerUpload(yes: boolean) {
  $uploadOffer.set(0);
  answer?.(yes);
  answer = null;
}

const timers = new Map<number, ReturnType<typeof setTimeout>>();

/** Into the outbox first (it outlives the page), then to the server. */
function push(uuid: number, deleted: boolean) {
  const token = getToken();
  if (!token || $syncMeta.get().owner !== token) return;
  recordChange({ uuid, deleted, changedAt: changedOf(uuid) || Date.now() });
  void sendChange(uuid);
}

function apply(full: Conversation) {
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
  markChanged(full.uuid, full.changedAt);
}

const sameStart = (a: ChatMessage[], b: ChatMessage[]) =>
  a[0]?.dateTime === b[0]?.dateTime && a[0]?.text === b[0]?.text;

/**
 * Every device starts with conversation 1002, so on a login's first sync a
 * local conversation may share its uuid with a different one of the account.
 * Such a local one moves to a new uuid, so neither overwrites the other.
 */
async function separateCollisions(server: Map<number, ConversationSummary>) {
  for (const h of $chatStorage.get().history) {
    const remote = server.get(h.uuid);
    const local = $chatStorage.get().chat.find((c) => c.uuid === h.uuid)?.data ?? [];
    if (!remote || remote.deleted || local.length === 0) continue;
    const full = await fetchFull(h.uuid);
    if (!full || sameStart(full.messages, local)) continue;
    const to = newUuid();
    renumber(h.uuid, to);
    moveChange(h.uuid, to);
    const { [h.uuid]: at = Date.now(), ...changed } = $syncMeta.get().changed;
    $syncMeta.set({ ...$syncMeta.get(), changed: { ...changed, [to]: at } });
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
  // Changes a closed page could not confirm go first, so the list below already holds them.
  await flushOutbox();
  const list = await get('/chat/conversations', undefined, { silent: true });
  if (list.kind !== 'reply') return;
  const server = new Map(list.data.records.map((r) => [r.uuid, r]));
  const first = $syncMeta.get().owner !== token;
  if (first) await separateCollisions(server);
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
  if (first) {
    // First sync of this login: what a visitor wrote is uploaded only if the person agrees. A
    // conversation changed since the login (its change waits in the outbox: a question asked before
    // this sync ended) is the account's already, never offered as a visitor's.
    const since = new Set(pendingChanges().map((c) => c.uuid));
    const worth = newer.filter(
      (h) => !since.has(h.uuid) && (s.chat.find((c) => c.uuid === h.uuid)?.data.length ?? 0) > 0,
    );
    const yes =
      worth.length === 0 ||
      (await new Promise<boolean>((resolve) => {
        answer = resolve;
        $uploadOffer.set(worth.length);
      }));
    // What stays this visitor's when the login ends (stores/account-data.ts).
    const visitorPrompts = $promptStore.get().promptList.map((p) => p.key);
    const kept = yes ? [] : worth.map((h) => h.uuid);
    dropChanges(kept);
    $syncMeta.set({ ...$syncMeta.get(), owner: token, kept, visitorPrompts });
    // Changes made while this first sync ran waited in the outbox for it.
    void flushOutbox();
    if (!yes) return;
  }
  // A visitor's conversation kept only on this device stays there until it is changed while logged in.
  const kept = new Set($syncMeta.get().kept);
  for (const h of newer) if (!kept.has(h.uuid)) push(h.uuid, false);
}

async function fetchFull(uuid: number): Promise<Conversation | null> {
  const r = await get(`/chat/conversations/${uuid}`, undefined, { silent: true });
  return r.kind === 'reply' ? r.data : null;
}

/**
 * The page is being left (or hidden, which on a phone may be the last chance): a deletion still
 * waiting for its debounce happens now, and every unconfirmed change goes out as a keepalive
 * request; what does not arrive stays in the outbox for the next load. `beforeunload` comes while
 * the page is whole (Chromium sometimes drops a keepalive request made as late as `pagehide`);
 * `pagehide` and `visibilitychange` cover the tab closed on a phone, where it may not fire.
 */
function leave() {
  commitPendingDelete();
  for (const timer of timers.values()) clearTimeout(timer);
  timers.clear();
  void flushOutbox({ keepalive: true });
}

/** Starts syncing; returns the function that stops it. */
export function startSync(): () => void {
  const off = onConversationChange((uuid, deleted) => {
    markChanged(uuid, Date.now());
    // Kept from the login on; sent once the login's first sync has settled uuids and a visitor's choice.
    if (getToken()) recordChange({ uuid, deleted, changedAt: changedOf(uuid) });
    clearTimeout(timers.get(uuid));
    timers.set(
      uuid,
      setTimeout(() => {
        timers.delete(uuid);
        push(uuid, deleted);
      }, 800),
    );
  });
  const unToken = $token.listen(() => void syncNow());
  void syncNow();
  const onFocus = () => void syncNow();
  const onHidden = () => document.visibilityState === 'hidden' && leave();
  window.addEventListener('focus', onFocus);
  window.addEventListener('beforeunload', leave);
  window.addEventListener('pagehide', leave);
  document.addEventListener('visibilitychange', onHidden);
  return () => {
    off();
    unToken();
    window.removeEventListener('focus', onFocus);
    window.removeEventListener('beforeunload', leave);
    window.removeEventListener('pagehide', leave);
    document.removeEventListener('visibilitychange', onHidden);
  };
}
