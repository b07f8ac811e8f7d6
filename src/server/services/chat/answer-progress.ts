import type { ChatStreamEvents } from '../../../shared/contract/chat';
import type { LlmEvent, LlmUsage } from '../../providers/llm';

type Frame = ['reasoning', ChatStreamEvents['reasoning']] | ['delta', ChatStreamEvents['delta']];

/**
 * Follows one answer as it streams (docs/chat.md#stream): which events reach the browser, how long
 * the model thought (first reasoning piece to first answer text), whether it was cut off.
 */
export function answerProgress(now: () => number = Date.now) {
  let reasoningAt: number | null = null;
  let thinkMs: number | undefined;
  let cut = false;
  let chars = 0;
  let shown = 0;
  return {
    /** The frame an upstream event becomes, if the browser sees it. */
    frame(event: LlmEvent): Frame | null {
      if (event.type === 'cut') cut = true;
      if (event.type === 'reasoning' && event.text) {
        reasoningAt ??= now();
        shown += event.text.length;
        return ['reasoning', { text: event.text }];
      }
      if (event.type !== 'text' || !event.text) return null;
      if (reasoningAt !== null) thinkMs ??= now() - reasoningAt;
      chars += event.text.length;
      shown += event.text.length;
      return ['delta', { text: event.text }];
    },
    /** Characters of answer text sent. */
    get chars() {
      return chars;
    },
    /** Characters of reasoning or answer sent: none means the person got nothing. */
    get shown() {
      return shown;
    },
    /** `done`'s extra fields: thinking time (until now when the answer never began), the ledger's counts, cut. */
    done(usage: LlmUsage | null): Pick<ChatStreamEvents['done'], 'thinkMs' | 'usage' | 'cut'> {
      const thought = thinkMs ?? (reasoningAt === null ? undefined : now() - reasoningAt);
      return {
        ...(thought === undefined ? {} : { thinkMs: thought }),
        ...(usage ? { usage } : {}),
        ...(cut ? { cut: true } : {}),
      };
    },
  };
}
