import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createDocumentReader,
  DOCUMENT_LIMITS,
  type DocumentLimits,
  type DocumentReader,
  DocumentRefused,
} from '../../src/server/providers/documents';
import { type DocumentKind, readDocument } from '../../src/server/providers/documents/worker';
import { makePdf } from '../fixtures/attachment-files';
import { docxBomb, docxOf, pdfBomb } from '../fixtures/bombs';

// The document reader's limits (providers/documents, docs/validation-and-limits.md). The counts are
// checked on this thread through readDocument; the clock, the pool and the turns through real threads.

const read = (kind: DocumentKind, bytes: Buffer, limits: Partial<DocumentLimits> = {}, maxChars = 1e9) =>
  readDocument({ kind, bytes, limits: { ...DOCUMENT_LIMITS, ...limits }, maxChars });

const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';
/** A DOCX whose text sits under `depth` nested elements. */
const nestedDocx = (depth: number) =>
  docxOf({
    'word/document.xml': `<?xml version="1.0"?><w:document ${W}><w:body><w:p><w:r><w:t>deep</w:t></w:r></w:p>${'<w:x>'.repeat(depth)}${'</w:x>'.repeat(depth)}</w:body></w:document>`,
  });

let reader: DocumentReader | undefined;
afterEach(async () => {
  await reader?.close();
  reader = undefined;
});

describe('document limits', () => {
  it('cuts text at the cap and says so; under it the whole text comes back', async () => {
    expect(await read('text', Buffer.from('x'.repeat(3000)), { textChars: 1000 })).toEqual({
      text: 'x'.repeat(1000),
      truncated: true,
    });
    expect(await read('text', Buffer.from('x'.repeat(1000)), { textChars: 1000 })).toEqual({
      text: 'x'.repeat(1000),
      truncated: false,
    });
  });

  it('hands back at most 8 MiB of text by default, through a real thread', async () => {
    reader = createDocumentReader();
    const { text, truncated } = await reader.read('a', 'text', Buffer.alloc(9 * 1024 * 1024, 'y'));
    expect(text.length).toBe(8 * 1024 * 1024);
    expect(truncated).toBe(true);
  }, 30_000);

  it('refuses a DOCX whose parts unpack past the ratio to its size, and reads it within the ratio', async () => {
    const docx = docxOf({
      'word/document.xml': `<?xml version="1.0"?><w:document ${W}><w:body><w:p><w:r><w:t>${'hello world '.repeat(5000)}</w:t></w:r></w:p></w:body></w:document>`,
    });
    expect(await read('docx', docx, { floorBytes: 0, ratio: 1 })).toEqual({ refused: 'expands' });
    const ok = await read('docx', docx, { floorBytes: 0, ratio: 1000 });
    expect('text' in ok && ok.text.startsWith('hello world')).toBe(true);
  });

  it('stops unpacking a 250 MB DOCX bomb at the limit', async () => {
    const bomb = await docxBomb(250);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const before = process.memoryUsage().arrayBuffers;
    expect(await read('docx', bomb)).toEqual({ refused: 'expands' });
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(64 * 1024 * 1024);
  });

  it('refuses a PDF whose streams unpack past the limit before pdf.js reads it', async () => {
    const bomb = await pdfBomb(330);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    expect(await read('pdf', bomb)).toEqual({ refused: 'expands' });
    const small = await pdfBomb(3);
    expect(await read('pdf', small, { floorBytes: 0, ratio: 100 })).toEqual({ refused: 'expands' });
  });

  it('refuses XML nested deeper than the limit, a DTD, and more elements than allowed', async () => {
    expect(await read('docx', nestedDocx(300))).toEqual({ refused: 'tooComplex' });
    expect(await read('docx', nestedDocx(200))).toMatchObject({ text: 'deep' });
    const dtd = docxOf({
      'word/document.xml': `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaa">]><w:document ${W}><w:body/></w:document>`,
    });
    expect(await read('docx', dtd)).toEqual({ refused: 'malformed' });
    expect(await read('docx', nestedDocx(50), { objects: 40 })).toEqual({ refused: 'tooComplex' });
  });

  it('refuses a PDF with more pages or objects than allowed', async () => {
    const pdf = makePdf('one page');
    expect(await read('pdf', pdf)).toMatchObject({ text: 'one page' });
    expect(await read('pdf', pdf, { pages: 0 })).toEqual({ refused: 'tooComplex' });
    expect(await read('pdf', pdf, { objects: 3 })).toEqual({ refused: 'tooComplex' });
  });
});

describe('document threads', () => {
  it('ends a thread that overruns its clock, and refuses its document', async () => {
    // 40 MB of content within the unpack limits: pdf.js parses it for seconds.
    const slow = await pdfBomb(40);
    reader = createDocumentReader({ limits: { ms: 1500, maxBytes: 64 * 1024 * 1024, floorBytes: 64 * 1024 * 1024 } });
    const started = Date.now();
    await expect(reader.read('a', 'pdf', slow)).rejects.toEqual(new DocumentRefused('tooComplex'));
    expect(Date.now() - started).toBeLessThan(5000);
    // The thread is gone, not left running in the background.
    for (let i = 0; i < 50 && reader.threads() > 0; i++) await sleep(20);
    expect(reader.threads()).toBe(0);
  }, 30_000);

  it("refuses a document whose reading overruns the thread's heap, and the process lives on", async () => {
    // 4 MB of paragraphs: mammoth's tree of them needs far more than a 24 MB heap.
    const paragraphs = '<w:p><w:r><w:t>word</w:t></w:r></w:p>'.repeat(100_000);
    const docx = docxOf({
      'word/document.xml': `<?xml version="1.0"?><w:document ${W}><w:body>${paragraphs}</w:body></w:document>`,
    });
    reader = createDocumentReader({ limits: { heapMb: 24 } });
    await expect(reader.read('a', 'docx', docx)).rejects.toEqual(new DocumentRefused('tooComplex'));
    expect(await reader.read('a', 'text', Buffer.from('after'))).toEqual({ text: 'after', truncated: false });
  }, 30_000);

  it('reads one document per owner at a time, owners in turn, and refuses a flood past the per-owner bound', async () => {
    reader = createDocumentReader({ concurrency: 1, perOwner: 3 });
    const r = reader;
    const done: string[] = [];
    const doc = (owner: string, n: number) =>
      r.read(owner, 'text', Buffer.from(`${owner}${n}`)).then(({ text }) => done.push(text));
    const flood = [doc('a', 1), doc('a', 2), doc('a', 3)];
    await expect(r.read('a', 'text', Buffer.from('a4'))).rejects.toEqual(new DocumentRefused('busy'));
    const other = doc('b', 1);
    await Promise.all([...flood, other]);
    // b's one document went right after a's first, not behind a's whole queue.
    expect(done).toEqual(['a1', 'b1', 'a2', 'a3']);
    // Owners whose queues ran dry keep their turns: a, served last, asks first but goes after b.
    done.length = 0;
    const busy = doc('c', 1);
    const again = [doc('a', 4), doc('b', 2)];
    await Promise.all([busy, ...again]);
    expect(done).toEqual(['c1', 'b2', 'a4']);
  }, 30_000);
});
