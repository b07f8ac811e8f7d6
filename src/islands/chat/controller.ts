import type { ChatAttachment } from '../../shared/contract/chat';
import { addMessage, messagesOf, newChat, updateMessage } from '../../stores/chat-actions';
import { $chatStorage, type ChatMessage, notifyChange } from '../../stores/chat-storage';
import { FRESH_ANSWER, finishedFields, keptReasoning, thinkClock } from './answer-extras';
import { streamAnswer } from './chat-api';
import { $pending, $quota } from './chat-state';
import { conversationModel, pinModel } from './conversation-model';

export interface ChatTexts {
  failed: string;
  quotaLink: (message: string) => void;
}

let controller: AbortController | null = null;

const CONTENT_MAX = 16_000;
/** Store writes while streaming: often enough to look live, rare enough to keep local storage cheap. */
const FLUSH_MS = 80;

const makeId = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;

/** The server hands the model at most this much context (services/chat/stream.ts CONTEXT_BUDGET); more only costs upload. */
const CONTEXT_CHARS = 24_000;

function contextOf(messages: ChatMessage[]) {
  const out: Array<{ role: 'user' | 'assistant'; content: string; attachments?: string[] }> = [];
  let used = 0;
  for (const m of messages
    .filter((x) => !x.error && !x.loading && x.text.trim())
    .slice(-40)
    .reverse()) {
    const content = m.text.slice(0, CONTENT_MAX);
    used += content.length;
    if (used > CONTEXT_CHARS) break;
    const files = m.inversion ? m.attachments?.map((a) => a.id) : undefined;
    out.unshift({
      role: m.inversion ? 'user' : 'assistant',
      content,
      ...(files?.length ? { attachments: files } : {}),
    });
  }
  return out;
}

async function run(
  uuid: number,
  answerId: string,
  question: Pick<ChatMessage, 'id' | 'text' | 'attachments'>,
  before: ChatMessage[],
  texts: ChatTexts,
) {
  const prompt = question.text;
  const files = question.attachments?.map((a) => a.id);
  const s = $chatStorage.get();
  const item = s.history.find((h) => h.uuid === uuid);
  controller = new AbortController();
  $pending.set({ uuid, id: answerId });
  let text = '';
  let model = '';
  let reasoning = '';
  const clock = thinkClock();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    timer = undefined;
    updateMessage(uuid, answerId, { text, model, reasoning: keptReasoning(reasoning) }, true);
  };
  const outcome = await streamAnswer(
    {
      prompt,
      messages: s.usingContext ? contextOf(before) : [],
      options: {
        model: conversationModel(uuid),
        usingContext: s.usingContext,
        systemMessage: item?.content || undefined,
        conversationId: uuid,
        ...(files?.length ? { attachments: files } : {}),
      },
    },
    {
      meta(m, quota, attachments) {
        model = m;
        pinModel(uuid, m);
        $quota.set(quota);
        // The server says which documents it had to cut for this model.
        if (attachments?.length) updateMessage(uuid, question.id, { attachments });
      },
      reasoning(piece) {
        reasoning += piece;
        clock.reasoning();
        timer ??= setTimeout(flush, FLUSH_MS);
      },
      delta(piece) {
        text += piece;
        clock.text();
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
    updateMessage(uuid, answerId, {
      text,
      model,
      loading: false,
      error: false,
      ...finishedFields(outcome, reasoning, clock),
    });
  } else {
    updateMessage(uuid, answerId, {
      text: text ? `${text}\n\n> ${outcome.message}` : outcome.message,
      ...finishedFields(outcome, reasoning, clock),
      loading: false,
      error: true,
    });
    if (outcome.status === 'quota') texts.quotaLink(outcome.message);
  }
  notifyChange(uuid);
}

/** Sends a question in the active conversation (a new one when none is active). */
export async function send(prompt: string, texts: ChatTexts, attachments: ChatAttachment[] = []): Promise<void> {
  const text = prompt.trim();
  if (!text || $pending.get()) return;
  const uuid = $chatStorage.get().active ?? newChat();
  const before = messagesOf(uuid);
  const now = Date.now();
  const question = { id: makeId(), text, ...(attachments.length ? { attachments } : {}) };
  addMessage(uuid, { ...question, dateTime: now, inversion: true });
  const answerId = makeId();
  addMessage(uuid, { id: answerId, dateTime: now + 1, text: '', inversion: false, loading: true });
  await run(uuid, answerId, question, before, texts);
}

/** Asks again for an answer, in place, with the question before it. */
export async function regenerate(uuid: number, answerId: string, texts: ChatTexts): Promise<void> {
  if ($pending.get()) return;
  const messages = messagesOf(uuid);
  const index = messages.findIndex((m) => m.id === answerId);
  const question = messages.slice(0, index).findLastIndex((m) => m.inversion);
  if (index < 0 || question < 0) return;
  updateMessage(uuid, answerId, { ...FRESH_ANSWER, text: '', loading: true, error: false, dateTime: Date.now() }, true);
  const asked = messages[question];
  if (!asked) return;
  await run(uuid, answerId, asked, messages.slice(0, question), texts);
}

export function stop(): void {
  controller?.abort();
}
