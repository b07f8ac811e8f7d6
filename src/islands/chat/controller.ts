import type { ChatAttachment, ChatCitation, ChatToolStep } from '../../shared/contract/chat';
import { addMessage, messagesOf, newChat, setMessages, updateMessage } from '../../stores/chat-actions';
import { $chatSources } from '../../stores/chat-sources';
import { $chatStorage, type ChatMessage, notifyChange } from '../../stores/chat-storage';
import { startRegenerate } from '../../stores/chat-variants';
import { FRESH_ANSWER, finishedFields, keptReasoning, thinkClock } from './answer-extras';
import { streamAnswer } from './chat-api';
import { $models, $pending, $quota } from './chat-state';
import { conversationModel, pinModel } from './conversation-model';

export interface ChatTexts {
  failed: string;
  quotaLink: (message: string) => void;
}

let controller: AbortController | null = null;

const CONTENT_MAX = 16_000;
/** Store writes while streaming: often enough to look live, rare enough to keep local storage cheap. */
const FLUSH_MS = 80;

export const makeId = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;

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

/** The question a stream answers: its text and attached files. */
export type Question = Pick<ChatMessage, 'id' | 'text' | 'attachments'>;

/**
 * Streams the answer to `question` into message `answerId`; with `continued` (an answer cut short),
 * continues that answer (islands/chat/versions.ts).
 */
export async function run(
  uuid: number,
  answerId: string,
  question: Question,
  before: ChatMessage[],
  texts: ChatTexts,
  continued?: ChatMessage,
) {
  const prompt = question.text;
  const files = question.attachments?.map((a) => a.id);
  const partial = continued?.text;
  const s = $chatStorage.get();
  const item = s.history.find((h) => h.uuid === uuid);
  controller = new AbortController();
  $pending.set({ uuid, id: answerId });
  let text = partial ?? '';
  let model = '';
  let reasoning = continued?.reasoning ?? '';
  // A continued answer keeps the sources and tool steps of its first part until new ones come.
  let citations: ChatCitation[] | undefined = continued?.citations;
  let tools: ChatToolStep[] | undefined = continued?.tools;
  const clock = thinkClock();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    timer = undefined;
    updateMessage(uuid, answerId, { text, model, reasoning: keptReasoning(reasoning), citations, tools }, true);
  };
  const sources = $chatSources.get();
  // The toggle shows only when the server can search; a stale `true` kept from before is not sent.
  const webSearch = sources.webSearch && Boolean($models.get()?.webSearch);
  const outcome = await streamAnswer(
    {
      prompt,
      messages: s.usingContext ? contextOf(before) : [],
      ...(sources.knowledgeBaseIds.length ? { knowledgeBaseIds: sources.knowledgeBaseIds } : {}),
      ...(webSearch ? { webSearch } : {}),
      // A conversation opened from the store: the app's own knowledge base answers too.
      ...(item?.templateId ? { appId: item.templateId } : {}),
      options: {
        model: conversationModel(uuid),
        usingContext: s.usingContext,
        systemMessage: item?.content || undefined,
        conversationId: uuid,
        ...(files?.length ? { attachments: files } : {}),
        ...(partial ? { partial } : {}),
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
      citations(items) {
        citations = items.slice(0, 50);
        timer ??= setTimeout(flush, FLUSH_MS);
      },
      tool(step) {
        // A step comes when it starts and again when it ends: the end replaces the start in place.
        const known = (tools ?? []).some((x) => x.id === step.id);
        tools = known ? (tools ?? []).map((x) => (x.id === step.id ? step : x)) : [...(tools ?? []), step].slice(0, 20);
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
    const finished = finishedFields(outcome, reasoning, clock);
    // A continued answer keeps the thinking time of its first part.
    if (continued?.thinkMs && finished.thinkMs === undefined) finished.thinkMs = continued.thinkMs;
    updateMessage(uuid, answerId, { text, model, loading: false, error: false, ...finished, citations, tools });
  } else {
    updateMessage(uuid, answerId, {
      text: text ? `${text}\n\n> ${outcome.message}` : outcome.message,
      ...finishedFields(outcome, reasoning, clock),
      citations,
      tools,
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
  const asked = messages[question];
  if (!asked) return;
  setMessages(uuid, (data) => startRegenerate(data, answerId, Date.now()), true);
  updateMessage(uuid, answerId, FRESH_ANSWER, true);
  await run(uuid, answerId, asked, messages.slice(0, question), texts);
}

export function stop(): void {
  controller?.abort();
}
