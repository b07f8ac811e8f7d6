import { toSafeText } from '../../../shared/safe-text';
import { sniff } from '../../providers/download';

/** What an uploaded file is, by its bytes (pictures, PDF, DOCX) or its name and clean UTF-8 (TXT, Markdown, CSV). */
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

/** Why a file is refused (each has a translated message: chat:attach.<reason>). */
export class FileProblem extends Error {
  constructor(readonly reason: 'unsupported' | 'malformed' | 'encrypted' | 'empty') {
    super(reason);
  }
}

export function fileType(name: string, bytes: Buffer): FileType | null {
  const image = sniff(bytes, 'image');
  if (image && image in IMAGES) {
    const ext = image as keyof typeof IMAGES;
    return { kind: 'image', mime: IMAGES[ext], ext };
  }
  const suffix = /\.([a-z]+)$/i.exec(name)?.[1]?.toLowerCase() ?? '';
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-')
    return { kind: 'document', mime: 'application/pdf', ext: 'pdf' };
  // A DOCX is a zip; only the name tells it from other zips, and mammoth checks the inside.
  if (suffix === 'docx' && bytes.subarray(0, 4).toString('latin1') === 'PK\x03\x04')
    return { kind: 'document', mime: DOCX, ext: 'docx' };
  if (suffix in TEXTS) {
    const mime = TEXTS[suffix as keyof typeof TEXTS];
    return { kind: 'document', mime, ext: suffix === 'markdown' ? 'md' : (suffix as 'txt' | 'md' | 'csv') };
  }
  return null;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

// The parsers load on the first document (tens of MB and ~0.5 s): start-up and pages never need them.
async function pdfText(bytes: Buffer): Promise<string> {
  const { extractText, getDocumentProxy } = await import('unpdf');
  let pdf: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    pdf = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0 });
  } catch (err) {
    if ((err as Error)?.name === 'PasswordException') throw new FileProblem('encrypted');
    throw new FileProblem('malformed');
  }
  try {
    const { text } = await extractText(pdf, { mergePages: true });
    return text;
  } catch {
    throw new FileProblem('malformed');
  } finally {
    // Frees the parser's memory; some builds hand back a proxy without destroy().
    await pdf.loadingTask?.destroy?.().catch(() => {});
  }
}

/** The document's text, cleaned of characters the database refuses; throws FileProblem. */
export async function documentText(type: FileType & { kind: 'document' }, bytes: Buffer): Promise<string> {
  let text: string;
  if (type.ext === 'pdf') text = await pdfText(bytes);
  else if (type.ext === 'docx') {
    const { default: mammoth } = await import('mammoth');
    try {
      text = (await mammoth.extractRawText({ buffer: bytes })).value;
    } catch {
      throw new FileProblem('malformed');
    }
  } else {
    try {
      text = utf8.decode(bytes).replace(/^\uFEFF/, '');
    } catch {
      throw new FileProblem('malformed');
    }
    if (text.includes('\0')) throw new FileProblem('malformed');
  }
  const clean = (toSafeText(text.replace(/\r\n?/g, '\n'), Number.MAX_SAFE_INTEGER) ?? '').trim();
  if (!clean) throw new FileProblem('empty');
  return clean;
}
