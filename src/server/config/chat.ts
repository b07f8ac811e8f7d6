import { z } from 'zod';

const int = (min: number, max: number, fallback: number) => z.coerce.number().int().min(min).max(max).default(fallback);

/** Chat's environment variables, spread into env.ts's envSchema. */
export const chatEnvShape = {
  /** OpenAI-compatible base URL (…/v1). Set it or OPENAI_API_KEY to leave the offline responder. */
  OPENAI_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
  OPENAI_API_KEY: z.string().min(1).max(512).optional(),
  /** Comma-separated model ids offered in the chat; the first is the default. */
  CHAT_MODELS: z.string().min(1).max(2000).optional(),
  /** Milliseconds to wait for the upstream's first byte, and between two chunks. */
  LLM_CONNECT_TIMEOUT_MS: int(1000, 600_000, 30_000),
  LLM_IDLE_TIMEOUT_MS: int(1000, 600_000, 60_000),
  /** Milliseconds between the offline responder's pieces: about a model's pace (0 answers at once). */
  LLM_OFFLINE_PIECE_MS: int(0, 1000, 16),
  /** Free messages a day: visitors (per IP), logged-in non-members, members (0 = unlimited). */
  CHAT_FREE_VISITOR_DAILY: int(0, 100_000, 10),
  CHAT_FREE_USER_DAILY: int(0, 100_000, 30),
  CHAT_MEMBER_DAILY: int(0, 1_000_000, 0),
  /** Input plus output tokens a day per level (docs/ledger.md); 0 = unlimited. */
  CHAT_TOKENS_VISITOR_DAILY: int(0, 1_000_000_000, 0),
  CHAT_TOKENS_USER_DAILY: int(0, 1_000_000_000, 0),
  CHAT_TOKENS_MEMBER_DAILY: int(0, 1_000_000_000, 0),
  /** Attachments (docs/chat.md#attachments): largest picture and document in bytes, files one account may add a day. */
  CHAT_IMAGE_MAX_BYTES: int(1024, 50 * 1024 * 1024, 1000 * 1024),
  CHAT_DOCUMENT_MAX_BYTES: int(1024, 50 * 1024 * 1024, 1000 * 1024),
  CHAT_ATTACHMENTS_DAILY: int(1, 100_000, 100),
  /** Tools (docs/chat.md#tools): rounds of tool calls one answer may make (0 offers none), and one call's time limit. */
  CHAT_TOOL_STEPS: int(0, 8, 4),
  CHAT_TOOL_TIMEOUT_MS: int(1000, 120_000, 20_000),
  /** Tool calls a day per level (docs/chat.md#tools); 0 = unlimited. */
  TOOL_CALLS_VISITOR_DAILY: int(0, 1_000_000, 20),
  TOOL_CALLS_USER_DAILY: int(0, 1_000_000, 100),
  TOOL_CALLS_MEMBER_DAILY: int(0, 1_000_000, 0),
  /** Bytes an MCP server's one answer may have at most. */
  MCP_MAX_BYTES: int(1024, 10 * 1024 * 1024, 256 * 1024),
};

export const chatEnvSchema = z.object(chatEnvShape);
export type ChatEnv = z.infer<typeof chatEnvSchema>;

export interface ChatConfig extends ChatEnv {
  mode: 'offline' | 'openai';
  models: string[];
  baseUrl: string;
}

export const OFFLINE_MODEL = 'miaobi-offline';
/** The offline responder's reasoning model: it thinks aloud briefly before the demo answer. */
export const OFFLINE_REASONER = 'miaobi-offline-reasoner';
export const OFFLINE_MODELS = [OFFLINE_MODEL, OFFLINE_REASONER];
const cache = new WeakMap<ChatEnv, ChatConfig>();

/** Chat's settings derived from the validated environment (env.ts's Env, or any object with chat's part). */
export function chatConfig(env: ChatEnv): ChatConfig {
  const hit = cache.get(env);
  if (hit) return hit;
  const mode = env.OPENAI_BASE_URL || env.OPENAI_API_KEY ? 'openai' : 'offline';
  const listed = (env.CHAT_MODELS ?? '')
    .split(',')
    .map((m) => m.trim())
    .filter(Boolean);
  const models = mode === 'offline' ? OFFLINE_MODELS : listed.length ? listed : ['gpt-4o-mini'];
  const baseUrl = (env.OPENAI_BASE_URL ?? 'https://api.openai.com/v1').replace(/\/+$/, '');
  const config: ChatConfig = { ...env, mode, models, baseUrl };
  cache.set(env, config);
  return config;
}
