import type { TFunction } from 'i18next';
import type { MemberLevel } from '../../../shared/channels';
import type { ChatCitation, ChatStreamEvents } from '../../../shared/contract/chat';
import { chatConfig } from '../../config/chat';
import { LlmError, type LlmMessage, type LlmProvider, type LlmUsage } from '../../providers/llm';
import { withoutThinking } from '../../providers/llm/think-split';
import type { Runtime } from '../../runtime';
import { type AppBase, appBase } from '../apps/app-knowledge';
import { callerLevel, modelForCaller } from '../channels/offer';
import { logGeneration } from '../compliance/generation-log';
import type { Hold } from '../credits/holds';
import { freeOrHold, holdForChat, settleChat } from '../credits/spend';
import { chatMeter, type Outcome } from '../ledger/chat-meter';
import { answerProgress } from './answer-progress';
import { chosenSources, citationMessage, gatherPassages, numbered, PASSAGES_PER_SOURCE } from './citations';
import { continuation } from './continue';
import { withAttachments } from './question-attachments';
import { type Caller, type ChatQuota, readQuota, refundQuota, takeQuota } from './quota';
import { builtinTools } from './tools/builtin';
import { answerWithTools } from './tools/loop';
import { mcpToolsFor } from './tools/mcp-tools';
import type { ChatTool } from './tools/types';

export interface ChatInput {
  prompt: string;
  /** The person's knowledge bases and the web search this question draws on (docs/chat.md#sources). */
  knowledgeBaseIds?: number[];
  webSearch?: boolean;
  /** The store app the conversation is with: its author's base is searched too. */
  appId?: number;
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

/** One event of the answer's stream, as the browser reads it (docs/chat.md#stream). */
export type ChatEvent = {
  [K in keyof ChatStreamEvents]: { event: K; data: ChatStreamEvents[K] };
}[keyof ChatStreamEvents];

interface ChatContext {
  caller: Caller;
  t: TFunction;
  lang: string;
  /** Aborted when the person goes away: the upstream call stops and nothing more is yielded. */
  signal: AbortSignal;
}

/**
 * Checks the request (model, attachments, quota) and answers the events of the answer
 * (docs/chat.md#stream): `meta` (model, quota), then `reasoning` and `delta` {text} pieces, then
 * `done` (with thinking time, token counts, cut) or `error` {kind, message}. A refusal throws
 * before any event; the api layer turns the events into Server-Sent Events.
 */
export async function streamChat(rt: Runtime, c: ChatContext, input: ChatInput): Promise<AsyncGenerator<ChatEvent>> {
  // The caller's level decides which channel models it may use; refused before any quota is spent.
  const offered = await modelForCaller(rt, c.caller, input.options.model);
  // The console's chat channels when there are any, else the environment's provider: the registry decides.
  const provider = await rt.registry.chat();
  // A demo answer (no model configured) costs nothing, so it spends none of the day's messages.
  const demo = provider.mode === 'offline';
  const model = offered ?? pickModel(provider, input.options.model);
  // Attachments are loaded (owner only) and checked against the model before any quota is spent.
  const asked = await withAttachments(rt, c, input, model, buildMessages(input));
  const { attachments } = asked;
  // The sources turned on are checked (and their passages found) before any quota is spent.
  const app = input.appId ? await appBase(rt, input.appId, c.caller.userId) : null;
  const choice = { ...input, appBase: app };
  const sources = await chosenSources(rt, choice);
  const citations = sources.length
    ? numbered(
        await gatherPassages(rt, sources, {
          caller: c.caller,
          query: input.prompt,
          lang: c.lang,
          signal: c.signal,
          knowledgeBaseIds: input.knowledgeBaseIds,
          appBase: app,
          limit: PASSAGES_PER_SOURCE,
        }),
        1,
      )
    : [];
  // The passages go just before the question, with the instruction to cite them by number.
  const question = asked.messages.length - 1;
  const withSources = citations.length
    ? [...asked.messages.slice(0, question), citationMessage(citations, c.t), ...asked.messages.slice(question)]
    : asked.messages;
  // Continuing an answer cut short: its text and the request to go on follow the question.
  const messages = [...withSources, ...continuation(input.options.partial, c.t)];
  // A continued answer only goes on writing: no tools are offered.
  const level = await callerLevel(rt, c.caller);
  const tools =
    input.options.partial || chatConfig(rt.env).CHAT_TOOL_STEPS === 0
      ? []
      : [...(await builtinTools({ rt, caller: c.caller }, choice)), ...(await mcpToolsFor(rt, level))];
  // The day's free messages first; past them a priced model is paid in credits, held now, settled at the end.
  const paid = demo
    ? { free: await readQuota(rt, c.caller), hold: null }
    : await freeOrHold(
        () => takeQuota(rt, c.caller),
        () => holdForChat(rt, c.caller.userId, model, messages),
      );
  const quota: ChatQuota = paid.free ?? (await readQuota(rt, c.caller));
  const giveBack = () =>
    demo ? Promise.resolve() : (paid.hold?.release() ?? refundQuota(rt, c.caller)).catch(() => {});
  const meta: ChatEvent = { event: 'meta', data: { model, quota, ...(attachments.length ? { attachments } : {}) } };
  const { conversationId } = input.options;
  const meter = chatMeter(rt, { ...c.caller, conversationId, model, messages });
  const cited: ChatEvent[] = citations.length ? [{ event: 'citations', data: { items: citations } }] : [];
  const events = { meta: [meta, ...cited], citations, tools, level, appBase: app };
  return answer(rt, c, { provider, model, messages, ...events, meter, giveBack, input, hold: paid.hold });
}

/** The answer's events; read to the end even after the person left, so the ledger row and a refund are written. */
async function* answer(
  rt: Runtime,
  c: ChatContext,
  a: {
    provider: LlmProvider;
    model: string;
    messages: LlmMessage[];
    /** The events before the answer: `meta`, then `citations` when sources were gathered. */
    meta: ChatEvent[];
    citations: ChatCitation[];
    tools: ChatTool[];
    level: MemberLevel;
    appBase: AppBase | null;
    meter: ReturnType<typeof chatMeter>;
    giveBack: () => Promise<void>;
    input: ChatInput;
    hold: Hold | null;
  },
): AsyncGenerator<ChatEvent> {
  const { signal } = c;
  const { model, meter } = a;
  const started = Date.now();
  const progress = answerProgress();
  let outcome: 'ok' | 'failed' = 'ok';
  let recorded: Promise<LlmUsage | null> | null = null;
  const finish = (o: Outcome) => {
    // The credits held are settled to the tokens the ledger records (released when nothing was).
    recorded ??= meter.finish(o).then(async (u) => {
      await settleChat(rt, a.hold, model, u).catch(() => {});
      // An answer given (whole or cut short) is a generation the law has kept (docs/retention.md).
      if (o !== 'failed' && progress.shown > 0)
        await logGeneration(rt.database.db, {
          userId: c.caller.userId,
          ip: c.caller.ip,
          kind: 'chat',
          prompt: a.input.prompt,
          outputRef: a.input.options.conversationId ? `conversation:${a.input.options.conversationId}` : null,
        }).catch((err: Error) => rt.log.warn('generation log failed', { err: err.message }));
      return u;
    });
    return recorded;
  };
  // Once the person left, nothing more is sent.
  const live = () => !signal.aborted;
  yield* a.meta;
  try {
    const steps = answerWithTools({
      provider: a.provider,
      request: {
        model,
        messages: a.messages,
        temperature: a.input.options.temperature,
        signal,
        lang: c.lang,
        continuing: Boolean(a.input.options.partial),
      },
      tools: a.tools,
      maxSteps: chatConfig(rt.env).CHAT_TOOL_STEPS,
      citations: a.citations,
      ctx: {
        rt,
        caller: c.caller,
        level: a.level,
        t: c.t,
        lang: c.lang,
        knowledgeBaseIds: a.input.knowledgeBaseIds,
        appBase: a.appBase,
      },
    });
    for await (const item of steps) {
      if (!live()) break;
      if (item.kind === 'tool') yield { event: 'tool', data: item.step };
      else if (item.kind === 'citations') yield { event: 'citations', data: { items: item.items } };
      else {
        meter.see(item.event);
        const out = progress.frame(item.event);
        if (out) yield { event: out[0], data: out[1] } as ChatEvent;
      }
    }
    const ms = Date.now() - started;
    const usage = await finish(live() ? 'ok' : 'cancelled');
    if (live()) yield { event: 'done', data: { model, chars: progress.chars, ms, ...progress.done(usage) } };
  } catch (err) {
    outcome = 'failed';
    const kind = err instanceof LlmError ? err.kind : 'upstream';
    rt.log.warn('chat upstream failed', { kind, err: err instanceof Error ? err.message : String(err) });
    if (progress.shown === 0) await a.giveBack();
    if (live()) yield { event: 'error', data: { kind, message: c.t(`chat:error.${kind}`) } };
  } finally {
    await finish(live() ? outcome : 'cancelled');
    if (!live() && progress.shown === 0) await a.giveBack();
  }
}
