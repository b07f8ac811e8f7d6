import { sniff } from '../../providers/download';

/** What an uploaded file is, by its bytes (pictures, PDF, DOCX) or its name (TXT, Markdown, CSV). */
export type FileType =
  | { kind: 'image'; mime: string; ext: 'jpg' | 'png' | 'gif' | 'webp' }
  | { kind: 'document'; mime: string; ext: 'pdf' | 'docx' | 'txt' | 'md' | 'csv' };

const IMAGES = { jpg: 'image/jpeg', png: 'image/png', gif: 'image/gif', webp: 'image/webp' } as const;
const TEXTS = {
  txt: 'text/plain',
  md: 'text/markdown',
  markdown: 'text/markdown',
  csv: 'text/csv',
} as const;
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

export function fileType(name: string, bytes: Buffer): FileType | null {
  const image = sniff(bytes, 'image');
  if (image && image in IMAGES) {
    const ext = image as keyof typeof IMAGES;
    return { kind: 'image', mime: IMAGES[ext], ext };
  }
  const suffix = /\.([a-z]+)$/i.exec(name)?.[1]?.toLowerCase() ?? '';
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-')
    return { kind: 'document', mime: 'application/pdf', ext: 'pdf' };
  // A DOCX is a zip; only the name tells it from other zips, and its reading checks the inside.
  if (suffix === 'docx' && bytes.subarray(0, 4).toString('latin1') === 'PK\x03\x04')
    return { kind: 'document', mime: DOCX, ext: 'docx' };
  if (suffix in TEXTS) {
    const mime = TEXTS[suffix as keyof typeof TEXTS];
    return { kind: 'document', mime, ext: suffix === 'markdown' ? 'md' : (suffix as 'txt' | 'md' | 'csv') };
  }
  return null;
}
