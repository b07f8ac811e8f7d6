import type { ModelPrice } from '../../../shared/contract/channels';
import type { LlmEvent, LlmMessage, LlmUsage } from '../../providers/llm';
import type { Runtime } from '../../runtime';
import { costOf, recordUsage } from './record';
import { addVisitorTokens } from './token-quota';
import { countChatTokens } from './tokens';

export type Outcome = 'ok' | 'failed' | 'cancelled';

export interface ChatWork {
  userId: number | null;
  ip: string;
  conversationId?: number;
  model: string;
  messages: LlmMessage[];
}

/**
 * Watches one chat answer's events and writes its ledger row when it ends (docs/ledger.md):
 * the upstream's token counts when it reported them, else counted with the model family's
 * tokenizer over the messages sent and the text streamed so far.
 */
export function chatMeter(rt: Runtime, work: ChatWork) {
  const started = Date.now();
  let served: { channelId: number | null; provider: string; price: ModelPrice | null } = {
    channelId: null,
    provider: rt.registry.bootstrapLlm.mode,
    price: null,
  };
  let usage: LlmUsage | null = null;
  let firstTokenMs: number | null = null;
  let answer = '';
  return {
    see(event: LlmEvent) {
      if (event.type === 'served') served = event;
      // An answer that called tools asked the model again after each round: each call reports its own counts.
      else if (event.type === 'usage')
        usage = {
          inputTokens: (usage?.inputTokens ?? 0) + event.inputTokens,
          outputTokens: (usage?.outputTokens ?? 0) + event.outputTokens,
        };
      // A tool call's arguments are output the model wrote.
      else if (event.type === 'toolCall') answer += event.call.arguments;
      else if (event.type !== 'cut') {
        // Reasoning is output the model was paid for, so the tokenizer fallback counts it too.
        firstTokenMs ??= Date.now() - started;
        answer += event.text;
      }
    },
    /** Records the row; gives back the answer's token counts as recorded (null when they could not be). */
    async finish(outcome: Outcome): Promise<LlmUsage | null> {
      const durationMs = Date.now() - started;
      try {
        // An upstream that refused before answering (an HTTP error) charged nothing.
        const refused = outcome === 'failed' && !usage && !answer;
        const tokens = refused
          ? { inputTokens: 0, outputTokens: 0 }
          : (usage ?? (await countChatTokens(work.model, work.messages, answer)));
        await recordUsage(rt, {
          userId: work.userId,
          kind: 'chat',
          conversationId: work.conversationId === undefined ? null : String(work.conversationId),
          model: work.model,
          channelId: served.channelId,
          provider: served.provider,
          inputTokens: tokens.inputTokens,
          outputTokens: tokens.outputTokens,
          tokenSource: usage ? 'upstream' : 'tokenizer',
          firstTokenMs,
          durationMs,
          costMicros: costOf(served.price, tokens),
          outcome,
        });
        if (work.userId === null && served.provider !== 'offline')
          await addVisitorTokens(rt, work.ip, tokens.inputTokens + tokens.outputTokens);
        return tokens;
      } catch (err) {
        // Bookkeeping never fails the answer (recordUsage logs its own errors).
        rt.log.error('chat usage not recorded', { err: err instanceof Error ? err.message : String(err) });
        return null;
      }
    },
  };
}
