import type { TFunction } from 'i18next';
import type { LlmMessage } from '../../providers/llm';

/**
 * Continue an answer cut short (docs/chat.md#continue): after the question, the partial answer goes
 * as the assistant's last message, then a request, in the person's language, to go on from exactly
 * where it stopped without repeating. Models without prefix completion answer that request; the new
 * text is appended to the same answer in the browser.
 */
export function continuation(partial: string | undefined, t: TFunction): LlmMessage[] {
  if (!partial) return [];
  return [
    { role: 'assistant', content: partial },
    { role: 'user', content: t('chat:continue.instruction') },
  ];
}
