// The bench measures its own production build, made in a private copy of the
// work tree, so it never touches the dist/ that a running dev or test uses.
// The floor it is judged against is a separate bare project (bench/bare.ts).
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const SKIP = new Set(['node_modules', 'dist', '.git', 'test-results', 'playwright-report', 'data', '.astro']);

/** Copies the tree to a temp dir and builds it there; returns the copy's root. */
export function prepareBuild(source: string, opts: { reuse?: boolean } = {}): string {
  const root = path.join(tmpdir(), 'miaobi-bench-build');
  if (opts.reuse && existsSync(path.join(root, 'dist/server/main.mjs'))) return root;
  rmSync(root, { recursive: true, force: true });
  mkdirSync(root, { recursive: true });
  cpSync(source, root, {
    recursive: true,
    filter: (src) => !SKIP.has(path.basename(src)) || path.dirname(src) !== source,
  });
  symlinkSync(path.join(source, 'node_modules'), path.join(root, 'node_modules'), 'dir');
  process.stderr.write(`building in ${root} …\n`);
  execFileSync('npm', ['run', 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  return root;
}
