// Each HTML page rendered with the page cache bypassed (bench/load.ts's
// BYPASS_COOKIE), one request at a time: the median of the server's own time
// until the page's head (its `Server-Timing: app;dur=…`, src/server/http.ts),
// which the neighbours' load on a shared host hardly moves, and the HTML's
// size before compression, once every page has been rendered WARM_RENDERS times. Budgets: bench/floor.ts (judgeRender).
import { judgeRender, MAX_ISLAND_PAGE_KB, MAX_RENDER_MS, median } from './floor';
import { BYPASS_COOKIE } from './load';
import { type BrowserPage, fillPath, type Seeded, siteBrowserPages } from './routes';
import type { Row } from './table';

/** Renders of each page, uncounted, before the first is measured. */
const WARM_RENDERS = 20;

const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd', accept: 'text/html', cookie: BYPASS_COOKIE };

/** The server time a response states (`app;dur=`), in ms; NaN when it states none. */
export function serverTimeMs(header: string | null): number {
  const m = /(?:^|,)\s*app;dur=([\d.]+)/.exec(header ?? '');
  return m ? Number(m[1]) : Number.NaN;
}

export async function measureRender(
  base: string,
  seeded: Seeded,
  opts: { requests?: number; pages?: readonly BrowserPage[] } = {},
): Promise<Row[]> {
  const requests = opts.requests ?? 40;
  const pages = (opts.pages ?? (await siteBrowserPages())).map((page) => ({ page, path: fillPath(page, seeded) }));
  // One uncounted round first, WARM_RENDERS of each page: the layout's code, which every page runs,
  // reaches the speed the server keeps only after some hundreds of renders, and each page fills what
  // it keeps (settings, the square's pages). Measured after five renders of its own on a fresh server,
  // the first pages took up to twice their steady time.
  for (const { path } of pages) {
    if (!path) continue;
    for (let i = 0; i < WARM_RENDERS; i++)
      await (await fetch(base + path, { headers: BROWSER, redirect: 'manual' })).arrayBuffer();
  }
  const rows: Row[] = [];
  for (const { page, path } of pages) {
    const name = `render ${page.path}`;
    if (!path) {
      rows.push({ name, value: 'not measured', budget: '', ok: false, note: 'its data was not seeded' });
      continue;
    }
    const plain = await fetch(base + path, { headers: { cookie: BYPASS_COOKIE }, redirect: 'manual' });
    const kb = Buffer.byteLength(await plain.text()) / 1024;
    if (plain.status !== page.status) {
      rows.push({ name, value: 'not measured', budget: '', ok: false, note: `answers ${plain.status}` });
      continue;
    }
    const times: number[] = [];
    for (let i = 0; i < requests; i++) {
      const res = await fetch(base + path, { headers: BROWSER, redirect: 'manual' });
      await res.arrayBuffer();
      times.push(serverTimeMs(res.headers.get('server-timing')));
    }
    const medianMs = median(times);
    const verdict = judgeRender(page.kind, { medianMs, kb });
    rows.push({
      name,
      value: `${medianMs.toFixed(2)} ms, ${kb.toFixed(1)} KB`,
      budget: page.kind === 'island' ? `≤ ${MAX_RENDER_MS} ms, ≤ ${MAX_ISLAND_PAGE_KB} KB` : `≤ ${MAX_RENDER_MS} ms`,
      ok: verdict.ok,
      note: `${page.kind} page; median of ${requests} uncached renders, one at a time${verdict.ok ? '' : `; missed: ${verdict.misses.join(', ')}`}`,
    });
  }
  return rows;
}
