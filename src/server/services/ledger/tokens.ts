import { type LlmMessage, messageText } from '../../providers/llm';

type Encoding = 'o200k_base' | 'cl100k_base';
type Counter = (text: string) => number;

// Each encoding's tables cost tens of MB of heap: loaded on first use, and only when an upstream
// omits its usage (or the offline responder answers).
const loaded = new Map<Encoding, Promise<Counter>>();

function load(encoding: Encoding): Promise<Counter> {
  let p = loaded.get(encoding);
  if (!p) {
    p = (
      encoding === 'cl100k_base'
        ? import('gpt-tokenizer/encoding/cl100k_base')
        : import('gpt-tokenizer/encoding/o200k_base')
    ).then((m) => (text: string) => m.countTokens(text));
    loaded.set(encoding, p);
  }
  return p;
}

/**
 * The encoding of a model family: cl100k for GPT-3.5 and GPT-4 (not 4o), o200k for the rest —
 * OpenAI's newer models exactly, other families (DeepSeek, Qwen, …) as a close estimate.
 */
export function encodingOf(model: string): Encoding {
  const m = model.toLowerCase();
  return /^(gpt-3\.5|gpt-4(?!o|\.\d)(-|$)|text-embedding)/.test(m) ? 'cl100k_base' : 'o200k_base';
}

/** Chat format overhead per message and for the answer's priming (OpenAI's counting recipe). */
const PER_MESSAGE = 3;
const PRIMING = 3;

/** Input and output tokens of one answer, counted here when the upstream did not report them. */
export async function countChatTokens(model: string, messages: LlmMessage[], answer: string) {
  const count = await load(encodingOf(model));
  const inputTokens = messages.reduce((n, m) => n + PER_MESSAGE + count(m.role) + count(messageText(m)), PRIMING);
  return { inputTokens, outputTokens: answer ? count(answer) : 0 };
}
