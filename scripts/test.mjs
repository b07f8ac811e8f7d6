// `npm test`: every check of the README, as CI runs it, in the least wall time two cores allow.
// The typecheck (astro check on .astro files, then TypeScript 7 on the rest: ~40 s) runs beside lint
// and the unit tests instead of before them, and the build after it (both write .astro/), while the API
// suite begins: its first 15-25 s are its global setup (a bundle, PostgreSQL's and PGlite's initdb), not
// tests. Nothing runs beside the browser suite or the rest of the API suite: their timers must not race a
// busy CPU. Tried the other way round (the API suite right after lint, the unit tests with the typecheck and
// build beside it): the API stage took 623 s instead of 526 and the first step ended ~45 s later. Each
// stage's time is printed at the end.
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, statfsSync } from 'node:fs';

const STAGES = {
  typecheck: 'typecheck',
  lint: 'lint',
  unit: 'test:unit',
  api: 'test:api',
  build: 'build',
  e2e: 'test:e2e',
};

/** Runs in order; the inner arrays run at once, each branch in order. */
const PLAN = [
  [
    ['lint', 'unit', 'api'],
    ['typecheck', 'build'],
  ],
  'e2e',
];
// `node scripts/test.mjs lint unit` runs only the stages named, still in this plan.
const only = process.argv.slice(2);
for (const name of only) if (!(name in STAGES)) throw new Error(`no stage ${name}: ${Object.keys(STAGES).join(', ')}`);
const wanted = (stage) => only.length === 0 || only.includes(stage);

/**
 * Throwaway files go to memory when the machine has a tmpfs at /dev/shm with room to spare: every API
 * test file's database (a copied PGlite of 43 MB in 1,400 files: ~0.3 s on ext4, ~0.07 s there), the
 * PostgreSQL cluster (CREATE DATABASE from the template: ~0.33 s against ~0.05 s), the browsers' profiles
 * and the servers the browser tests start. A TMPDIR the caller set is kept.
 */
function scratchDir() {
  if (process.env.TMPDIR || process.platform !== 'linux') return undefined;
  try {
    const { bavail, bsize } = statfsSync('/dev/shm');
    if (bavail * bsize < 4 * 1024 ** 3) return undefined;
    const dir = mkdtempSync('/dev/shm/miaobi-test-');
    // Like /tmp: the PostgreSQL cluster's files belong to the postgres user when the tests run as root.
    chmodSync(dir, 0o1777);
    return dir;
  } catch {
    return undefined;
  }
}
const scratch = scratchDir();
const env = scratch ? { ...process.env, TMPDIR: scratch } : process.env;
if (scratch) console.log(`Temporary files: ${scratch} (memory)`);

const times = [];
const running = new Set();

/** One npm script; a stage run beside others keeps its output until it ends, so logs stay readable. */
function run(stage, buffered) {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', STAGES[stage]], {
      env,
      stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    running.add(child);
    const out = [];
    child.stdout?.on('data', (d) => out.push(d));
    child.stderr?.on('data', (d) => out.push(d));
    child.on('error', reject);
    child.on('close', (code, signal) => {
      running.delete(child);
      const seconds = (Date.now() - started) / 1000;
      times.push({ stage, seconds, ok: code === 0 });
      if (buffered) process.stdout.write(`\n── ${stage} ──\n${Buffer.concat(out).toString()}`);
      console.log(`── ${stage}: ${code === 0 ? 'passed' : `failed (${signal ?? code})`} in ${seconds.toFixed(1)} s`);
      if (code === 0) resolve();
      else reject(new Error(`${stage} failed`));
    });
  });
}

async function branch(stages, buffered) {
  for (const stage of stages) if (wanted(stage)) await run(stage, buffered);
}

const started = Date.now();
let failed = false;
try {
  for (const step of PLAN) {
    if (typeof step === 'string') await branch([step], false);
    // The first branch streams its output; the others print theirs when done.
    else await Promise.all(step.map((stages, i) => branch(stages, i > 0)));
  }
} catch (err) {
  failed = true;
  console.error(`\n${err.message}`);
  for (const child of running) child.kill('SIGTERM');
}
if (scratch) rmSync(scratch, { recursive: true, force: true });
console.log('\nStage times:');
for (const { stage, seconds, ok } of times)
  console.log(`  ${stage.padEnd(10)} ${seconds.toFixed(1).padStart(7)} s${ok ? '' : '  FAILED'}`);
console.log(`  ${'total'.padEnd(10)} ${((Date.now() - started) / 1000).toFixed(1).padStart(7)} s`);
process.exit(failed ? 1 : 0);
