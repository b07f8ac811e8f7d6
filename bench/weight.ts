// First-load weight of each budgeted page, measured in Chromium: every script
// and stylesheet the page fetched until the network was idle, plus the inline
// ones in its HTML, each gzipped (level 9 would flatter; Node's default is 6).
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { CHROME_FLAGS, CHROME_PATH, ISLAND_PAGES, pageExists, pageUrl, STATIC_PAGES } from './browser';
import type { Row } from './table';

const KB = 1024;

interface Weight {
  js: number;
  css: number;
  files: number;
  /** Scripts that carry console code: its texts (the 'admin' namespace) or its chart library (uPlot). */
  consoleScripts: number;
}

/** Console islands read every text through the 'admin' i18n namespace, and only they load uPlot. */
const CONSOLE_CODE = /["'`]admin:[a-z]|\buplot\b/i;

async function weigh(base: string, page: string): Promise<Weight> {
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_FLAGS });
  try {
    const context = await browser.newContext({ serviceWorkers: 'block' });
    const tab = await context.newPage();
    const bodies: Array<Promise<{ kind: 'js' | 'css'; body: Buffer }>> = [];
    tab.on('response', (res) => {
      const type = res.request().resourceType();
      if (type === 'script' || type === 'stylesheet') {
        bodies.push(res.body().then((body) => ({ kind: type === 'script' ? 'js' : 'css', body })));
      }
    });
    await tab.goto(pageUrl(base, page), { waitUntil: 'networkidle' });
    const inline = await tab.evaluate(() => ({
      js: [...document.querySelectorAll('script:not([src])')]
        .filter((s) => ['', 'module', 'text/javascript'].includes(s.getAttribute('type') ?? ''))
        .map((s) => s.textContent ?? ''),
      css: [...document.querySelectorAll('style')].map((s) => s.textContent ?? ''),
    }));
    const all = await Promise.all(bodies);
    const size = (kind: 'js' | 'css') =>
      all.filter((b) => b.kind === kind).reduce((sum, b) => sum + gzipSync(b.body).length, 0) +
      inline[kind].reduce((sum, text) => sum + (text ? gzipSync(text).length : 0), 0);
    const consoleScripts = all.filter((b) => b.kind === 'js' && CONSOLE_CODE.test(b.body.toString('utf8'))).length;
    return { js: size('js'), css: size('css'), files: all.length, consoleScripts };
  } finally {
    await browser.close();
  }
}

export async function measureWeights(base: string): Promise<Row[]> {
  const rows: Row[] = [];
  let consoleScripts = 0;
  for (const page of [...STATIC_PAGES, ...ISLAND_PAGES]) {
    const budgetKb = STATIC_PAGES.includes(page) ? 15 : 150;
    const name = `weight ${page} JS gzip`;
    if (!(await pageExists(base, page))) {
      rows.push({ name, value: 'pending', budget: `≤ ${budgetKb} KB`, ok: null, note: 'page not built yet' });
      continue;
    }
    const w = await weigh(base, page);
    consoleScripts += w.consoleScripts;
    rows.push({
      name,
      value: `${(w.js / KB).toFixed(1)} KB`,
      budget: `≤ ${budgetKb} KB`,
      ok: w.js <= budgetKb * KB,
      note: `CSS ${(w.css / KB).toFixed(1)} KB, ${w.files} files`,
    });
  }
  rows.push({
    name: 'console code in public pages',
    value: `${consoleScripts} scripts`,
    budget: '0',
    ok: consoleScripts === 0,
    note: "scripts with 'admin:' texts or uPlot among the pages above",
  });
  return rows;
}
