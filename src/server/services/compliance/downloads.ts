import type { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import { AI_LABEL } from '../../../shared/ai-label';
import { Code } from '../../../shared/codes';
import { DrawingStatus, drawings, type Song } from '../../db/schema';
import { DomainError } from '../../errors';
import { withLeadingTone } from '../../providers/music/tone';
import { fileKey } from '../../providers/storage';
import type { Runtime } from '../../runtime';
import { isOpenDrawing } from '../file-access';
import { songFor } from '../music/songs';
import { siteSettings } from '../site-settings';

/** Songs are stored below the provider's cap (30 MB); a stored file above this is refused, not buffered. */
const MAX_SONG_BYTES = 40 * 1024 * 1024;

export interface DownloadFile {
  bytes: Buffer;
  /** The name the browser saves it under (the api layer writes it as RFC 6266/5987 Content-Disposition). */
  filename: string;
  /** An ASCII name for clients that ignore `filename*`. */
  fallback: string;
  type: string;
}

const AUDIO_TYPES: Record<string, string> = { mp3: 'audio/mpeg', wav: 'audio/wav', ogg: 'audio/ogg', m4a: 'audio/mp4' };

const gone = () => new DomainError(Code.NOT_FOUND, 'music:notFound', { status: 404 });

/** A stored file read whole, within `max` bytes; null when it is not there. */
export async function readStored(rt: Runtime, url: string | null, max: number): Promise<Buffer | null> {
  const key = url ? fileKey(url) : null;
  if (!key) return null;
  const size = await rt.storage.size(key);
  if (size === null || size > max) return null;
  const stream: Readable | null = await rt.storage.read(key);
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A song's file name: its title (path characters taken out) with the visible label. */
export function songFileName(title: string, ext: string, labelled: boolean): string {
  const base =
    title
      .replace(/[\\/:*?"<>|\p{Cc}]+/gu, ' ')
      .trim()
      .slice(0, 80) || 'song';
  return labelled ? `${base} (${AI_LABEL}).${ext}` : `${base}.${ext}`;
}

/** The song's audio as it is stored (implicit ID3 label included), or 404. */
export async function songAudio(rt: Runtime, s: Pick<Song, 'audioUrl'>) {
  const ext = s.audioUrl?.split('.').pop() ?? '';
  const type = AUDIO_TYPES[ext];
  const bytes = type ? await readStored(rt, s.audioUrl, MAX_SONG_BYTES) : null;
  if (!bytes || !type) throw gone();
  return { bytes, ext, type };
}

/**
 * A song as the site hands it out: visible to the caller (its owner, or public), named with
 * 'AI生成', and with the console's short tone at its start when SONG_DOWNLOAD_TONE is on.
 */
export async function labelledSong(rt: Runtime, taskId: string, viewerId: number | null): Promise<DownloadFile> {
  const s = await songFor(rt.database.db, taskId, viewerId);
  const { bytes, ext, type } = await songAudio(rt, s);
  const tone = ext === 'mp3' && (await siteSettings(rt)).SONG_DOWNLOAD_TONE;
  return {
    bytes: tone ? await withLeadingTone(bytes) : bytes,
    filename: songFileName(s.title, ext, true),
    fallback: `song-${s.taskId}-AI.${ext}`,
    type,
  };
}

/** A stored picture is at most 2048 px of WebP: far below this. */
export const MAX_PICTURE_BYTES = 30 * 1024 * 1024;

/**
 * A finished picture as the site hands it out: its stored file, which carries the visible
 * 'AI生成' badge burnt in when it was made and the implicit label in XMP and EXIF
 * (services/drawing/store.ts). Its owner's, or a public one; else 404.
 */
export async function labelledPicture(rt: Runtime, taskId: string, viewerId: number | null): Promise<DownloadFile> {
  const [d] = await rt.database.db
    .select()
    .from(drawings)
    .where(and(eq(drawings.taskId, taskId), eq(drawings.status, DrawingStatus.DONE)))
    .limit(1);
  const visible = d && (d.userId === viewerId || isOpenDrawing(d));
  const bytes = visible ? await readStored(rt, d.imageUrl, MAX_PICTURE_BYTES) : null;
  if (!bytes) throw new DomainError(Code.NOT_FOUND, 'drawing:notFound', { status: 404 });
  return {
    bytes,
    filename: `miaobi-${taskId} (${AI_LABEL}).webp`,
    fallback: `miaobi-${taskId}-AI.webp`,
    type: 'image/webp',
  };
}
