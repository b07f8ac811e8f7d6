import type { TFunction } from 'i18next';
import { type LlmMessage, type LlmRequest, type LlmToolCall, messageText } from './types';

/** Questions about the date or time, in the three languages. */
const ASKS_TIME = /几点|幾點|时间|時間|日期|今天|星期|礼拜|禮拜|几号|幾號|\bdate\b|\btime\b|\btoday\b|what day/i;

/**
 * The call the demo responder makes before answering (docs/chat.md#offline): `now` when the question
 * asks the date or time and the tool is offered, once (not after its result came back).
 */
export function offlineToolCall(request: Pick<LlmRequest, 'messages' | 'tools'>, question: string): LlmToolCall | null {
  if (!request.tools?.some((t) => t.name === 'now')) return null;
  if (request.messages.some((m) => m.role === 'tool')) return null;
  return ASKS_TIME.test(question) ? { id: 'offline-now', name: 'now', arguments: '{}' } : null;
}

/** The demo answer's line about the tools it called: what `now` answered. */
export function offlineToolLines(messages: LlmMessage[], t: TFunction): string[] {
  const calls = messages.flatMap((m) => m.toolCalls ?? []);
  const now = calls.find((c) => c.name === 'now');
  const result = now && messages.find((m) => m.role === 'tool' && m.toolCallId === now.id);
  return result ? [t('chat:offline.now', { time: messageText(result) }), ''] : [];
}
