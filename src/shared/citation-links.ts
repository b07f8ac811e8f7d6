/**
 * An answer's `[n]` markers as Markdown links to its sources (docs/chat.md#sources), before the
 * Markdown renderer runs: the chat and the shared page both render answers this way. Only numbers
 * the answer was given become links; code (fenced or inline) and existing links are left as written.
 */
export function linkCitations(text: string, known: ReadonlySet<number>, anchor: (n: number) => string): string {
  if (known.size === 0) return text;
  // Odd pieces are code: ``` fences (to their end, or the text's end while streaming) and `inline` spans.
  return text
    .split(/(```[\s\S]*?(?:```|$)|`[^`\n]*`)/)
    .map((piece, i) =>
      i % 2 === 1
        ? piece
        : piece.replace(/(?<!\\)\[(\d{1,2})\](?![(:])/g, (whole, digits: string) => {
            const n = Number(digits);
            return known.has(n) ? `[&#91;${n}&#93;](#${anchor(n)})` : whole;
          }),
    )
    .join('');
}

/** The id of one source's entry under an answer. */
export const citationAnchor = (messageId: string, n: number) => `cite-${messageId.replace(/[^\w-]/g, '')}-${n}`;

/** A web source's address as a link may use it: http(s) only (a synced message is the browser's word). */
export const citationHref = (url: string | undefined): string | undefined =>
  url && /^https?:\/\//i.test(url.trim()) ? url.trim() : undefined;
