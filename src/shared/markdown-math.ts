import type { TokenizerAndRendererExtension, Tokens } from 'marked';
import { escapeHtml } from './escape-html';

/**
 * TeX in answers, as marked extensions. They only find the formulas and write
 * placeholders: the escaped TeX as the text of an element marked `data-math`
 * (inline or block). The browser turns them into KaTeX (src/lib/markdown-enhance.ts);
 * without it, the source stays readable. Nothing of the TeX becomes markup here.
 *
 * Forms: `$…$` and `\(…\)` inline, `$$…$$` and `\[…\]` as blocks (or inline
 * display math inside a paragraph). A `$` opens only before a non-space and closes
 * only after a non-space and not before a digit, so "$5 and $10" stays text;
 * `\$` is a dollar. No formula spans a blank line or holds a backtick (code spans win).
 */

interface MathToken extends Tokens.Generic {
  type: 'mathBlock' | 'mathInline';
  text: string;
  display: boolean;
}

const BLANK_LINE = /\n[ \t]*\n/;

/** Whole lines: `$$ … $$` or `\[ … \]`, closed by its own delimiter followed only by spaces. */
const BLOCK = [/^ {0,3}\$\$([\s\S]+?)\$\$[ \t]*(?:\n+|$)/, /^ {0,3}\\\[([\s\S]+?)\\\][ \t]*(?:\n+|$)/];
const BLOCK_START = /^ {0,3}(?:\$\$|\\\[)/m;

/** Display math inside a paragraph first (`$$` before `$`), then inline forms. */
const INLINE: Array<{ re: RegExp; display: boolean }> = [
  { re: /^\$\$(?!\$)((?:\\[\s\S]|[^\\$`])+?)\$\$/, display: true },
  { re: /^\\\[((?:\\(?!\])[\s\S]|[^\\`])+?)\\\]/, display: true },
  { re: /^\\\(((?:\\(?!\))[\s\S]|[^\\`])+?)\\\)/, display: false },
  // Pandoc's rule: `$` + non-space … non-space + `$` not followed by a digit.
  { re: /^\$(?![\s$])((?:\\[\s\S]|[^\\$`])*?[^\s\\])\$(?!\d)/, display: false },
  { re: /^\$([^\s\\$`])\$(?!\d)/, display: false },
];
const INLINE_START = /\$|\\[([]/;

function usable(tex: string): boolean {
  return tex.trim().length > 0 && !BLANK_LINE.test(tex);
}

export const mathExtensions: TokenizerAndRendererExtension[] = [
  {
    name: 'mathBlock',
    level: 'block',
    start: (src) => src.match(BLOCK_START)?.index,
    tokenizer(src): MathToken | undefined {
      for (const re of BLOCK) {
        const m = re.exec(src);
        if (m?.[1] !== undefined && usable(m[1])) {
          return { type: 'mathBlock', raw: m[0], text: m[1].trim(), display: true };
        }
      }
      return undefined;
    },
    renderer: (token) => `<div class="md-math" data-math="block">${escapeHtml(token.text)}</div>\n`,
  },
  {
    name: 'mathInline',
    level: 'inline',
    start: (src) => src.match(INLINE_START)?.index,
    tokenizer(src): MathToken | undefined {
      for (const { re, display } of INLINE) {
        const m = re.exec(src);
        if (m?.[1] !== undefined && usable(m[1])) return { type: 'mathInline', raw: m[0], text: m[1].trim(), display };
      }
      return undefined;
    },
    renderer: (token) =>
      `<span class="md-math" data-math="${token.display ? 'display' : 'inline'}">${escapeHtml(token.text)}</span>`,
  },
];
