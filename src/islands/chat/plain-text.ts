import { Lexer, type Token } from 'marked';

type Cell = { tokens: Token[] };
type Node = Token & { tokens?: Token[]; items?: Token[]; header?: Cell[]; rows?: Cell[][] };

function walk(tokens: Token[], out: string[]) {
  for (const t of tokens as Node[]) {
    if (t.type === 'space' || t.type === 'hr' || t.type === 'br') out.push(' ');
    else if (t.type === 'list') walk(t.items ?? [], out);
    else if (t.type === 'table')
      for (const cell of [...(t.header ?? []), ...(t.rows ?? []).flat()]) {
        walk(cell.tokens, out);
        out.push(' ');
      }
    else if (t.tokens?.length) walk(t.tokens, out);
    else if ('text' in t && typeof t.text === 'string') out.push(t.text);
    // Blocks end a phrase: keep words of two blocks apart.
    if (t.type !== 'text' && t.type !== 'codespan' && t.type !== 'strong' && t.type !== 'em') out.push(' ');
  }
}

/** The words of a Markdown answer without its marks (> ** ### ``` …), on one line, for previews. */
export function plainText(markdown: string): string {
  const out: string[] = [];
  walk(Lexer.lex(markdown), out);
  return out
    .join('')
    .replace(
      /&(amp|lt|gt|quot|#39);/g,
      (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[e] ?? _,
    )
    .replace(/\s+/g, ' ')
    .trim();
}
