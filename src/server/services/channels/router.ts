import { LlmError, type LlmEvent, type LlmProvider } from '../../providers/llm';
import type { Runtime } from '../../runtime';
import { keyStates, markFailure, markOk } from './cooldown';
import { type Candidate, orderCandidates, targetOf } from './order';
import { type ActiveChannel, activeChannels } from './store';

/** At most this many (channel, key) pairs are tried for one answer, so a wide outage fails in bounded time. */
export const MAX_ATTEMPTS = 8;

/**
 * Whether an error before the first text should move on to the next key or channel: rate
 * limits, 5xx (or an error inside the stream), time-outs, connection errors and rejected keys.
 * A too-long conversation or an unknown model would fail the same everywhere.
 */
export function failsOver(err: LlmError): boolean {
  if (err.kind === 'upstream') return err.status === undefined || err.status >= 500 || err.status === 200;
  return err.kind === 'rateLimit' || err.kind === 'timeout' || err.kind === 'network' || err.kind === 'auth';
}

/** The (channel, key) pairs that may answer `model`, in the order to try them. */
export async function chatCandidates(rt: Runtime, channels: ActiveChannel[], model: string): Promise<Candidate[]> {
  const serving = channels.filter((c) => c.models.some((m) => m.id === model));
  const states = await keyStates(
    rt,
    serving.flatMap((c) => c.keys.map((k) => k.id)),
  );
  return orderCandidates(serving, (id) => states.get(id), Date.now()).slice(0, MAX_ATTEMPTS);
}

/**
 * Chat over the console's chat channels (docs/channel-routing.md), or null when there are none
 * (the registry then answers with the bootstrap channel). Each answer tries
 * (channel, key) pairs in order; a failure before the first text moves on silently and cools
 * the key down; once text reached the person, an error ends the answer as before.
 */
export async function routedChatLlm(rt: Runtime): Promise<LlmProvider | null> {
  const channels = (await activeChannels(rt, 'chat')).filter((c) => c.keys.length > 0 && c.models.length > 0);
  if (channels.length === 0) return null;
  const byPriority = [...channels].sort((a, b) => b.priority - a.priority);
  const models = [...new Set(byPriority.flatMap((c) => c.models.map((m) => m.id)))];
  return {
    mode: 'openai',
    models,
    async *stream(request): AsyncGenerator<LlmEvent> {
      const candidates = await chatCandidates(rt, channels, request.model);
      if (candidates.length === 0) throw new LlmError('badModel', `no channel serves ${request.model}`);
      let last: LlmError = new LlmError('upstream');
      for (const cand of candidates) {
        // Kept per channel key by the registry, so answers share one adapter until the channel changes.
        const llm = rt.registry.llm(targetOf(cand));
        const price = cand.channel.models.find((m) => m.id === request.model)?.price ?? null;
        let texted = false;
        try {
          for await (const event of llm.stream(request)) {
            if (!texted) {
              texted = true;
              yield { type: 'served', channelId: cand.channel.id, provider: 'openai', price };
              void markOk(rt, cand.key.id, cand.failures > 0);
            }
            yield event;
          }
          if (!texted && !request.signal.aborted) {
            // An empty answer still counts as this key working.
            yield { type: 'served', channelId: cand.channel.id, provider: 'openai', price };
            void markOk(rt, cand.key.id, cand.failures > 0);
          }
          return;
        } catch (err) {
          const e = err instanceof LlmError ? err : new LlmError('upstream', String(err));
          if (texted || !failsOver(e)) throw e;
          last = e;
          rt.log.warn('chat channel failed, trying the next', {
            channelId: cand.channel.id,
            keyId: cand.key.id,
            kind: e.kind,
          });
          await markFailure(rt, cand.key.id, `${e.kind}: ${e.detail}`, e.kind === 'auth');
          if (request.signal.aborted) return;
        }
      }
      throw last;
    },
  };
}
