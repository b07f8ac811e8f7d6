import { buffer } from 'node:stream/consumers';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { KnowledgeFileStatus } from '../../../shared/contract/knowledge';
import { type KnowledgeFileRow, knowledgeChunks, knowledgeFiles } from '../../db/schema';
import { DocumentRefused } from '../../providers/documents';
import type { Runtime } from '../../runtime';
import { siteSettings } from '../site-settings';
import { CHUNK_OPTIONS, chunkText } from './chunking';
import { pushFile } from './files';
import { limitsOf } from './quota';
import { rowsOf } from './rows';
import { segmented } from './segment';
import { embedTexts, storeVectors } from './vectors';

// One file's ingestion (docs/knowledge.md#ingestion), run by the knowledge worker under a lease:
// parsing (the bounded document reader) → chunking (sentences, headings, overlap; jieba words
// stored for the keyword index) → indexing (embeddings, when configured) → ready. A step that
// finds the row gone (deleted) stops; a refusal fails the file with a reason key.

/** Characters of text one file may give (more is cut, and the file says truncated). */
export const FILE_TEXT_MAX = 2_000_000;
const INSERT_BATCH = 200;
const EMBED_BATCH = 64;

export const UNFINISHED: KnowledgeFileStatus[] = ['queued', 'parsing', 'chunking', 'indexing'];

/** A reason the file failed: its `knowledge:` locale key. */
export class IngestFailure extends Error {}

/** The file is waiting for the document reader (its owner has others being read): try again soon. */
export class IngestBusy extends Error {}

/** Moves a still unfinished file on and pushes it; null when it was deleted or ended meanwhile. */
export async function moveFile(
  rt: Runtime,
  fileId: number,
  patch: Partial<KnowledgeFileRow>,
  from: KnowledgeFileStatus[] = UNFINISHED,
): Promise<KnowledgeFileRow | null> {
  const [row] = await rt.database.db
    .update(knowledgeFiles)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(knowledgeFiles.id, fileId), inArray(knowledgeFiles.status, from)))
    .returning();
  if (!row) return null;
  if (patch.status !== undefined) await pushFile(rt, row);
  return row;
}

async function readText(rt: Runtime, file: KnowledgeFileRow): Promise<{ text: string; truncated: boolean }> {
  const stream = await rt.storage.read(file.storageKey);
  if (!stream) throw new IngestFailure('knowledge:fail.missing');
  const bytes = await buffer(stream);
  const kind = file.kind === 'pdf' || file.kind === 'docx' || file.kind === 'html' ? file.kind : 'text';
  try {
    return await rt.documents.read(`user:${file.userId}`, kind, bytes, FILE_TEXT_MAX, { pageBreaks: kind === 'pdf' });
  } catch (err) {
    if (!(err instanceof DocumentRefused)) throw err;
    if (err.reason === 'busy') throw new IngestBusy();
    throw new IngestFailure(`knowledge:fail.${err.reason}`);
  }
}

/** Writes the passages' vectors, batch by batch; the row's model says which they are. */
export async function embedFile(rt: Runtime, file: KnowledgeFileRow, signal: AbortSignal): Promise<string | null> {
  const provider = rt.registry.embeddings;
  if (!provider) return null;
  const { db } = rt.database;
  const chunks = await db
    .select({ id: knowledgeChunks.id, text: knowledgeChunks.text, heading: knowledgeChunks.heading })
    .from(knowledgeChunks)
    .where(eq(knowledgeChunks.fileId, file.id))
    .orderBy(asc(knowledgeChunks.ord));
  for (let i = 0; i < chunks.length; i += EMBED_BATCH) {
    const part = chunks.slice(i, i + EMBED_BATCH);
    const texts = part.map((c) => (c.heading ? `${c.heading}\n${c.text}` : c.text));
    const vectors = await embedTexts(rt, provider, file.userId, texts, signal, `knowledge-file-${file.id}`);
    signal.throwIfAborted();
    await storeVectors(
      rt,
      file.baseId,
      provider.model,
      part.map((c) => c.id),
      vectors,
    );
  }
  return provider.model;
}

/** Runs one claimed file from wherever it stands to ready (or re-embeds a ready one for a new model). */
export async function ingestFile(rt: Runtime, claimed: KnowledgeFileRow, signal: AbortSignal): Promise<void> {
  const { db } = rt.database;
  if (claimed.status === 'ready') {
    const model = await embedFile(rt, claimed, signal);
    await moveFile(rt, claimed.id, { embeddedModel: model, leaseUntil: null }, ['ready']);
    if (model) rt.jobs.knowledgeIndex.wake();
    return;
  }
  // A resumed file starts again from its bytes: what an earlier run wrote is replaced.
  let file = await moveFile(rt, claimed.id, { status: 'parsing' });
  if (!file) return;
  const { text, truncated } = await readText(rt, file);
  signal.throwIfAborted();

  file = await moveFile(rt, file.id, { status: 'chunking', chars: text.length, truncated });
  if (!file) return;
  const chunks = chunkText(text, CHUNK_OPTIONS, file.kind === 'pdf');
  if (chunks.length === 0) throw new IngestFailure('knowledge:fail.empty');
  const limits = await limitsOf(await siteSettings(rt), db, file.userId);
  const [held] = await rowsOf<{ n: number }>(
    db,
    sql`select coalesce(sum(chunks), 0)::int as n from knowledge_files where user_id = ${file.userId} and id <> ${file.id}`,
  );
  if ((held?.n ?? 0) + chunks.length > limits.chunks) throw new IngestFailure('knowledge:fail.quotaChunks');
  await db.delete(knowledgeChunks).where(eq(knowledgeChunks.fileId, file.id));
  for (let i = 0; i < chunks.length; i += INSERT_BATCH) {
    signal.throwIfAborted();
    const current = file;
    await db.insert(knowledgeChunks).values(
      chunks.slice(i, i + INSERT_BATCH).map((c, j) => ({
        fileId: current.id,
        baseId: current.baseId,
        userId: current.userId,
        ord: i + j,
        page: c.page,
        heading: c.heading,
        text: c.text,
        terms: segmented(c.heading ? `${c.heading}\n${c.text}` : c.text),
      })),
    );
  }

  file = await moveFile(rt, file.id, { status: 'indexing', chunks: chunks.length });
  if (!file) return;
  const model = await embedFile(rt, file, signal);
  signal.throwIfAborted();
  await moveFile(rt, file.id, { status: 'ready', embeddedModel: model, leaseUntil: null, failReason: null });
  // A base grown past the size worth an IVF index gets one (ivf-job.ts).
  if (model) rt.jobs.knowledgeIndex.wake();
}
