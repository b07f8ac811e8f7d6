import { z } from '@hono/zod-openapi';
import { requestId } from './admin';
import { int, intParam, text } from './input';

/** The console's view of knowledge bases (src/server/api/knowledge/console.ts; docs/console.md). */

export const knowledgeUserRow = z
  .object({
    userId: z.number().int(),
    email: z.string().nullable(),
    nickname: z.string().nullable(),
    bases: z.number().int(),
    files: z.number().int(),
    bytes: z.number().int(),
    chunks: z.number().int(),
    failed: z.number().int(),
    /** Files still being read, cut or indexed. */
    working: z.number().int(),
    lastAddedAt: z.string().nullable(),
  })
  .openapi('KnowledgeUserRow');
export type KnowledgeUserRow = z.infer<typeof knowledgeUserRow>;

export const knowledgeConsoleReport = z
  .object({
    users: z.array(knowledgeUserRow),
    total: z.number().int(),
    totals: z.object({
      bases: z.number().int(),
      files: z.number().int(),
      bytes: z.number().int(),
      failed: z.number().int(),
    }),
    /** keyword | hybrid (an embeddings endpoint is configured). */
    mode: z.enum(['keyword', 'hybrid']),
    /** pgvector (HNSW) on PostgreSQL with the extension, else exact cosine in SQL. */
    vectorIndex: z.enum(['hnsw', 'exact', 'none']),
  })
  .openapi('KnowledgeConsoleReport');
export type KnowledgeConsoleReport = z.infer<typeof knowledgeConsoleReport>;

/** GET /api/admin/knowledge: an account's e-mail to look for, and the page. */
export const knowledgeConsoleQuery = z.object({
  search: text(100).optional(),
  page: intParam(1, 10_000).default(1),
  size: intParam(1, 100).default(20),
});

/** GET /api/admin/knowledge/apps: built-in apps with the base each answers from, and the admins' bases to pick. */
export const builtinAppBases = z
  .object({
    apps: z.array(
      z.object({ id: z.number().int(), promptTitle: z.string(), knowledgeBaseId: z.number().int().nullable() }),
    ),
    bases: z.array(z.object({ id: z.number().int(), name: z.string(), ownerEmail: z.string() })),
  })
  .openapi('BuiltinAppBases');
export type BuiltinAppBases = z.infer<typeof builtinAppBases>;

/** POST /api/admin/knowledge/apps/{id}: an admin's base for a built-in app, or null for none. */
export const builtinAppBaseBody = z.object({ baseId: int(1).nullable(), requestId });
export const builtinAppBaseApplied = z.object({ applied: z.boolean() });
