import { i18nOf, isLanguage } from '../../../shared/i18n';
import { type LlmRequest, messageText } from './types';

type Request = Pick<LlmRequest, 'messages' | 'lang' | 'continuing'>;

/** What follows `partial` in `full`: after it when full starts with it, else after its last words. */
export function remainder(full: string, partial: string): string {
  if (full.startsWith(partial)) return full.slice(partial.length);
  // Another step may have changed the start (a note before the answer): find where the partial stopped.
  const end = partial.trimEnd().slice(-24);
  const at = end ? full.indexOf(end) : -1;
  return at >= 0 ? full.slice(at + end.length) : '';
}

/**
 * The demo responder's continuation of an answer cut short (docs/chat.md#continue): the messages end
 * with the partial answer and the request to go on, so the rest of the same deterministic answer
 * follows; when nothing is left, one line says so. Null when the request is not a continuation.
 */
export function offlineContinue(request: Request, answer: (r: Request) => string): string | null {
  const partial = request.messages.at(-2);
  if (!request.continuing || partial?.role !== 'assistant') return null;
  const rest = remainder(answer({ ...request, messages: request.messages.slice(0, -2) }), messageText(partial));
  if (rest.trim()) return rest;
  const t = i18nOf(isLanguage(request.lang) ? request.lang : 'zh-CN').t;
  return `\n\n${t('chat:offline.continueDone')}`;
}
