import type { ModelPrice } from '../../../shared/contract/channels';

/** A piece of a multi-part user message (OpenAI chat format): text, or a picture for vision models. */
export type LlmContentPart = { type: 'text'; text: string } | { type: 'image_url'; image_url: { url: string } };

/** A function the model may call (OpenAI `tools`): its name, what it does, and its arguments' JSON Schema. */
export interface LlmTool {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
}

/** A call the model asked for (OpenAI `tool_calls`): `arguments` is JSON text as the model wrote it. */
export interface LlmToolCall {
  id: string;
  name: string;
  arguments: string;
}

/**
 * One message of the conversation sent to a model; parts only when a picture goes along. An
 * assistant message may carry the tool calls it made, and a `tool` message answers one of them.
 */
export interface LlmMessage {
  role: 'system' | 'user' | 'assistant' | 'tool';
  content: string | LlmContentPart[];
  toolCalls?: LlmToolCall[];
  /** A `tool` message: the call it answers. */
  toolCallId?: string;
}

/** The text of a message, whatever its form (for token counts and the offline responder). */
export const messageText = (m: LlmMessage): string =>
  typeof m.content === 'string' ? m.content : m.content.map((p) => (p.type === 'text' ? p.text : '')).join('\n');

export interface LlmRequest {
  model: string;
  messages: LlmMessage[];
  temperature?: number;
  /** Aborted when the browser goes away: the upstream call must stop. */
  signal: AbortSignal;
  /** Language of the person, for texts the provider writes itself (offline). */
  lang: string;
  /** The messages end with an answer cut short and the request to continue it (services/chat/continue.ts). */
  continuing?: boolean;
  /** Functions the model may call instead of answering (docs/chat.md#tools). */
  tools?: LlmTool[];
}

/** Why a model call failed; each kind has its own translated message (chat:error.<kind>). */
export type LlmErrorKind = 'auth' | 'rateLimit' | 'timeout' | 'contextTooLong' | 'badModel' | 'upstream' | 'network';

export class LlmError extends Error {
  readonly kind: LlmErrorKind;
  /** The upstream's own message, for the server log only. */
  readonly detail: string;
  /** The upstream's HTTP status when it answered (200 for an error inside the stream). */
  readonly status: number | undefined;

  constructor(kind: LlmErrorKind, detail = '', status?: number) {
    super(`llm ${kind}${detail ? `: ${detail}` : ''}`);
    this.kind = kind;
    this.detail = detail;
    this.status = status;
  }
}

/** Token counts the upstream reported for one answer (`stream_options.include_usage`). */
export interface LlmUsage {
  inputTokens: number;
  outputTokens: number;
}

/**
 * What a provider yields while answering: its reasoning and the answer's text piece by piece, the upstream's
 * usage when it reports it (last), and which channel serves the answer (first, when routed
 * over model channels) so the ledger can price it.
 */
export type LlmEvent =
  | { type: 'text'; text: string }
  /** The model's reasoning (`reasoning_content`, or `<think>…</think>` in content): shown apart, never sent back. */
  | { type: 'reasoning'; text: string }
  | ({ type: 'usage' } & LlmUsage)
  /** The upstream stopped at its output limit (finish_reason 'length'): the answer is cut off. */
  | { type: 'cut' }
  /** The model asks for a tool call (whole: the adapter joins its streamed pieces). */
  | { type: 'toolCall'; call: LlmToolCall }
  | { type: 'served'; channelId: number | null; provider: string; price: ModelPrice | null };

export interface LlmProvider {
  mode: 'offline' | 'openai';
  models: string[];
  /** Yields the answer's events; throws LlmError. */
  stream(request: LlmRequest): AsyncIterable<LlmEvent>;
}
