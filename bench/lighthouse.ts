// Lighthouse (npm `lighthouse`, its CLI in a child process) in Debian's
// chromium, mobile preset (the default), median of 3 runs per page.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { CHROME_FLAGS, CHROME_PATH, ISLAND_PAGES, pageExists, pageUrl, STATIC_PAGES } from './browser';
import type { Row } from './table';

const run = promisify(execFile);
const CLI = createRequire(import.meta.url).resolve('lighthouse/cli/index.js');
const CATEGORIES = ['performance', 'accessibility', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];
type Scores = Record<Category, number> & { weak?: string[] };

interface Report {
  categories: Record<Category, { score: number | null; auditRefs: Array<{ id: string; weight: number }> }>;
  audits: Record<string, { score: number | null; displayValue?: string }>;
  runtimeError?: { message: string };
}

/** The weighted performance audits that cost points, e.g. "largest-contentful-paint 2.8 s". */
function weakAudits(report: Report): string[] {
  return report.categories.performance.auditRefs
    .filter((ref) => ref.weight > 0 && (report.audits[ref.id]?.score ?? 1) < 0.9)
    .map((ref) => `${ref.id} ${report.audits[ref.id]?.displayValue ?? ''}`.trim());
}

/** Lighthouse now and then fails to record a trace (NO_NAVSTART, NO_FCP): such a run is repeated, twice at most. */
async function lighthouseRun(url: string, dir: string, n: number): Promise<Scores> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await lighthouseOnce(url, dir, n);
    } catch (err) {
      if (attempt >= 2 || !/Runtime error|NO_NAVSTART|NO_FCP/.test((err as Error).message)) throw err;
    }
  }
}

async function lighthouseOnce(url: string, dir: string, n: number): Promise<Scores> {
  const out = path.join(dir, `report-${n}.json`);
  await run(
    process.execPath,
    [
      CLI,
      url,
      '--output=json',
      `--output-path=${out}`,
      `--only-categories=${CATEGORIES.join(',')}`,
      `--chrome-flags=${CHROME_FLAGS.join(' ')}`,
      '--quiet',
      // The 404 page rightly answers 404; Lighthouse refuses such a page unless told.
      ...(url.endsWith('/404') ? ['--ignore-status-code'] : []),
    ],
    { env: { ...process.env, CHROME_PATH }, timeout: 180_000, maxBuffer: 16 * 1024 * 1024 },
  );
  const report = JSON.parse(readFileSync(out, 'utf8')) as Report;
  if (report.runtimeError) throw new Error(`lighthouse: ${report.runtimeError.message}`);
  const score = (c: Category) => Math.round((report.categories[c].score ?? 0) * 100);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    seo: score('seo'),
    weak: weakAudits(report),
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

export async function measureLighthouse(base: string, opts: { runs?: number; pages?: string[] } = {}): Promise<Row[]> {
  const runs = opts.runs ?? 3;
  const rows: Row[] = [];
  const dir = mkdtempSync(path.join(tmpdir(), 'miaobi-lh-'));
  try {
    for (const page of [...STATIC_PAGES, ...ISLAND_PAGES]) {
      if (opts.pages && !opts.pages.includes(page)) continue;
      const isStatic = STATIC_PAGES.includes(page);
      const budgets: Scores = { performance: isStatic ? 100 : 95, accessibility: 95, seo: isStatic ? 100 : 0 };
      if (!(await pageExists(base, page))) {
        rows.push({ name: `lighthouse ${page}`, value: 'pending', budget: '', ok: null, note: 'page not built yet' });
        continue;
      }
      // Lighthouse's SEO audit fails any 4xx page by design (http-status-code), so /404 is told, not judged.
      if (page === '/404') budgets.seo = 0;
      const results: Scores[] = [];
      try {
        for (let i = 0; i < runs; i++) results.push(await lighthouseRun(pageUrl(base, page), dir, i));
      } catch (err) {
        const note = (err as Error).message.split('\n').find((l) => /error/i.test(l)) ?? 'failed';
        rows.push({ name: `lighthouse ${page}`, value: 'error', budget: '', ok: false, note: note.slice(0, 160) });
        continue;
      }
      for (const c of CATEGORIES) {
        const value = median(results.map((r) => r[c]));
        const budget = budgets[c];
        rows.push({
          name: `lighthouse ${page} ${c}`,
          value: String(value),
          budget: budget ? `≥ ${budget}` : '',
          ok: budget ? value >= budget : null,
          note: [
            `runs ${results.map((r) => r[c]).join(', ')}`,
            ...(c === 'performance' ? [...new Set(results.flatMap((r) => r.weak ?? []))].slice(0, 3) : []),
            page === '/404' && c === 'seo' ? '404 status' : '',
          ]
            .filter(Boolean)
            .join('; '),
        });
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}
