/** Page numbers to show: first, last, and two either side of the current one, with gaps as null. */
export function pageWindow(page: number, pages: number): (number | null)[] {
  const shown = new Set([1, pages, page - 2, page - 1, page, page + 1, page + 2].filter((p) => p >= 1 && p <= pages));
  const sorted = [...shown].sort((a, b) => a - b);
  const out: (number | null)[] = [];
  for (const p of sorted) {
    const last = out[out.length - 1];
    if (typeof last === 'number' && p - last > 1) out.push(null);
    out.push(p);
  }
  return out;
}
