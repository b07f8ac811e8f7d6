import { type AigcOperator, type AigcRecord, aigcRecord } from '../../shared/compliance';
import type { ChatMessage } from '../../stores/chat-storage';

/** What an export is made of: the conversation, its reader's words, and the operator the labels name. */
export interface ExportInput {
  /** The conversation's own id: the ProduceID of the file's label. */
  uuid: number;
  title: string;
  messages: ChatMessage[];
  you: string;
  assistant: string;
  /** The visible label, translated ('内容由 AI 生成'). */
  notice: string;
  operator: AigcOperator;
}

const shown = (messages: ChatMessage[]) => messages.filter((m) => !(m.loading && !m.text));

/** The conversation's implicit label: the operator and the conversation's id. */
const fileLabel = (e: ExportInput): AigcRecord => aigcRecord(e.operator, `chat-${e.uuid}`);

/**
 * The conversation as a Markdown document, question and answer by turn, labelled (GB 45438-2025):
 * YAML front matter holding the `AIGC` record (JSON, which YAML reads as it is) and a visible line.
 */
export function toMarkdown(e: ExportInput): string {
  const front = ['---', `title: ${JSON.stringify(e.title)}`, `AIGC: ${JSON.stringify(fileLabel(e))}`, '---', ''];
  const parts = [...front, `# ${e.title}`, '', `> ${e.notice}`, ''];
  for (const m of shown(e.messages)) parts.push(`## ${m.inversion ? e.you : e.assistant}`, '', m.text, '');
  return parts.join('\n');
}

/** The conversation as JSON: the file's label and visible line, and each answer's own label (its message id). */
export function toJson(e: ExportInput): string {
  const messages = shown(e.messages).map((m) => ({
    id: m.id,
    role: m.inversion ? 'user' : 'assistant',
    dateTime: m.dateTime,
    text: m.text,
    ...(m.inversion ? {} : { AIGC: aigcRecord(e.operator, m.id) }),
  }));
  return `${JSON.stringify({ title: e.title, notice: e.notice, AIGC: fileLabel(e), messages }, null, 2)}\n`;
}

/**
 * What the copy button puts on the clipboard: a question as it is, an answer followed by the
 * visible label, so a pasted answer still says where it came from (GB 45438-2025).
 */
export function copiedText(m: Pick<ChatMessage, 'text' | 'inversion'>, notice: string): string {
  return m.inversion ? m.text : `${m.text.trimEnd()}\n\n（${notice}）`;
}
