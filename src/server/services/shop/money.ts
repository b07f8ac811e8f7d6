import { YUAN_PATTERN } from '../../../shared/shop';

export { YUAN_PATTERN };

/** Yuan text → integer fen, exactly (no float rounding on money); null when it is not an amount. */
export function parseYuan(text: string | undefined): number | null {
  const m = YUAN_PATTERN.exec(text ?? '');
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/** The same for the command line: a bad amount is an error naming the option. */
export function yuanToFen(text: string | undefined, name: string): number {
  const fen = parseYuan(text);
  if (fen === null) throw new Error(`--${name} must be an amount in yuan, e.g. 29.9`);
  return fen;
}
