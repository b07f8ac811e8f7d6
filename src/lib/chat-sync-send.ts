import { Code } from '../shared/codes';
import { getToken } from '../stores/auth';
import { $outbox, type PendingChange, pendingChanges, settleChange, withinBudget } from '../stores/chat-outbox';
import { $chatStorage, type ChatStorage } from '../stores/chat-storage';
import { $syncMeta, changedOf } from '../stores/chat-sync-state';
import { type ApiResult, request } from './api';

/** What PUT /api/chat/conversations/{uuid} carries for the conversation as stored now. */
export function conversationBody(s: ChatStorage, uuid: number, deleted: boolean) {
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

const utf8Bytes = (text: string) => new TextEncoder().encode(text).length;

/** Sends are this login's only: the sync's first run decides what a visitor's conversations become. */
const syncing = () => {
  const token = getToken();
  return token !== undefined && $syncMeta.get().owner === token;
};

/** Each conversation's send on its way: a keepalive one outlives the page, a plain one ends with it. */
const inFlight = new Map<number, { changedAt: number; keepalive: boolean }>();

/** Applied, found older than the server's, or refused for good; not a lost connection, a busy server or a lost login. */
function answered(result: ApiResult<unknown>): boolean {
  if (result.kind === 'reply') return true;
  if (result.kind === 'business') return result.code !== Code.NOT_LOGGED_IN;
  if (result.kind !== 'http') return false;
  const status = result.status ?? 0;
  return status >= 400 && status < 500 && ![401, 408, 429].includes(status);
}

/**
 * Sends one conversation's change. The outbox keeps it until the server answers; a refusal that
 * would repeat (too large, too many) drops it, while a lost connection, a busy server or a rate
 * limit keeps it for the next try.
 */
export async function sendChange(uuid: number, opts: { keepalive?: boolean } = {}): Promise<void> {
  if (!syncing()) return;
  const body = conversationBody($chatStorage.get(), uuid, $outbox.get()[uuid]?.deleted ?? false);
  const sending = { changedAt: body.changedAt, keepalive: opts.keepalive === true };
  inFlight.set(uuid, sending);
  const result = await request('PUT', `/chat/conversations/${uuid}`, body, {
    silent: true,
    // A logout waits for these: a stalled server must not hold it for the default 30 s.
    timeoutMs: 10_000,
    ...(opts.keepalive ? { keepalive: true } : {}),
  });
  if (inFlight.get(uuid) === sending) inFlight.delete(uuid);
  if (answered(result)) settleChange(uuid, body.changedAt);
}

/**
 * Sends every waiting change not already on its way. With `keepalive` (the page is being left), a
 * plain send on its way goes again, since it ends with the page; all go as keepalive requests
 * within the browser's budget, and what does not fit, or does not arrive, stays in the outbox for
 * the next load.
 */
export function flushOutbox(opts: { keepalive?: boolean } = {}): Promise<void> {
  if (!syncing()) return Promise.resolve();
  const onItsWay = (c: PendingChange) => {
    const sending = inFlight.get(c.uuid);
    return sending?.changedAt === c.changedAt && (sending.keepalive || !opts.keepalive);
  };
  let changes = pendingChanges().filter((c) => !onItsWay(c));
  if (opts.keepalive) {
    const s = $chatStorage.get();
    const sized = changes.map((c) => ({
      ...c,
      bytes: utf8Bytes(JSON.stringify(conversationBody(s, c.uuid, c.deleted))),
    }));
    changes = withinBudget(sized);
  }
  return Promise.all(changes.map((c) => sendChange(c.uuid, opts))).then(() => undefined);
}
