/** Channel prices: typed in yuan in the console, stored in micro-yuan (1 yuan = 1 000 000), see docs/channels.md. */
const YUAN_TEXT = /^\d{1,4}(\.\d{1,6})?$/;
export const MAX_MICROS = 1_000_000_000;

/** Micro-yuan from a yuan text such as "0.0025"; null when it is not a price (six decimals at most, ≤ 1000). */
export function yuanToMicros(text: string): number | null {
  const s = text.trim() === '' ? '0' : text.trim();
  if (!YUAN_TEXT.test(s)) return null;
  const [whole = '0', fraction = ''] = s.split('.');
  const micros = Number(whole) * 1_000_000 + Number(fraction.padEnd(6, '0'));
  return micros <= MAX_MICROS ? micros : null;
}

/** The yuan text of a micro-yuan amount, without trailing zeros ("0.0025", "3"). */
export function microsToYuan(micros: number): string {
  const whole = Math.floor(micros / 1_000_000);
  const fraction = String(micros % 1_000_000)
    .padStart(6, '0')
    .replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : String(whole);
}
