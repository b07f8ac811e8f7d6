import { addMessage, messagesOf, newChat, setMessages, updateMessage } from '../../stores/chat-actions';
import { $chatStorage, type ChatMessage, notifyChange } from '../../stores/chat-storage';
import { startRegenerate } from '../../stores/chat-variants';
import { streamAnswer } from './chat-api';
import { $chatModel, $models, $pending, $quota } from './chat-state';

export interface ChatTexts {
  failed: string;
  quotaLink: (message: string) => void;
}

let controller: AbortController | null = null;

/** The picked model while the server still offers it (a level change may take it away): else the default. */
function pickedModel(): string | undefined {
  const picked = $chatModel.get();
  const offered = $models.get()?.models;
  return picked && (!offered || offered.includes(picked)) ? picked : undefined;
}
const CONTENT_MAX = 16_000;
/** Store writes while streaming: often enough to look live, rare enough to keep local storage cheap. */
const FLUSH_MS = 80;

export const makeId = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;

/** The server hands the model at most this much context (services/chat/stream.ts CONTEXT_BUDGET); more only costs upload. */
const CONTEXT_CHARS = 24_000;

function contextOf(messages: ChatMessage[]) {
  const out: Array<{ role: 'user' | 'assistant'; content: string }> = [];
  let used = 0;
  for (const m of messages
    .filter((x) => !x.error && !x.loading && x.text.trim())
    .slice(-40)
    .reverse()) {
    const content = m.text.slice(0, CONTENT_MAX);
    used += content.length;
    if (used > CONTEXT_CHARS) break;
    out.unshift({ role: m.inversion ? 'user' : 'assistant', content });
  }
  return out;
}

/** Streams the answer to `prompt` into message `answerId`; with `partial`, continues that answer (islands/chat/versions.ts). */
export async function run(
  uuid: number,
  answerId: string,
  prompt: string,
  before: ChatMessage[],
  texts: ChatTexts,
  partial?: string,
) {
  const s = $chatStorage.get();
  const item = s.history.find((h) => h.uuid === uuid);
  controller = new AbortController();
  $pending.set({ uuid, id: answerId });
  let text = partial ?? '';
  let model = '';
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    timer = undefined;
    updateMessage(uuid, answerId, { text, model }, true);
  };
  const outcome = await streamAnswer(
    {
      prompt,
      messages: s.usingContext ? contextOf(before) : [],
      options: {
        model: pickedModel(),
        usingContext: s.usingContext,
        systemMessage: item?.content || undefined,
        conversationId: uuid,
        partial,
      },
    },
    {
      meta(m, quota) {
        model = m;
        $quota.set(quota);
      },
      delta(piece) {
        text += piece;
        timer ??= setTimeout(flush, FLUSH_MS);
      },
    },
    controller.signal,
    texts.failed,
  );
  clearTimeout(timer);
  controller = null;
  $pending.set(null);
  if (outcome.status === 'done' || outcome.status === 'aborted') {
    // Stopped by the person: "continue" is offered (the stream's `done` says when the model stopped short).
    const cut = outcome.status === 'aborted' && text ? true : undefined;
    updateMessage(uuid, answerId, { text, model, loading: false, error: false, cut });
  } else {
    updateMessage(uuid, answerId, {
      text: text ? `${text}\n\n> ${outcome.message}` : outcome.message,
      loading: false,
      error: true,
    });
    if (outcome.status === 'quota') texts.quotaLink(outcome.message);
  }
  notifyChange(uuid);
}

/** Sends a question in the active conversation (a new one when none is active). */
export async function send(prompt: string, texts: ChatTexts): Promise<void> {
  const text = prompt.trim();
  if (!text || $pending.get()) return;
  const uuid = $chatStorage.get().active ?? newChat();
  const before = messagesOf(uuid);
  const now = Date.now();
  addMessage(uuid, { id: makeId(), dateTime: now, text, inversion: true });
  const answerId = makeId();
  addMessage(uuid, { id: answerId, dateTime: now + 1, text: '', inversion: false, loading: true });
  await run(uuid, answerId, text, before, texts);
}

/** Where the question an answer replies to sits (-1: none). */
export function questionBefore(messages: ChatMessage[], answerId: string): number {
  const index = messages.findIndex((m) => m.id === answerId);
  return index < 0 ? -1 : messages.slice(0, index).findLastIndex((m) => m.inversion);
}

/** Asks again for an answer with the question before it; the old answer stays as a version (‹ 1/2 ›). */
export async function regenerate(uuid: number, answerId: string, texts: ChatTexts): Promise<void> {
  if ($pending.get()) return;
  const messages = messagesOf(uuid);
  const question = questionBefore(messages, answerId);
  if (question < 0) return;
  setMessages(uuid, (data) => startRegenerate(data, answerId, Date.now()), true);
  await run(uuid, answerId, messages[question]?.text ?? '', messages.slice(0, question), texts);
}

export function stop(): void {
  controller?.abort();
}
