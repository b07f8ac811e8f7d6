/**
 * Text embeddings from an OpenAI-compatible endpoint (`POST {base}/embeddings`: OpenAI, Qwen's
 * compatible mode, Ollama, vLLM, text-embeddings-inference…). Built once by the provider registry
 * from EMBEDDINGS_BASE_URL / EMBEDDINGS_API_KEY / EMBEDDINGS_MODEL; without a base URL there is
 * none and knowledge bases search by keywords alone.
 */

export interface Embedded {
  /** One unit-length vector per input, in order. */
  vectors: number[][];
  /** Tokens the upstream counted (its `usage.prompt_tokens`), or an estimate when it says none. */
  tokens: number;
  tokenSource: 'upstream' | 'tokenizer';
}

export interface EmbeddingsProvider {
  readonly model: string;
  embed(texts: string[], signal: AbortSignal): Promise<Embedded>;
}

export class EmbeddingsError extends Error {}

export interface EmbeddingsOptions {
  baseUrl: string;
  apiKey?: string;
  model: string;
  timeoutMs?: number;
  /** Inputs per request. */
  batch?: number;
  fetch?: typeof fetch;
}

interface Reply {
  data?: Array<{ index?: number; embedding?: unknown }>;
  usage?: { prompt_tokens?: number; total_tokens?: number };
}

/** Scaled to length 1, so a dot product is the cosine similarity. */
export function unitVector(v: number[]): number[] {
  let sum = 0;
  for (const x of v) sum += x * x;
  const norm = Math.sqrt(sum);
  return norm > 0 ? v.map((x) => x / norm) : v;
}

/** A rough token count for upstreams that report none: CJK characters count one each, other text four characters a token. */
export function estimateTokens(text: string): number {
  const cjk = text.match(/[\u3400-\u9fff\uf900-\ufaff]/g)?.length ?? 0;
  return cjk + Math.ceil((text.length - cjk) / 4);
}

export function createOpenAiEmbeddings(o: EmbeddingsOptions): EmbeddingsProvider {
  const url = `${o.baseUrl.replace(/\/+$/, '')}/embeddings`;
  const batch = o.batch ?? 64;
  const call = async (input: string[], signal: AbortSignal) => {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (o.apiKey) headers.authorization = `Bearer ${o.apiKey}`;
    let res: Response;
    try {
      res = await (o.fetch ?? fetch)(url, {
        method: 'POST',
        headers,
        body: JSON.stringify({ model: o.model, input, encoding_format: 'float' }),
        signal: AbortSignal.any([signal, AbortSignal.timeout(o.timeoutMs ?? 60_000)]),
      });
    } catch (err) {
      signal.throwIfAborted();
      throw new EmbeddingsError(`embeddings request failed: ${(err as Error).message}`);
    }
    const body = await res.text().catch(() => '');
    if (!res.ok) throw new EmbeddingsError(`embeddings answered HTTP ${res.status}: ${body.slice(0, 200)}`);
    let reply: Reply;
    try {
      reply = JSON.parse(body) as Reply;
    } catch {
      throw new EmbeddingsError('embeddings answered no JSON');
    }
    const rows = reply.data ?? [];
    const vectors: number[][] = new Array(input.length);
    rows.forEach((row, i) => {
      const at = typeof row.index === 'number' ? row.index : i;
      const v = row.embedding;
      if (!Array.isArray(v) || v.length === 0 || !v.every((x) => typeof x === 'number' && Number.isFinite(x)))
        throw new EmbeddingsError('embeddings answered a malformed vector');
      vectors[at] = unitVector(v as number[]);
    });
    const dims = vectors[0]?.length;
    if (vectors.length !== input.length || vectors.some((v) => !v || v.length !== dims))
      throw new EmbeddingsError('embeddings answered the wrong number of vectors');
    const counted = reply.usage?.prompt_tokens ?? reply.usage?.total_tokens;
    return typeof counted === 'number'
      ? { vectors, tokens: counted, tokenSource: 'upstream' as const }
      : { vectors, tokens: input.reduce((n, t) => n + estimateTokens(t), 0), tokenSource: 'tokenizer' as const };
  };
  return {
    model: o.model,
    async embed(texts, signal) {
      const out: Embedded = { vectors: [], tokens: 0, tokenSource: 'upstream' };
      for (let i = 0; i < texts.length; i += batch) {
        const part = await call(texts.slice(i, i + batch), signal);
        out.vectors.push(...part.vectors);
        out.tokens += part.tokens;
        if (part.tokenSource === 'tokenizer') out.tokenSource = 'tokenizer';
      }
      return out;
    },
  };
}
