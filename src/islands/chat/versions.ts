import { messagesOf, setMessages } from '../../stores/chat-actions';
import { flipVersion, startEdit } from '../../stores/chat-variants';
import { $pending } from './chat-state';
import { type ChatTexts, makeId, questionBefore, run } from './controller';

/**
 * Edit and resend: the question shows its new text and gets a new answer; the old question and the
 * messages that followed it stay as a version of the question (docs/chat.md#variants).
 */
export async function editAndResend(uuid: number, questionId: string, value: string, texts: ChatTexts) {
  const text = value.trim();
  if (!text || $pending.get()) return;
  const messages = messagesOf(uuid);
  const index = messages.findIndex((m) => m.id === questionId);
  if (!messages[index]?.inversion) return;
  const now = Date.now();
  const answerId = makeId();
  setMessages(uuid, (data) => [
    ...startEdit(data, questionId, text, now),
    { id: answerId, dateTime: now + 1, text: '', inversion: false, loading: true },
  ]);
  const asked = messages[index];
  await run(uuid, answerId, { id: asked.id, text, attachments: asked.attachments }, messages.slice(0, index), texts);
}

/** Continue an answer cut short: the model is asked to go on and its text is appended to the same answer. */
export async function continueAnswer(uuid: number, answerId: string, texts: ChatTexts) {
  if ($pending.get()) return;
  const messages = messagesOf(uuid);
  const question = questionBefore(messages, answerId);
  const answer = messages.find((m) => m.id === answerId);
  if (question < 0 || !answer?.text) return;
  setMessages(uuid, (data) => data.map((m) => (m.id === answerId ? { ...m, cut: undefined, loading: true } : m)), true);
  const asked = messages[question];
  if (!asked) return;
  await run(uuid, answerId, asked, messages.slice(0, question), texts, answer);
}

/** Shows another version of a message (‹ 1/2 ›); a question's following messages change with it. */
export function showVersion(uuid: number, id: string, index: number) {
  if ($pending.get()) return;
  setMessages(uuid, (data) => flipVersion(data, id, index));
}
