import type { ModelPrice } from '../../../shared/contract/channels';

/** A piece of a multi-part user message (OpenAI chat format): text, or a picture for vision models. */
export type LlmContentPart = { type: 'text'; text: string } | { type: 'image_url'; image_url: { url: string } };

/** One message of the conversation sent to a model; parts only when a picture goes along. */
export interface LlmMessage {
  role: 'system' | 'user' | 'assistant';
  content: string | LlmContentPart[];
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
  | { type: 'served'; channelId: number | null; provider: string; price: ModelPrice | null };

export interface LlmProvider {
  mode: 'offline' | 'openai';
  models: string[];
  /** Yields the answer's events; throws LlmError. */
  stream(request: LlmRequest): AsyncIterable<LlmEvent>;
}
