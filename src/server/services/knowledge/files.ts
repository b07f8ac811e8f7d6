import { randomBytes } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { Code } from '../../../shared/codes';
import type { KnowledgeFile, KnowledgeFileKind, KnowledgeProgress } from '../../../shared/contract/knowledge';
import { i18nOf, type Language } from '../../../shared/i18n';
import { toSafeText } from '../../../shared/safe-text';
import { knowledgeConfig } from '../../config/knowledge';
import { type KnowledgeFileRow, knowledgeBases, knowledgeFiles } from '../../db/schema';
import { lockUser, transaction } from '../../db/transaction';
import { DomainError } from '../../errors';
import { type GuardedDownload, GuardRefused } from '../../providers/download-page';
import type { Runtime } from '../../runtime';
import { siteSettings } from '../site-settings';
import { baseNotFound, ownBase, removeStored } from './bases';
import { limitsOf, quotaFull, usageOf } from './quota';

// Files and pages added to a base: checked by their bytes, stored privately, then ingested in the
// background (worker.ts), each step pushed on the base's channel (docs/knowledge.md#ingestion).

const bad = (key: string, params: Record<string, unknown> = {}, status: 400 | 413 = 400) =>
  new DomainError(status === 413 ? Code.PAYLOAD_TOO_LARGE : Code.BAD_REQUEST, `knowledge:${key}`, { status, params });
const fileNotFound = () => new DomainError(Code.NOT_FOUND, 'knowledge:fileNotFound', { status: 404 });

/** What a file is, by its first bytes (PDF, DOCX's zip) or its name or served type (text kinds); null when none we read. */
export function knowledgeKind(name: string, bytes: Buffer, contentType = ''): KnowledgeFileKind | null {
  const head = bytes.subarray(0, 512).toString('latin1').trimStart().toLowerCase();
  const suffix = /\.([a-z]+)$/i.exec(name)?.[1]?.toLowerCase() ?? '';
  if (head.startsWith('%pdf-')) return 'pdf';
  if (bytes.subarray(0, 4).toString('latin1') === 'PK\x03\x04') return suffix === 'docx' ? 'docx' : null;
  if (suffix === 'html' || suffix === 'htm' || contentType === 'text/html') return 'html';
  if (suffix === 'md' || suffix === 'markdown' || contentType === 'text/markdown') return 'md';
  if (suffix === 'txt' || suffix === 'text' || contentType === 'text/plain') return 'txt';
  if (!suffix && (head.startsWith('<!doctype html') || head.startsWith('<html'))) return 'html';
  return null;
}

/** What the owner sees of a file; a failure's reason in their language. */
export function fileDto(row: KnowledgeFileRow, lang: Language): KnowledgeFile {
  return {
    id: row.id,
    baseId: row.baseId,
    name: row.name,
    kind: row.kind,
    sourceUrl: row.sourceUrl,
    size: row.size,
    status: row.status,
    failReason: row.status === 'failed' ? i18nOf(lang).t(row.failReason ?? 'knowledge:fail.unknown') : null,
    chunks: row.chunks,
    chars: row.chars,
    truncated: row.truncated,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Sends a file's state on its base's channel, in the language it was added in; never throws. */
export async function pushFile(rt: Runtime, row: KnowledgeFileRow): Promise<void> {
  try {
    const [base] = await rt.database.db
      .select({ channel: knowledgeBases.channel })
      .from(knowledgeBases)
      .where(eq(knowledgeBases.id, row.baseId));
    if (!base) return;
    const message: KnowledgeProgress = {
      code: Code.SUCCESS,
      kind: 'knowledge',
      file: fileDto(row, row.lang as Language),
    };
    await rt.hub.publish(base.channel, message, { userId: row.userId });
  } catch (err) {
    rt.log.warn('knowledge push failed', { fileId: row.id, err: (err as Error).message });
  }
}

/** A file's name as shown: its last path part, storable, at most 200 characters. */
function cleanName(name: string, fallback: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this removes
  const base = (toSafeText(name.split(/[\\/]/).pop() ?? '', 200) ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return base || fallback;
}

interface Incoming {
  name: string;
  bytes: Buffer;
  kind: KnowledgeFileKind;
  sourceUrl?: string;
}

/** Stores the bytes and queues the file, within the owner's file and byte quotas; nothing stays when refused. */
async function queueFile(rt: Runtime, userId: number, baseId: number, f: Incoming, lang: Language) {
  await ownBase(rt, userId, baseId);
  const storageKey = `knowledge/${userId}/${randomBytes(12).toString('hex')}.${f.kind}`;
  await rt.storage.put(storageKey, f.bytes);
  try {
    const settings = await siteSettings(rt);
    const row = await transaction(rt.database.db, async (tx) => {
      await lockUser(tx, userId);
      const [limits, used] = await Promise.all([limitsOf(settings, tx, userId), usageOf(tx, userId)]);
      if (used.files >= limits.files) throw quotaFull('files', limits.files);
      if (used.bytes + f.bytes.length > limits.bytes) throw quotaFull('bytes', limits.bytes);
      // The base may have been deleted meanwhile: the insert must not outlive it.
      const [base] = await tx
        .select({ id: knowledgeBases.id })
        .from(knowledgeBases)
        .where(and(eq(knowledgeBases.id, baseId), eq(knowledgeBases.userId, userId)))
        .for('update');
      if (!base) throw baseNotFound();
      const [inserted] = await tx
        .insert(knowledgeFiles)
        .values({
          baseId,
          userId,
          name: f.name,
          kind: f.kind,
          sourceUrl: f.sourceUrl ?? null,
          size: f.bytes.length,
          storageKey,
          lang,
        })
        .returning();
      if (!inserted) throw new Error('knowledge file not stored');
      return inserted;
    });
    rt.jobs.knowledge.wake();
    return fileDto(row, lang);
  } catch (err) {
    await removeStored(rt, [storageKey]);
    throw err;
  }
}

export async function addFile(
  rt: Runtime,
  userId: number,
  baseId: number,
  file: { name: string; bytes: Buffer },
  lang: Language,
): Promise<KnowledgeFile> {
  await ownBase(rt, userId, baseId);
  if (file.bytes.length === 0) throw bad('file.empty');
  const max = knowledgeConfig(rt.env).KNOWLEDGE_FILE_MAX_BYTES;
  if (file.bytes.length > max) throw bad('file.tooLarge', { max: `${Math.round(max / 1024 / 1024)} MB` }, 413);
  const kind = knowledgeKind(file.name, file.bytes);
  if (!kind) throw bad('file.unsupported');
  return queueFile(rt, userId, baseId, { name: cleanName(file.name, `file.${kind}`), bytes: file.bytes, kind }, lang);
}

/** Fetches a page through the download guard (rt.registry.download: no internal addresses, size and time caps) and queues it. */
export async function addUrl(
  rt: Runtime,
  userId: number,
  baseId: number,
  address: string,
  lang: Language,
  signal: AbortSignal,
): Promise<KnowledgeFile> {
  await ownBase(rt, userId, baseId);
  let page: GuardedDownload;
  try {
    page = await rt.registry.download(address, signal);
  } catch (err) {
    if (!(err instanceof GuardRefused)) throw err;
    throw bad(`url.${err.reason}`, {}, err.reason === 'tooLarge' ? 413 : 400);
  }
  const url = new URL(page.url);
  const name = cleanName(`${url.host}${url.pathname === '/' ? '' : url.pathname}`, url.host);
  const kind = knowledgeKind(url.pathname, page.bytes, page.contentType);
  if (!kind || page.bytes.length === 0) throw bad('url.unsupported');
  return queueFile(rt, userId, baseId, { name, bytes: page.bytes, kind, sourceUrl: page.url }, lang);
}

export async function listFiles(rt: Runtime, userId: number, baseId: number, lang: Language) {
  await ownBase(rt, userId, baseId);
  const rows = await rt.database.db
    .select()
    .from(knowledgeFiles)
    .where(and(eq(knowledgeFiles.baseId, baseId), eq(knowledgeFiles.userId, userId)))
    .orderBy(desc(knowledgeFiles.id));
  return { files: rows.map((r) => fileDto(r, lang)) };
}

/** Deletes a file with its passages and stored bytes; an ingestion under way stops (its row is gone). */
export async function deleteFile(rt: Runtime, userId: number, baseId: number, fileId: number): Promise<void> {
  const gone = await rt.database.db
    .delete(knowledgeFiles)
    .where(and(eq(knowledgeFiles.id, fileId), eq(knowledgeFiles.baseId, baseId), eq(knowledgeFiles.userId, userId)))
    .returning({ key: knowledgeFiles.storageKey });
  if (gone.length === 0) {
    await ownBase(rt, userId, baseId);
    throw fileNotFound();
  }
  await removeStored(
    rt,
    gone.map((g) => g.key),
  );
}
