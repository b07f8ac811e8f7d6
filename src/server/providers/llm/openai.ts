import { sseEvents } from '../../../shared/sse';
import { wireMessages, wireTools } from './openai-tools';
import { createThinkSplitter } from './think-split';
import { LlmError, type LlmErrorKind, type LlmEvent, type LlmProvider, type LlmToolCall } from './types';

export interface OpenAiOptions {
  baseUrl: string;
  apiKey?: string;
  models: string[];
  connectTimeoutMs: number;
  idleTimeoutMs: number;
  fetch?: typeof fetch;
}

interface ErrorBody {
  error?: { message?: string; code?: string | null; type?: string } | string;
  message?: string;
}

/** Upstream status and error body → one of our error kinds. */
export function classifyUpstreamError(status: number, body: string): LlmError {
  let parsed: ErrorBody = {};
  try {
    parsed = JSON.parse(body) as ErrorBody;
  } catch {
    // Not JSON: the raw text still goes to the log.
  }
  const err = typeof parsed.error === 'object' ? parsed.error : undefined;
  const message = (err?.message ?? (typeof parsed.error === 'string' ? parsed.error : parsed.message) ?? body).slice(
    0,
    300,
  );
  const code = `${err?.code ?? ''} ${err?.type ?? ''} ${message}`.toLowerCase();
  let kind: LlmErrorKind = 'upstream';
  if (
    /context_length|context length|maximum context|too many tokens|too long|reduce the length/.test(code) ||
    status === 413
  )
    kind = 'contextTooLong';
  else if (status === 401 || status === 403 || /invalid_api_key|authentication/.test(code)) kind = 'auth';
  else if (status === 429 || /rate_limit|quota/.test(code)) kind = 'rateLimit';
  else if (status === 404 || /model_not_found|does not exist/.test(code)) kind = 'badModel';
  else if (status === 408 || status === 504) kind = 'timeout';
  return new LlmError(kind, `${status} ${message}`.trim(), status);
}

interface Chunk {
  choices?: Array<{
    /** `reasoning_content`: DeepSeek, Qwen; `reasoning`: vLLM, OpenRouter and other compatible servers. */
    delta?: {
      content?: string | null;
      reasoning_content?: string | null;
      reasoning?: string | null;
      /** Pieces of tool calls: the first of each (by index) has its id and name, the rest more arguments. */
      tool_calls?: Array<{ index?: number; id?: string; function?: { name?: string; arguments?: string } }> | null;
    };
    finish_reason?: string | null;
  }>;
  usage?: { prompt_tokens?: number; completion_tokens?: number } | null;
  error?: ErrorBody['error'];
}

/** Joins the streamed pieces of tool calls by their index (OpenAI's format), in the order they began. */
function toolCallJoiner() {
  const calls = new Map<number, LlmToolCall>();
  return {
    push(pieces: NonNullable<NonNullable<NonNullable<Chunk['choices']>[number]['delta']>['tool_calls']>) {
      for (const [i, piece] of pieces.entries()) {
        const index = piece.index ?? i;
        const call = calls.get(index) ?? { id: '', name: '', arguments: '' };
        if (piece.id) call.id = piece.id;
        if (piece.function?.name) call.name += piece.function.name;
        if (piece.function?.arguments) call.arguments += piece.function.arguments;
        calls.set(index, call);
      }
    },
    /** The calls, whole; a call the model gave no id gets one of its position. */
    *end(): Generator<LlmEvent> {
      for (const [index, call] of calls)
        if (call.name) yield { type: 'toolCall', call: { ...call, id: call.id || `call_${index}` } };
      calls.clear();
    },
  };
}

/** The reasoning, answer text and cut-off mark one chunk carries. */
function* chunkEvents(
  chunk: Chunk,
  think: ReturnType<typeof createThinkSplitter>,
  tools: ReturnType<typeof toolCallJoiner>,
): Generator<LlmEvent> {
  const choice = chunk.choices?.[0];
  if (choice?.delta?.tool_calls?.length) tools.push(choice.delta.tool_calls);
  const reasoning = choice?.delta?.reasoning_content || choice?.delta?.reasoning;
  if (reasoning) yield { type: 'reasoning', text: reasoning };
  const content = choice?.delta?.content;
  if (content) yield* think.push(content);
  if (choice?.finish_reason === 'length') yield { type: 'cut' };
  if (choice?.finish_reason) yield* tools.end();
}

/** OpenAI-compatible chat completions with `stream: true` (OpenAI, DeepSeek, Qwen, Moonshot, Ollama, vLLM). */
export function createOpenAiLlm(opts: OpenAiOptions): LlmProvider {
  const doFetch = opts.fetch ?? fetch;
  return {
    mode: 'openai',
    models: opts.models,
    async *stream(request) {
      const ctrl = new AbortController();
      const cancel = () => ctrl.abort();
      request.signal.addEventListener('abort', cancel, { once: true });
      let timedOut = false;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const arm = (ms: number) => {
        clearTimeout(timer);
        timer = setTimeout(() => {
          timedOut = true;
          ctrl.abort();
        }, ms);
      };
      const failure = (err: unknown) => {
        if (err instanceof LlmError) return err;
        if (timedOut) return new LlmError('timeout');
        return new LlmError('network', err instanceof Error ? err.message : String(err));
      };
      arm(opts.connectTimeoutMs);
      try {
        const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'text/event-stream' };
        if (opts.apiKey) headers.authorization = `Bearer ${opts.apiKey}`;
        const body = {
          model: request.model,
          messages: wireMessages(request.messages),
          ...(request.tools?.length ? { tools: wireTools(request.tools) } : {}),
          stream: true,
          // The last chunk then carries the answer's token counts (for the usage ledger).
          stream_options: { include_usage: true },
          temperature: request.temperature,
        };
        const res = await doFetch(`${opts.baseUrl}/chat/completions`, {
          method: 'POST',
          headers,
          body: JSON.stringify(body),
          signal: ctrl.signal,
        });
        if (!res.ok || !res.body) throw classifyUpstreamError(res.status, await res.text().catch(() => ''));
        arm(opts.idleTimeoutMs);
        // Any bytes from upstream, keep-alive comments included, restart the idle clock.
        const watched = res.body.pipeThrough(
          new TransformStream<Uint8Array<ArrayBuffer>, Uint8Array<ArrayBuffer>>({
            transform(bytes, out) {
              arm(opts.idleTimeoutMs);
              out.enqueue(bytes);
            },
          }),
        );
        const think = createThinkSplitter();
        const tools = toolCallJoiner();
        for await (const { data: raw } of sseEvents(watched)) {
          const data = raw.trim();
          if (data === '[DONE]') break;
          if (!data) continue;
          const chunk = JSON.parse(data) as Chunk;
          if (chunk.error) throw classifyUpstreamError(200, JSON.stringify({ error: chunk.error }));
          yield* chunkEvents(chunk, think, tools);
          if (chunk.usage)
            yield {
              type: 'usage',
              inputTokens: chunk.usage.prompt_tokens ?? 0,
              outputTokens: chunk.usage.completion_tokens ?? 0,
            };
        }
        for (const piece of think.end()) yield piece;
        // A server that ended without a finish_reason still gave its calls.
        yield* tools.end();
      } catch (err) {
        if (request.signal.aborted) return;
        throw failure(err);
      } finally {
        clearTimeout(timer);
        request.signal.removeEventListener('abort', cancel);
        // Stops the upstream generation when we end early (client gone, error, consumer stopped).
        ctrl.abort();
      }
    },
  };
}
