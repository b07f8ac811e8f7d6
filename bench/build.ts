// The bench measures its own production build, made in a private copy of the
// work tree, so it never touches the dist/ that a running dev or test uses.
// The copy gets one extra page: a bare Astro SSR page, the load reference.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const BARE_PATH = '/bench-bare';

const BARE_PAGE = `---
export const prerender = false;
const now = new Date().toISOString();
---
<html lang="en">
  <head><meta charset="utf-8" /><title>bare</title></head>
  <body><p>{now}</p></body>
</html>
`;

const SKIP = new Set(['node_modules', 'dist', '.git', 'test-results', 'playwright-report', 'data', '.astro']);

/** Copies the tree to a temp dir, adds the reference page, builds; returns the copy's root. */
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
  writeFileSync(path.join(root, `src/pages${BARE_PATH}.astro`), BARE_PAGE);
  process.stderr.write(`building in ${root} …\n`);
  execFileSync('npm', ['run', 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  return root;
}
