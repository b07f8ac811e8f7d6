import { type Allowance, DocumentRefused } from './limits';
import { decodeChain } from './pdf-filters';

// Before pdf.js sees a PDF, every stream in it is unpacked here once, through its whole filter
// chain and within the allowance: pdf.js holds a stream's unpacked bytes in ArrayBuffers, which a
// thread's heap limit does not bound. Streams are found by their keyword in the raw bytes, not
// through the cross-reference table, so a stream pdf.js finds in a damaged file is counted too.

/** A dictionary's tokens: names (with #xx escapes decoded), brackets and other words. */
function tokens(dict: string): string[] {
  const out: string[] = [];
  let i = 0;
  while (i < dict.length) {
    const c = dict[i] as string;
    if (/\s/.test(c)) i++;
    else if (c === '%') {
      const eol = dict.slice(i).search(/[\r\n]/);
      i = eol < 0 ? dict.length : i + eol;
    } else if (c === '(') {
      let depth = 0;
      for (; i < dict.length; i++) {
        const s = dict[i];
        if (s === '\\') i++;
        else if (s === '(') depth++;
        else if (s === ')' && --depth === 0) break;
      }
      i++;
      out.push('()');
    } else if (dict.startsWith('<<', i) || dict.startsWith('>>', i)) {
      out.push(dict.slice(i, i + 2));
      i += 2;
    } else if (c === '<') {
      const end = dict.indexOf('>', i);
      i = end < 0 ? dict.length : end + 1;
      out.push('<>');
    } else if (c === '[' || c === ']') {
      out.push(c);
      i++;
    } else {
      const m = /^\/?[^\s/<>[\]()%{}]*/.exec(dict.slice(i, i + 256)) as RegExpExecArray;
      const word = m[0] || c;
      i += word.length;
      out.push(
        word.startsWith('/') ? word.replace(/#([0-9a-f]{2})/gi, (_, h) => String.fromCharCode(parseInt(h, 16))) : word,
      );
    }
  }
  return out;
}

/** The stream's filters and LZW's EarlyChange; one /Filter key only, naming its filters directly. */
function filtersOf(dict: string): { filters: string[]; earlyChange: number } {
  const t = tokens(dict);
  const filters: string[] = [];
  let keys = 0;
  t.forEach((token, i) => {
    if (token !== '/Filter') return;
    if (++keys > 1) throw new DocumentRefused('malformed');
    const value = t[i + 1] ?? '';
    if (value.startsWith('/')) filters.push(value.slice(1));
    else if (value === '[') {
      for (let k = i + 2; t[k] !== ']'; k++) {
        const name = t[k];
        if (name === undefined || !name.startsWith('/')) throw new DocumentRefused('malformed');
        filters.push(name.slice(1));
      }
    } else throw new DocumentRefused('malformed'); // an indirect /Filter: not counted, so not read
  });
  const change = t.indexOf('/EarlyChange');
  return { filters, earlyChange: change >= 0 && t[change + 1] === '0' ? 0 : 1 };
}

/**
 * Refuses a PDF that would unpack past the allowance, hold more objects than it allows, or is
 * encrypted (its streams cannot be counted without the key). Throws DocumentRefused.
 */
export function checkPdf(pdf: Buffer, allowance: Allowance) {
  const text = pdf.toString('latin1');
  if (/\/Encrypt[\s/<\d]/.test(text)) throw new DocumentRefused('encrypted');
  let objects = 0;
  for (const m of text.matchAll(/\d+\s+\d+\s+obj\b/g)) if (m) objects++;
  for (const m of text.matchAll(/\/N\s+(\d+)/g)) objects += Number(m[1]);
  allowance.takeObjects(objects);

  // The keyword as pdf.js's lexer reads it: a whole token (so not `endstream`), after a dictionary.
  const keyword = /(?<=[\s>\])]|^)stream(?=[\s%<>[\]()/{}]|$)/g;
  for (let m = keyword.exec(text); m; m = keyword.exec(text)) {
    const at = m.index;
    // Its dictionary lies between its object's number (`obj`) and the keyword.
    const obj = text.lastIndexOf('obj', at);
    const dict = text.slice(obj >= 0 && at - obj < 65_536 ? obj + 3 : Math.max(0, at - 65_536), at);
    if (!dict.includes('/')) continue;
    const { filters, earlyChange } = filtersOf(dict);
    if (filters.length === 0) continue;
    // The data begins after the line break that follows the keyword.
    const eol = text.slice(at + 6, at + 6 + 256).search(/\r\n|\r|\n/);
    if (eol < 0) continue;
    const start = at + 6 + eol + (text.startsWith('\r\n', at + 6 + eol) ? 2 : 1);
    const end = text.indexOf('endstream', start);
    decodeChain(pdf.subarray(start), pdf.subarray(start, end < 0 ? pdf.length : end), filters, allowance, earlyChange);
  }
}
