import type { ChatStorage } from '../../stores/chat-storage';

export interface QaPair {
  uuid: number;
  title: string;
  questionId: string;
  question: string;
  answer: string;
  dateTime: number;
}

/** Every question with the answer after it, across conversations, newest first; `term` filters both. */
export function qaPairs(s: ChatStorage, term = ''): QaPair[] {
  const q = term.trim().toLowerCase();
  const out: QaPair[] = [];
  for (const h of s.history) {
    const data = s.chat.find((c) => c.uuid === h.uuid)?.data ?? [];
    data.forEach((m, i) => {
      if (!m.inversion) return;
      const next = data[i + 1];
      const answer = next && !next.inversion ? next.text : '';
      if (
        q &&
        !m.text.toLowerCase().includes(q) &&
        !answer.toLowerCase().includes(q) &&
        !h.title.toLowerCase().includes(q)
      )
        return;
      out.push({ uuid: h.uuid, title: h.title, questionId: m.id, question: m.text, answer, dateTime: m.dateTime });
    });
  }
  return out.sort((a, b) => b.dateTime - a.dateTime);
}
