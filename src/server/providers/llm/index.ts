import { chatConfig } from '../../config/chat';
import type { Env } from '../../config/env';
import { createOfflineLlm } from './offline';
import { createOpenAiLlm } from './openai';
import type { LlmProvider } from './types';

export type {
  LlmContentPart,
  LlmEvent,
  LlmMessage,
  LlmProvider,
  LlmRequest,
  LlmTool,
  LlmToolCall,
  LlmUsage,
} from './types';
export { LlmError, messageText } from './types';

/** The offline responder unless OPENAI_BASE_URL or OPENAI_API_KEY is set. */
export function createLlmProvider(env: Env): LlmProvider {
  const cfg = chatConfig(env);
  if (cfg.mode === 'offline') return createOfflineLlm(cfg.LLM_OFFLINE_PIECE_MS);
  return createOpenAiLlm({
    baseUrl: cfg.baseUrl,
    apiKey: cfg.OPENAI_API_KEY,
    models: cfg.models,
    connectTimeoutMs: cfg.LLM_CONNECT_TIMEOUT_MS,
    idleTimeoutMs: cfg.LLM_IDLE_TIMEOUT_MS,
  });
}
