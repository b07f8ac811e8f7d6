// A document's text cut into passages a search can return and an answer can quote
// (docs/knowledge.md#chunking): sentences end at Chinese (and Western) sentence marks, a heading
// starts a new passage and names it, passages are at most `maxChars` long and the next one
// repeats the last sentences of the one before (up to `overlap` characters), so a fact that falls
// on a border is still whole in one of them. PDF text comes with form feeds between pages; a new
// page starts a new passage, which keeps its page number.

export interface Chunk {
  text: string;
  /** 1-based page of a PDF where the passage starts; null for other files. */
  page: number | null;
  heading: string | null;
}

export interface ChunkOptions {
  maxChars: number;
  overlap: number;
}

export const CHUNK_OPTIONS: ChunkOptions = { maxChars: 500, overlap: 80 };

interface Sentence {
  text: string;
  page: number | null;
  /** Starts a paragraph (joined to the one before with a line break). */
  para: boolean;
}

const MARKDOWN_HEADING = /^#{1,6}\s+(.+?)\s*#*$/;
const CHINESE_HEADING = /^(第[一二三四五六七八九十百千零〇\d]+[章节部分篇卷条]|[一二三四五六七八九十]+、)\s*\S/;
const SENTENCE = /[^。！？；!?;…\n]*(?:[。！？；!?;]+|…+)[”’」』）)"']*|[^。！？；!?;…\n]+/g;

function headingOf(line: string): string | null {
  const md = MARKDOWN_HEADING.exec(line);
  if (md?.[1]) return md[1].slice(0, 200);
  if (line.length <= 40 && CHINESE_HEADING.test(line) && !/[。！？；]$/.test(line)) return line;
  return null;
}

/** Cuts a too long sentence into pieces of at most `max` characters (never through a surrogate pair). */
function pieces(text: string, max: number): string[] {
  const chars = Array.from(text);
  const out: string[] = [];
  for (let i = 0; i < chars.length; i += max) out.push(chars.slice(i, i + max).join(''));
  return out;
}

export function chunkText(text: string, options: ChunkOptions = CHUNK_OPTIONS, paged = false): Chunk[] {
  const { maxChars, overlap } = options;
  const chunks: Chunk[] = [];
  let heading: string | null = null;
  let current: Sentence[] = [];
  let fresh = 0; // sentences in `current` not carried over from the passage before
  let length = 0;

  const join = (list: Sentence[]) =>
    list
      .map((s, i) => (i > 0 && s.para ? `\n${s.text}` : s.text))
      .join('')
      .trim();

  const flush = (carry: boolean) => {
    if (fresh > 0) {
      const first = current[current.length - fresh] as Sentence;
      const body = join(current);
      if (body) chunks.push({ text: body, page: first.page, heading });
    }
    if (!carry) {
      current = [];
      length = 0;
      fresh = 0;
      return;
    }
    // The last sentences, up to `overlap` characters, open the next passage.
    const kept: Sentence[] = [];
    let size = 0;
    for (let i = current.length - 1; i >= 0; i--) {
      const s = current[i] as Sentence;
      if (size + s.text.length > overlap) break;
      kept.unshift(s);
      size += s.text.length;
    }
    current = kept;
    length = size;
    fresh = 0;
  };

  const pages = paged ? text.split('\f') : [text];
  pages.forEach((pageText, index) => {
    const page = paged ? index + 1 : null;
    // A passage stays on one page, so the page it cites is where its words are.
    if (index > 0 && fresh > 0) flush(true);
    for (const rawLine of pageText.split('\n')) {
      const line = rawLine.trim();
      if (!line) continue;
      const h = headingOf(line);
      if (h !== null) {
        flush(false);
        heading = h;
        continue;
      }
      let para = true;
      for (const match of line.match(SENTENCE) ?? []) {
        for (const part of pieces(match, maxChars)) {
          if (length + part.length > maxChars && fresh > 0) flush(true);
          // The carried sentences and this one must still fit.
          while (length + part.length > maxChars && current.length > 0) {
            length -= (current.shift() as Sentence).text.length;
          }
          current.push({ text: part, page, para });
          length += part.length;
          fresh++;
          para = false;
        }
      }
    }
  });
  flush(false);
  return chunks;
}
