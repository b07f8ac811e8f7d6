// First-load weight of each budgeted page, measured in Chromium: every script
// and stylesheet the page fetched until the network was idle, plus the inline
// ones in its HTML, each gzipped (level 9 would flatter; Node's default is 6).
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { browserAddress, CHROME_FLAGS, CHROME_PATH, missingBrowser, pageUrl } from './browser';
import { type Seeded, siteBrowserPages } from './routes';
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

/** Every page of the route table a browser loads (bench/routes.ts), budgeted by its kind. */
export async function measureWeights(base: string, seeded: Seeded): Promise<Row[]> {
  const noBrowser = missingBrowser('weight');
  if (noBrowser) return noBrowser;
  const rows: Row[] = [];
  let consoleScripts = 0;
  for (const page of await siteBrowserPages()) {
    const budgetKb = page.kind === 'static' ? 15 : 150;
    const name = `weight ${page.path} JS gzip`;
    const address = await browserAddress(base, page, seeded);
    if ('error' in address) {
      rows.push({ name, value: 'not measured', budget: `≤ ${budgetKb} KB`, ok: false, note: address.error });
      continue;
    }
    const w = await weigh(base, address.path);
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
