import type { ChatMessage } from '../../stores/chat-storage';
import type { StreamOutcome } from './chat-api';

/** An answer asked for again starts without the last one's reasoning, counts, cut mark, sources and tool steps. */
export const FRESH_ANSWER: Partial<ChatMessage> = {
  reasoning: undefined,
  thinkMs: undefined,
  usage: undefined,
  cut: undefined,
  citations: undefined,
  tools: undefined,
};

/** The reasoning as stored: at most what the account sync accepts (shared/contract/chat.ts). */
export const keptReasoning = (reasoning: string) => reasoning.slice(0, 32_000) || undefined;

/**
 * Measures thinking in the browser too, from the first reasoning piece to the first answer text:
 * the server's `done` says it, but a stopped answer never gets its `done`.
 */
export function thinkClock(now: () => number = Date.now) {
  let from = 0;
  let to = 0;
  return {
    reasoning() {
      from ||= now();
    },
    text() {
      if (from) to ||= now();
    },
    ms(): number | undefined {
      return from ? (to || now()) - from : undefined;
    },
  };
}

/** What the end of a stream adds to the stored answer (docs/chat.md#stream); reasoning is kept apart from the text. */
export function finishedFields(
  outcome: StreamOutcome,
  reasoning: string,
  clock: ReturnType<typeof thinkClock>,
): Partial<ChatMessage> {
  const fields: Partial<ChatMessage> = { ...FRESH_ANSWER, reasoning: keptReasoning(reasoning) };
  if (outcome.status === 'done') {
    const { done } = outcome;
    return {
      ...fields,
      thinkMs: reasoning ? (done.thinkMs ?? clock.ms()) : undefined,
      usage: done.usage,
      cut: done.cut || undefined,
    };
  }
  // Stopped by the person: what came is kept, marked cut.
  if (outcome.status === 'aborted') return { ...fields, thinkMs: reasoning ? clock.ms() : undefined, cut: true };
  return fields;
}
