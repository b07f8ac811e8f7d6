// What one document may cost to read (docs/validation-and-limits.md). The thread that reads it
// (worker.ts) enforces the counts; its pool (index.ts) enforces the heap, stack and clock.

export interface DocumentLimits {
  /** Characters of text handed back at most; more is cut (truncated). */
  textChars: number;
  /** Bytes the unpacked parts may reach per uploaded byte (zip entries, PDF streams)… */
  ratio: number;
  /** …but a small file may always unpack to this many… */
  floorBytes: number;
  /** …and no file to more than this many. */
  maxBytes: number;
  /** PDF pages. */
  pages: number;
  /** PDF objects, zip entries and XML elements (all parts together). */
  objects: number;
  /** Nesting of XML elements. */
  xmlDepth: number;
  /** Wall-clock time of one reading, thread start included; the thread is terminated past it. */
  ms: number;
  /** The reading thread's V8 heap (old and young generation) and stack. */
  heapMb: number;
  youngMb: number;
  stackMb: number;
}

export const DOCUMENT_LIMITS: DocumentLimits = {
  textChars: 8 * 1024 * 1024,
  ratio: 30,
  floorBytes: 8 * 1024 * 1024,
  maxBytes: 128 * 1024 * 1024,
  pages: 2000,
  objects: 1_000_000,
  xmlDepth: 256,
  ms: 20_000,
  heapMb: 256,
  youngMb: 16,
  stackMb: 4,
};

/** Bytes a file of `size` bytes may unpack to. */
export function unpackBudget(limits: DocumentLimits, size: number): number {
  return Math.min(limits.maxBytes, Math.max(limits.floorBytes, limits.ratio * size));
}

/** Why a document is refused; each has a translated message (chat:attach.<reason>). */
export type DocumentProblem = 'malformed' | 'encrypted' | 'empty' | 'expands' | 'tooComplex' | 'busy';

/** A limit or the format refused the document. */
export class DocumentRefused extends Error {
  constructor(readonly reason: DocumentProblem) {
    super(reason);
  }
}

/** Bytes still allowed to unpack, and objects still allowed to exist: each step takes its share or refuses. */
export class Allowance {
  constructor(
    public bytes: number,
    public objects: number,
  ) {}
  takeBytes(n: number) {
    this.bytes -= n;
    if (this.bytes < 0) throw new DocumentRefused('expands');
  }
  takeObjects(n: number) {
    this.objects -= n;
    if (this.objects < 0) throw new DocumentRefused('tooComplex');
  }
}
