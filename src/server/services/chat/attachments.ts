import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { and, eq, inArray } from 'drizzle-orm';
import { Code } from '../../../shared/codes';
import type { UploadAigcMark } from '../../../shared/compliance';
import type { ChatAttachment } from '../../../shared/contract/chat';
import { toSafeText } from '../../../shared/safe-text';
import { hit } from '../../db/queries/rate-limits';
import { type ChatAttachmentRow, chatAttachments } from '../../db/schema';
import { DomainError } from '../../errors';
import { DocumentRefused } from '../../providers/documents';
import { pictureSize } from '../../providers/sharp';
import type { Runtime } from '../../runtime';
import { aigcMarkOf } from '../compliance/upload-labels';
import { pictureRefused } from '../pictures';
import { fileType } from './attachment-files';

// Pictures and documents attached to chat questions (docs/chat.md#attachments): checked by their
// bytes, stored privately through the storage provider, readable by their owner only.

/** Characters of a document's text kept in its row; more is cut on upload (truncated). */
export const STORED_CHARS = 200_000;
const PER_MINUTE = 20;
/** Pixels a picture may declare (its header is read; the browser and the model decode it). */
export const CHAT_IMAGE_MAX_PIXELS = 40_000_000;
const DAY = 86_400_000;

const bad = (key: string, params: Record<string, unknown> = {}, status: 400 | 413 = 400) =>
  new DomainError(status === 413 ? Code.PAYLOAD_TOO_LARGE : Code.BAD_REQUEST, key, { status, params });
const notFound = () => new DomainError(Code.NOT_FOUND, 'chat:attach.notFound', { status: 404 });

export function attachmentDto(row: ChatAttachmentRow, truncated = false): ChatAttachment {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    mime: row.mime,
    size: row.size,
    ...(row.kind === 'document' ? { chars: row.chars, truncated } : {}),
  };
}

/** A file's name as shown: its last path part, storable, at most 200 characters. */
function cleanName(name: string, ext: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this removes
  const base = (toSafeText(name.split(/[\\/]/).pop() ?? '', 200) ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return base || `file.${ext}`;
}

const mb = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

/** Checks, reads and stores one uploaded file; nothing is stored when it is refused. */
export async function addAttachment(
  rt: Runtime,
  userId: number,
  file: { name: string; bytes: Buffer },
): Promise<ChatAttachment> {
  const { db } = rt.database;
  const perMinute = await hit(db, `chat-attach:m:${userId}`, { limit: PER_MINUTE, windowMs: 60_000 });
  const perDay = await hit(db, `chat-attach:d:${userId}`, { limit: rt.env.CHAT_ATTACHMENTS_DAILY, windowMs: DAY });
  if (!perMinute.allowed || !perDay.allowed)
    throw new DomainError(Code.TOO_MANY_REQUESTS, perDay.allowed ? 'chat:attach.tooFast' : 'chat:attach.daily', {
      status: 429,
      params: { count: rt.env.CHAT_ATTACHMENTS_DAILY },
    });
  if (file.bytes.length === 0) throw bad('chat:attach.empty');
  const type = fileType(file.name, file.bytes);
  if (!type) throw bad('chat:attach.unsupported');
  const max = type.kind === 'image' ? rt.env.CHAT_IMAGE_MAX_BYTES : rt.env.CHAT_DOCUMENT_MAX_BYTES;
  if (file.bytes.length > max) throw bad('chat:attach.tooLarge', { max: mb(max) }, 413);

  let text: string | null = null;
  let truncated = false;
  let aigcMark: UploadAigcMark | null = null;
  if (type.kind === 'image') {
    const header = await pictureSize(file.bytes, CHAT_IMAGE_MAX_PIXELS).catch((err) => {
      throw pictureRefused(err, CHAT_IMAGE_MAX_PIXELS, bad('chat:attach.malformed'));
    });
    // Read now: a share may make the picture public, and shows what its own labels said.
    aigcMark = aigcMarkOf(header.labels, file.bytes);
  } else {
    // On a thread of its own, one document per user at a time (providers/documents).
    const kind = type.ext === 'pdf' || type.ext === 'docx' ? type.ext : 'text';
    try {
      ({ text, truncated } = await rt.documents.read(`user:${userId}`, kind, file.bytes, STORED_CHARS));
    } catch (err) {
      if (!(err instanceof DocumentRefused)) throw err;
      if (err.reason === 'busy') throw new DomainError(Code.TOO_MANY_REQUESTS, 'chat:attach.busy', { status: 429 });
      throw bad(`chat:attach.${err.reason}`, {}, err.reason === 'expands' ? 413 : 400);
    }
  }
  const id = randomBytes(12)
    .toString('base64url')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '0');
  const storageKey = `chat-attachments/${userId}/${id}.${type.ext}`;
  await rt.storage.put(storageKey, file.bytes);
  try {
    const [row] = await db
      .insert(chatAttachments)
      .values({
        id,
        userId,
        kind: type.kind,
        name: cleanName(file.name, type.ext),
        mime: type.mime,
        size: file.bytes.length,
        storageKey,
        text,
        chars: text?.length ?? 0,
        aigcMark,
      })
      .returning();
    if (!row) throw new Error('attachment not stored');
    return attachmentDto(row, truncated);
  } catch (err) {
    await rt.storage.remove(`/files/${storageKey}`).catch(() => {});
    throw err;
  }
}

/** The owner's attachments by id, in the order asked; any id not theirs answers 404 (nothing said about whose). */
export async function ownAttachments(rt: Runtime, userId: number | null, ids: string[]): Promise<ChatAttachmentRow[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  if (userId === null) throw new DomainError(Code.UNAUTHORIZED, 'chat:attach.signIn', { status: 401 });
  const rows = await rt.database.db
    .select()
    .from(chatAttachments)
    .where(and(eq(chatAttachments.userId, userId), inArray(chatAttachments.id, unique)));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return unique.map((id) => {
    const row = byId.get(id);
    if (!row) throw notFound();
    return row;
  });
}

/** The stored bytes of one of the owner's attachments (thumbnails, the model's pictures). */
export async function readAttachment(
  rt: Runtime,
  userId: number | null,
  id: string,
): Promise<{ row: ChatAttachmentRow; body: Readable }> {
  const [row] = userId === null ? [] : await ownAttachments(rt, userId, [id]).catch(() => []);
  const body = row ? await rt.storage.read(row.storageKey) : null;
  if (!row || !body) throw notFound();
  return { row, body };
}

/** The whole file in memory (pictures are bounded by CHAT_IMAGE_MAX_BYTES). */
export async function attachmentBytes(rt: Runtime, row: ChatAttachmentRow): Promise<Buffer> {
  const body = await rt.storage.read(row.storageKey);
  if (!body) throw notFound();
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}
