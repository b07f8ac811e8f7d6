/**
 * How an answer's sources travel to the model (docs/chat.md#sources): each numbered passage in a
 * `<source n="1" title="…">` block of one system message, after the instruction to cite by number.
 * Models read the blocks; the offline responder reads them back from here to quote them.
 */

export interface SourceBlock {
  n: number;
  title: string;
  /** Where it came from, as the model may name it: a file's page, or a web page's site. */
  where?: string;
  text: string;
}

const attr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
const unattr = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
// A passage never closes its own block early.
const body = (s: string) => s.replace(/<\/source>/gi, '</ source>');

export function sourceBlock(s: SourceBlock): string {
  const where = s.where ? ` where="${attr(s.where)}"` : '';
  return `<source n="${s.n}" title="${attr(s.title)}"${where}>\n${body(s.text)}\n</source>`;
}

const TAG = /<source n="(\d+)" title="([^"]*)"(?: where="([^"]*)")?>\n([\s\S]*?)\n<\/source>/g;

/** The source blocks in a message's text, in order. */
export function readSourceBlocks(text: string): SourceBlock[] {
  return [...text.matchAll(TAG)].map((m) => ({
    n: Number(m[1]),
    title: unattr(m[2] ?? ''),
    ...(m[3] ? { where: unattr(m[3]) } : {}),
    text: m[4] ?? '',
  }));
}
