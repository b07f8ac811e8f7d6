/** Yuan text (at most 2 decimals) → integer fen, exactly: no float rounding on money. */
export function yuanToFen(text: string | undefined, name: string): number {
  const m = /^(\d{1,7})(?:\.(\d{1,2}))?$/.exec(text ?? '');
  if (!m) throw new Error(`--${name} must be an amount in yuan, e.g. 29.9`);
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}
