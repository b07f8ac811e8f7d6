// Lighthouse (npm `lighthouse`, its CLI in a child process) in Debian's
// chromium, mobile preset (the default), in interleaved rounds: each round
// measures the bare Astro project's two pages and then each of ours, so a
// slow moment of the shared host hits the floor and our pages alike. Every
// budget is a same-run ratio to the matching bare page (bench/floor.ts).
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { BARE_ISLAND, BARE_STATIC } from './bare';
import { browserAddress, CHROME_FLAGS, CHROME_PATH, missingBrowser, pageUrl } from './browser';
import { judgeLighthouse, type LighthouseFigures, lcpRatio, median, type PageKind, spread, tbtBudgetMs } from './floor';
import { type BrowserPage, type Seeded, siteBrowserPages } from './routes';
import type { Row } from './table';

const run = promisify(execFile);
const CLI = createRequire(import.meta.url).resolve('lighthouse/cli/index.js');
const CATEGORIES = ['performance', 'accessibility', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];

interface Audit {
  score: number | null;
  displayValue?: string;
  numericValue?: number;
  details?: { items?: Array<Record<string, unknown>> };
}
interface Report {
  categories: Record<Category, { score: number | null; auditRefs: Array<{ id: string; weight: number }> }>;
  audits: Record<string, Audit>;
  runtimeError?: { message: string };
}

interface Figures extends LighthouseFigures {
  accessibility: number;
  seo: number;
  weak: string[];
}

/** Audits dumped by --details: where the main thread's time goes. */
const DETAIL_AUDITS = [
  'mainthread-work-breakdown',
  'bootup-time',
  'dom-size',
  'long-tasks',
  'largest-contentful-paint-element',
  'total-blocking-time',
  'largest-contentful-paint',
];

/** The weighted performance audits that cost points, e.g. "largest-contentful-paint 2.8 s". */
function weakAudits(report: Report): string[] {
  return report.categories.performance.auditRefs
    .filter((ref) => ref.weight > 0 && (report.audits[ref.id]?.score ?? 1) < 0.9)
    .map((ref) => `${ref.id} ${report.audits[ref.id]?.displayValue ?? ''}`.trim());
}

/** Lighthouse now and then fails to record a trace (NO_NAVSTART, NO_FCP): such a run is repeated, twice at most. */
async function lighthouseRun(url: string, status: number, out: string, details?: string): Promise<Figures> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await lighthouseOnce(url, status, out, details);
    } catch (err) {
      if (attempt >= 2 || !/Runtime error|NO_NAVSTART|NO_FCP/.test((err as Error).message)) throw err;
    }
  }
}

async function lighthouseOnce(url: string, status: number, out: string, details?: string): Promise<Figures> {
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
      // The error pages rightly answer their status; Lighthouse refuses such a page unless told.
      ...(status !== 200 ? ['--ignore-status-code'] : []),
    ],
    { env: { ...process.env, CHROME_PATH }, timeout: 180_000, maxBuffer: 16 * 1024 * 1024 },
  );
  const report = JSON.parse(readFileSync(out, 'utf8')) as Report;
  if (report.runtimeError) throw new Error(`lighthouse: ${report.runtimeError.message}`);
  if (details) {
    const picked = Object.fromEntries(DETAIL_AUDITS.map((id) => [id, report.audits[id]]));
    writeFileSync(details, JSON.stringify(picked, null, 1));
  }
  const score = (c: Category) => Math.round((report.categories[c].score ?? 0) * 100);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    seo: score('seo'),
    tbtMs: report.audits['total-blocking-time']?.numericValue ?? Number.NaN,
    lcpMs: report.audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
    weak: weakAudits(report),
  };
}

interface Target {
  label: string;
  url: string;
  kind: PageKind;
  bare: boolean;
  page: string;
  status: number;
}

const summary = (runs: Figures[]) => ({
  performance: median(runs.map((r) => r.performance)),
  tbtMs: median(runs.map((r) => r.tbtMs)),
  lcpMs: median(runs.map((r) => r.lcpMs)),
  accessibility: median(runs.map((r) => r.accessibility)),
  seo: median(runs.map((r) => r.seo)),
});

const slug = (page: string) => page.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'root';

export interface LighthouseOptions {
  rounds?: number;
  /** The pages to measure: every page a browser loads (bench/routes.ts) unless given. */
  pages?: readonly BrowserPage[];
  /** The seeded ids the pages that show a picture or a share need. */
  seeded?: Seeded;
  /** A directory: each run's main-thread breakdown, boot-up time, DOM size and long tasks as JSON. */
  details?: string;
}

export async function measureLighthouse(base: string, bareBase: string, opts: LighthouseOptions = {}): Promise<Row[]> {
  const noBrowser = missingBrowser('lighthouse');
  if (noBrowser) return noBrowser;
  const rounds = opts.rounds ?? 5;
  const rows: Row[] = [];
  const dir = mkdtempSync(path.join(tmpdir(), 'miaobi-lh-'));
  if (opts.details) mkdirSync(opts.details, { recursive: true });
  const targets: Target[] = [
    { label: 'bare static', url: bareBase + BARE_STATIC, kind: 'static', bare: true, page: 'bare-static', status: 200 },
    { label: 'bare island', url: bareBase + BARE_ISLAND, kind: 'island', bare: true, page: 'bare-island', status: 200 },
  ];
  // Every page of the route table a browser loads (bench/routes.ts): none is left out by hand.
  for (const page of opts.pages ?? (await siteBrowserPages())) {
    const address = await browserAddress(base, page, opts.seeded ?? { picture: null, share: null });
    if ('error' in address) {
      rows.push({ name: `lighthouse ${page.path}`, value: 'not measured', budget: '', ok: false, note: address.error });
      continue;
    }
    const { path: at } = address;
    targets.push({ label: at, url: pageUrl(base, at), kind: page.kind, bare: false, page: at, status: page.status });
  }
  const runs = new Map<Target, Figures[]>(targets.map((t) => [t, []]));
  const failed = new Map<Target, string>();
  try {
    for (let round = 0; round < rounds; round++) {
      process.stderr.write(`lighthouse round ${round + 1}/${rounds}\n`);
      for (const t of targets) {
        if (failed.has(t)) continue;
        const details = opts.details ? path.join(opts.details, `${slug(t.page)}-${round + 1}.json`) : undefined;
        try {
          runs.get(t)?.push(await lighthouseRun(t.url, t.status, path.join(dir, 'report.json'), details));
        } catch (err) {
          const note = (err as Error).message.split('\n').find((l) => /error/i.test(l)) ?? 'failed';
          failed.set(t, note.slice(0, 160));
        }
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const bareOf = (kind: PageKind) => targets.find((t) => t.bare && t.kind === kind) as Target;
  for (const t of targets) {
    const error = failed.get(t);
    if (error) {
      rows.push({ name: `lighthouse ${t.label}`, value: 'error', budget: '', ok: false, note: error });
      continue;
    }
    const mine = runs.get(t) ?? [];
    const m = summary(mine);
    const ms = (v: number) => `${v.toFixed(0)} ms`;
    const spreads = `perf ${spread(mine.map((r) => r.performance))}, TBT ${spread(mine.map((r) => r.tbtMs))} ms, LCP ${spread(mine.map((r) => r.lcpMs))} ms`;
    if (t.bare) {
      rows.push({
        name: `lighthouse ${t.label} (floor)`,
        value: `${m.performance}, TBT ${ms(m.tbtMs)}, LCP ${ms(m.lcpMs)}`,
        budget: '',
        ok: null,
        note: `${rounds} rounds: ${spreads}`,
      });
      continue;
    }
    const b = summary(runs.get(bareOf(t.kind)) ?? []);
    const verdict = judgeLighthouse(t.kind, m, b);
    rows.push({
      name: `lighthouse ${t.label}`,
      value: `${m.performance}, TBT ${ms(m.tbtMs)}, LCP ${ms(m.lcpMs)} (${lcpRatio(m.lcpMs, b.lcpMs).toFixed(1)}× bare)`,
      budget: `perf ≥ ${b.performance - 3}, TBT ≤ ${ms(tbtBudgetMs(t.kind, b.tbtMs))}`,
      ok: verdict.ok,
      note: [
        `bare ${t.kind}: ${b.performance}, TBT ${ms(b.tbtMs)}, LCP ${ms(b.lcpMs)}`,
        `${rounds} rounds: ${spreads}`,
        verdict.misses.length ? `missed ${verdict.misses.join(', ')}` : '',
        ...[...new Set(mine.flatMap((r) => r.weak))].slice(0, 2),
      ]
        .filter(Boolean)
        .join('; '),
    });
    // Accessibility stays an absolute budget; SEO on the static pages (Lighthouse fails any 4xx page: /404 is told).
    const seoBudget = t.kind === 'static' && t.status === 200 ? 100 : 0;
    for (const [c, budget] of [
      ['accessibility', 95],
      ['seo', seoBudget],
    ] as const) {
      rows.push({
        name: `lighthouse ${t.label} ${c}`,
        value: String(m[c]),
        budget: budget ? `≥ ${budget}` : '',
        ok: budget ? m[c] >= budget : null,
        note: `runs ${mine.map((r) => r[c]).join(', ')}`,
      });
    }
  }
  return rows;
}
