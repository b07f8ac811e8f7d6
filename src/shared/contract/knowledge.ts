import { z } from '@hono/zod-openapi';
import { KNOWLEDGE_FILE_KINDS, KNOWLEDGE_FILE_STATUSES, KNOWLEDGE_NAME_MAX, KNOWLEDGE_QUERY_MAX } from '../knowledge';
import { id, int, text } from './input';

export type { KnowledgeFileKind, KnowledgeFileStatus } from '../knowledge';

/** Requests and replies of the knowledge-base API (src/server/api/knowledge/; docs/knowledge.md). */

const count = int(0);

export const knowledgeBase = z
  .object({
    id: int(1),
    name: z.string(),
    files: count,
    /** Bytes of its stored files. */
    bytes: z.number().int().min(0),
    chunks: count,
    failed: count.openapi({ description: 'files whose ingestion failed' }),
    /** The push taskId its files' progress is sent on (`/websocket/callback?taskId=…&token=…`). */
    channel: z.string(),
    createdAt: z.string(),
  })
  .openapi('KnowledgeBase');
export type KnowledgeBase = z.infer<typeof knowledgeBase>;

/** What the caller may still add, by their membership level (console settings). */
export const knowledgeQuota = z
  .object({
    member: z.boolean(),
    bases: z.object({ used: count, limit: count }),
    files: z.object({ used: count, limit: count }),
    bytes: z.object({ used: z.number().int().min(0), limit: z.number().int().min(0) }),
    chunks: z.object({ used: count, limit: count }),
    /** Largest file or page accepted, in bytes. */
    fileMaxBytes: z.number().int().min(0),
    /** Whether an embeddings endpoint is configured (hybrid search) or keywords alone. */
    vectors: z.boolean(),
  })
  .openapi('KnowledgeQuota');
export type KnowledgeQuota = z.infer<typeof knowledgeQuota>;

export const knowledgeBaseList = z.object({ bases: z.array(knowledgeBase), quota: knowledgeQuota });
export type KnowledgeBaseList = z.infer<typeof knowledgeBaseList>;

export const knowledgeFile = z
  .object({
    id: int(1),
    baseId: int(1),
    name: z.string(),
    kind: z.enum(KNOWLEDGE_FILE_KINDS),
    sourceUrl: z.string().nullable(),
    size: count,
    status: z.enum(KNOWLEDGE_FILE_STATUSES),
    /** Why it failed, in the caller's language; null unless failed. */
    failReason: z.string().nullable(),
    chunks: count,
    chars: count,
    truncated: z.boolean(),
    createdAt: z.string(),
  })
  .openapi('KnowledgeFile');
export type KnowledgeFile = z.infer<typeof knowledgeFile>;

export const knowledgeFileList = z.object({ files: z.array(knowledgeFile) });

/** The push message of one file's progress, on its base's channel (`code` as every push: docs/api.md). */
export interface KnowledgeProgress {
  code: number;
  kind: 'knowledge';
  file: KnowledgeFile;
}

export const knowledgeBaseInput = z.object({ name: text(KNOWLEDGE_NAME_MAX, 1) });
export const knowledgeUrlInput = z.object({ url: text(2000, 8) });
export const knowledgeSearchInput = z.object({
  query: text(KNOWLEDGE_QUERY_MAX, 1),
  limit: int(1, 20).optional(),
});

export const knowledgePassage = z
  .object({
    /** The passage's own id. */
    id: z.number().int().min(1),
    fileId: int(1),
    baseId: int(1),
    fileName: z.string(),
    page: z.number().int().nullable(),
    heading: z.string().nullable(),
    text: z.string(),
    /** Fused score: higher is better (reciprocal rank fusion of keyword and vector ranks). */
    score: z.number(),
  })
  .openapi('KnowledgePassage');
export type KnowledgePassage = z.infer<typeof knowledgePassage>;

export const knowledgeSearchResult = z.object({
  passages: z.array(knowledgePassage),
  mode: z.enum(['keyword', 'hybrid']),
});
export type KnowledgeSearchResult = z.infer<typeof knowledgeSearchResult>;

/** The path of /api/knowledge/bases/{id}/files/{fileId}. */
export const knowledgeFileParams = z.object({ id: id(), fileId: id() });

/** POST /api/knowledge/bases/{id}/files as multipart: one file; the service checks its bytes. */
export const knowledgeUpload = z.object({
  // The largest KNOWLEDGE_FILE_MAX_BYTES may be; the service holds the configured one.
  file: z
    .file({ message: 'knowledge:file.noFile' })
    .max(50 * 1024 * 1024)
    .openapi({ type: 'string', format: 'binary' }),
});
