import type { ChatMessage } from '../../stores/chat-storage';

/** The conversation as a Markdown document, question and answer by turn. */
export function toMarkdown(title: string, messages: ChatMessage[], you: string, assistant: string): string {
  const parts = [`# ${title}`, ''];
  for (const m of messages) {
    if (m.loading && !m.text) continue;
    parts.push(`## ${m.inversion ? you : assistant}`, '', m.text, '');
  }
  return parts.join('\n');
}

/** Saves a blob as a file through a temporary link. */
export function download(filename: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename.replace(/[\\/:*?"<>|]+/g, '_');
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
