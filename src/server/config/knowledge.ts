import { z } from 'zod';

const int = (min: number, max: number, fallback: number) => z.coerce.number().int().min(min).max(max).default(fallback);
const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** Knowledge bases' environment variables (docs/knowledge.md), spread into env.ts's envSchema. */
export const knowledgeEnvShape = {
  /** An OpenAI-compatible embeddings endpoint (`POST {base}/embeddings`); unset: keyword search only. */
  EMBEDDINGS_BASE_URL: z
    .url({ protocol: /^https?$/ })
    .max(500)
    .optional(),
  EMBEDDINGS_API_KEY: z.string().min(1).max(512).optional(),
  EMBEDDINGS_MODEL: z.string().min(1).max(100).default('text-embedding-3-small'),
  /** Upstream price of 1,000 embedding tokens in micro-yuan (the usage ledger's cost). */
  EMBEDDINGS_PRICE_PER_1K: int(0, 1_000_000_000, 0),
  /** Per level (console settings): bases, files, stored MB and chunks a logged-in non-member / member may hold. */
  KNOWLEDGE_BASES_USER: int(0, 1000, 3),
  KNOWLEDGE_BASES_MEMBER: int(0, 1000, 20),
  KNOWLEDGE_FILES_USER: int(0, 100_000, 20),
  KNOWLEDGE_FILES_MEMBER: int(0, 100_000, 500),
  KNOWLEDGE_MB_USER: int(0, 100_000, 50),
  KNOWLEDGE_MB_MEMBER: int(0, 100_000, 1000),
  KNOWLEDGE_CHUNKS_USER: int(0, 10_000_000, 5000),
  KNOWLEDGE_CHUNKS_MEMBER: int(0, 10_000_000, 100_000),
  /** Largest single file or page, in bytes; an upload is a request body too, so keep it below BODY_LIMIT. */
  KNOWLEDGE_FILE_MAX_BYTES: int(1024, 50 * 1024 * 1024, 1000 * 1024),
  /** Searches a person may make a minute (the page's search box; answers' own searches are not counted). */
  KNOWLEDGE_SEARCH_PER_MINUTE: int(1, 100_000, 60),
  /** Files one process ingests at once. */
  KNOWLEDGE_CONCURRENCY: int(1, 16, 2),
  /** Passages of one model from which a base's vectors get an IVF index (without pgvector); fewer: exact search. */
  KNOWLEDGE_IVF_MIN_PASSAGES: int(100, 10_000_000, 2000),
  /** Lets a page URL name a private or loopback address (an intranet's pages; tests). */
  DOWNLOAD_ALLOW_PRIVATE: bool.default(false),
};

export type KnowledgeSettings = z.infer<z.ZodObject<typeof knowledgeEnvShape>>;

/** The knowledge settings of the validated environment (read on use: a test may change one). */
export function knowledgeConfig(env: KnowledgeSettings): KnowledgeSettings {
  return env;
}
