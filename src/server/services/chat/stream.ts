import type { TFunction } from 'i18next';
import { LlmError, type LlmMessage, type LlmProvider, type LlmUsage } from '../../providers/llm';
import { withoutThinking } from '../../providers/llm/think-split';
import type { Runtime } from '../../runtime';
import { modelForCaller } from '../channels/offer';
import { routedChatLlm } from '../channels/router';
import { chatMeter, type Outcome } from '../ledger/chat-meter';
import { answerProgress } from './answer-progress';
import { continuation } from './continue';
import { withAttachments } from './question-attachments';
import { type Caller, type ChatQuota, readQuota, refundQuota, takeQuota } from './quota';

export interface ChatInput {
  prompt: string;
  messages: Array<{ role: 'user' | 'assistant'; content: string; attachments?: string[] }>;
  options: {
    /** Ids of the question's attachments (docs/chat.md#attachments). */
    attachments?: string[];
    model?: string;
    usingContext: boolean;
    systemMessage?: string;
    temperature?: number;
    conversationId?: number;
    /** An answer cut short, to be continued (services/chat/continue.ts). */
    partial?: string;
  };
}

/** Characters of earlier conversation sent along at most; the oldest go first. */
export const CONTEXT_BUDGET = 24_000;

/** System prompt, then (with usingContext) as much recent context as fits, then the new question (and a continuation). */
export function buildMessages(input: ChatInput, after: LlmMessage[] = []): LlmMessage[] {
  const out: LlmMessage[] = [];
  const system = input.options.systemMessage?.trim();
  if (system) out.push({ role: 'system', content: system });
  const context: LlmMessage[] = [];
  if (input.options.usingContext) {
    let used = input.prompt.length + (input.options.partial?.length ?? 0);
    for (const m of [...input.messages].reverse()) {
      if (!m.content.trim()) continue;
      used += m.content.length;
      if (used > CONTEXT_BUDGET) break;
      // Reasoning is never sent back, even when an older client kept it in the text.
      context.unshift({ role: m.role, content: m.role === 'assistant' ? withoutThinking(m.content) : m.content });
    }
  }
  return [...out, ...context, { role: 'user', content: input.prompt }, ...after];
}

export function pickModel(provider: LlmProvider, wanted: string | undefined): string {
  const fallback = provider.models[0] ?? 'default';
  return wanted && provider.models.includes(wanted) ? wanted : fallback;
}

const encoder = new TextEncoder();
const frame = (event: string, data: unknown) => encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);

/**
 * Streams the answer as Server-Sent Events (docs/chat.md#stream): `meta` (model, quota), then
 * `reasoning` and `delta` {text} pieces, then `done` (with thinking time, token counts, cut) or
 * `error` {kind, message}. The upstream call is cancelled as soon as the browser goes away.
 */
export async function streamChat(
  rt: Runtime,
  c: { caller: Caller; t: TFunction; lang: string; signal: AbortSignal },
  input: ChatInput,
): Promise<Response> {
  // The caller's level decides which channel models it may use; refused before any quota is spent.
  const offered = await modelForCaller(rt, c.caller, input.options.model);
  // The console's chat channels when there are any; the environment's provider is the bootstrap channel.
  const provider = (await routedChatLlm(rt)) ?? rt.llm;
  // A demo answer (no model configured) costs nothing, so it spends none of the day's messages.
  const demo = provider.mode === 'offline';
  const model = offered ?? pickModel(provider, input.options.model);
  // Attachments are loaded (owner only) and checked against the model before any quota is spent.
  const asked = await withAttachments(rt, c, input, model, buildMessages(input));
  const { attachments } = asked;
  // Continuing an answer cut short: its text and the request to go on follow the question.
  const messages = [...asked.messages, ...continuation(input.options.partial, c.t)];
  const quota: ChatQuota = demo ? await readQuota(rt, c.caller) : await takeQuota(rt, c.caller);
  const giveBack = () => (demo ? Promise.resolve() : refundQuota(rt, c.caller).catch(() => {}));
  const abort = new AbortController();
  const stop = () => abort.abort();
  c.signal.addEventListener('abort', stop, { once: true });
  const started = Date.now();
  const { conversationId } = input.options;
  const meter = chatMeter(rt, { ...c.caller, conversationId, model, messages });

  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      const send = (event: string, data: unknown) => {
        if (!abort.signal.aborted) controller.enqueue(frame(event, data));
      };
      const progress = answerProgress();
      let outcome: 'ok' | 'failed' = 'ok';
      let recorded: Promise<LlmUsage | null> | null = null;
      const finish = (o: Outcome) => {
        recorded ??= meter.finish(o);
        return recorded;
      };
      send('meta', { model, quota, ...(attachments.length ? { attachments } : {}) });
      try {
        const pieces = provider.stream({
          model,
          messages,
          temperature: input.options.temperature,
          signal: abort.signal,
          lang: c.lang,
          continuing: Boolean(input.options.partial),
        });
        for await (const event of pieces) {
          if (abort.signal.aborted) break;
          meter.see(event);
          const out = progress.frame(event);
          if (out) send(out[0], out[1]);
        }
        const ms = Date.now() - started;
        const usage = await finish(abort.signal.aborted ? 'cancelled' : 'ok');
        send('done', { model, chars: progress.chars, ms, ...progress.done(usage) });
      } catch (err) {
        outcome = 'failed';
        const kind = err instanceof LlmError ? err.kind : 'upstream';
        rt.log.warn('chat upstream failed', { kind, err: err instanceof Error ? err.message : String(err) });
        if (progress.shown === 0) await giveBack();
        send('error', { kind, message: c.t(`chat:error.${kind}`) });
      } finally {
        c.signal.removeEventListener('abort', stop);
        await finish(abort.signal.aborted ? 'cancelled' : outcome);
        if (abort.signal.aborted && progress.shown === 0) await giveBack();
        try {
          controller.close();
        } catch {
          // Already cancelled by the reader: nothing left to close.
        }
      }
    },
    cancel() {
      abort.abort();
    },
  });
  return new Response(body, {
    status: 200,
    headers: {
      'content-type': 'text/event-stream; charset=utf-8',
      // no-transform keeps the compression middleware from buffering the stream.
      'cache-control': 'no-cache, no-transform',
      'x-accel-buffering': 'no',
    },
  });
}
