import { parentPort } from 'node:worker_threads';
import { toSafeText } from '../../../shared/safe-chars';
import { htmlText } from './html';
import { Allowance, type DocumentLimits, DocumentRefused, unpackBudget } from './limits';
import { checkPdf } from './pdf-scan';
import { boundedZip } from './zip';

// The reading thread (one per document, started by index.ts under heap, stack and clock limits).
// It is the only code that loads mammoth and unpdf: the build bundles it as its own file.

export type DocumentKind = 'pdf' | 'docx' | 'text' | 'html';
export interface ReadJob {
  kind: DocumentKind;
  bytes: Uint8Array;
  limits: DocumentLimits;
  /** Characters wanted at most (≤ limits.textChars). */
  maxChars: number;
  /** PDF: a form feed (\f) between pages, so the caller can tell which page a passage is on. */
  pageBreaks?: boolean;
}
export type ReadAnswer = { text: string; truncated: boolean } | { refused: DocumentRefused['reason'] };

const utf8 = new TextDecoder('utf-8', { fatal: true });

async function pdfText(bytes: Buffer, limits: DocumentLimits, allowance: Allowance, pageBreaks: boolean) {
  checkPdf(bytes, allowance);
  const { getDocumentProxy } = await import('unpdf');
  let pdf: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    pdf = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0 });
  } catch (err) {
    throw new DocumentRefused((err as Error)?.name === 'PasswordException' ? 'encrypted' : 'malformed');
  }
  if (pdf.numPages > limits.pages) throw new DocumentRefused('tooComplex');
  // Page by page, stopping once the text passes its cap: pages after it are never parsed.
  const pages: string[] = [];
  let length = 0;
  try {
    for (let n = 1; n <= pdf.numPages && length <= limits.textChars; n++) {
      const { items } = await (await pdf.getPage(n)).getTextContent();
      const page = items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : '')).join('');
      pages.push(page);
      length += page.length + 1;
    }
  } catch {
    throw new DocumentRefused('malformed');
  }
  // As unpdf's mergePages: spaces collapsed, line breaks kept, at most one blank line.
  const clean = (page: string) =>
    page
      .replace(/[^\S\n]+/g, ' ')
      .replace(/ ?\n ?/g, '\n')
      .replace(/\n{3,}/g, '\n\n');
  return pageBreaks ? pages.map(clean).join('\f') : clean(pages.join('\n'));
}

/** A page's text with its headings marked as Markdown's (`# `), so chunks can start at them. */
async function docxText(bytes: Buffer, limits: DocumentLimits, allowance: Allowance): Promise<string> {
  const file = boundedZip(bytes, allowance, limits.xmlDepth);
  const { default: mammoth } = await import('mammoth');
  try {
    return (await mammoth.extractRawText({ file } as unknown as { buffer: Buffer })).value;
  } catch (err) {
    throw file.refused ?? (err instanceof DocumentRefused ? err : new DocumentRefused('malformed'));
  }
}

function plainText(bytes: Buffer): string {
  let text: string;
  try {
    text = utf8.decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    throw new DocumentRefused('malformed');
  }
  if (text.includes('\0')) throw new DocumentRefused('malformed');
  return text;
}

/** The document's text, cleaned of what the database refuses and cut to `maxChars`. */
export async function readDocument(job: ReadJob): Promise<ReadAnswer> {
  const bytes = Buffer.from(job.bytes.buffer, job.bytes.byteOffset, job.bytes.byteLength);
  const allowance = new Allowance(unpackBudget(job.limits, bytes.length), job.limits.objects);
  try {
    const raw =
      job.kind === 'pdf'
        ? await pdfText(bytes, job.limits, allowance, job.pageBreaks === true)
        : job.kind === 'docx'
          ? await docxText(bytes, job.limits, allowance)
          : job.kind === 'html'
            ? await htmlText(plainText(bytes), job.limits)
            : plainText(bytes);
    const max = Math.min(job.maxChars, job.limits.textChars);
    const text = (toSafeText(raw.slice(0, max + 1).replace(/\r\n?/g, '\n'), max) ?? '').trim();
    if (!text) return { refused: 'empty' };
    return { text, truncated: raw.length > max };
  } catch (err) {
    if (err instanceof DocumentRefused) return { refused: err.reason };
    // A parser that overflows its stack or trips on its own input: the document cannot be read.
    return { refused: err instanceof RangeError ? 'tooComplex' : 'malformed' };
  }
}

parentPort?.once('message', async (job: ReadJob) => {
  parentPort?.postMessage(await readDocument(job));
});
