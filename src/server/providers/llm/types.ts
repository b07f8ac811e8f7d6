/** One message of the conversation sent to a model. */
export interface LlmMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface LlmRequest {
  model: string;
  messages: LlmMessage[];
  temperature?: number;
  /** Aborted when the browser goes away: the upstream call must stop. */
  signal: AbortSignal;
  /** Language of the person, for texts the provider writes itself (offline). */
  lang: string;
}

/** Why a model call failed; each kind has its own translated message (chat:error.<kind>). */
export type LlmErrorKind = 'auth' | 'rateLimit' | 'timeout' | 'contextTooLong' | 'badModel' | 'upstream' | 'network';

export class LlmError extends Error {
  readonly kind: LlmErrorKind;
  /** The upstream's own message, for the server log only. */
  readonly detail: string;

  constructor(kind: LlmErrorKind, detail = '') {
    super(`llm ${kind}${detail ? `: ${detail}` : ''}`);
    this.kind = kind;
    this.detail = detail;
  }
}

export interface LlmProvider {
  mode: 'offline' | 'openai';
  models: string[];
  /** Yields the answer's text piece by piece; throws LlmError. */
  stream(request: LlmRequest): AsyncIterable<string>;
}
