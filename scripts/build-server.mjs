// Bundles src/server/main.ts beside Astro's server entry and copies the SQL
// migrations there, so `node dist/server/main.mjs` needs nothing from src/.
import { readdirSync, rmSync } from 'node:fs';
import { LAZY, LAZY_ON_POSTGRES } from './lazy-modules.mjs';
import { bundleServer, packageName } from './server-bundle.mjs';

const OUT = 'dist/server';
// Chunks sit beside main.mjs: code in them finds ./migrations and ./entry.mjs by import.meta.url.
for (const f of readdirSync(OUT))
  if (/^(main|document-worker|video-worker)(-.*)?\.mjs(\.map)?$/.test(f)) rmSync(`${OUT}/${f}`);
const metafile = await bundleServer({ main: 'src/server/main.ts' }, OUT);

/** Packages that main.mjs loads at start: reachable through static imports only. */
function eagerPackages(outputs, entry) {
  const seen = new Set();
  const packages = new Set();
  const visit = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const imp of outputs[file]?.imports ?? []) {
      if (imp.kind !== 'import-statement') continue;
      if (imp.external) packages.add(packageName(imp.path));
      else visit(imp.path);
    }
  };
  visit(entry);
  return packages;
}
// The build fails if a lazy library (lazy-modules.mjs) is reachable from main.mjs by static imports.
const eager = eagerPackages(metafile.outputs, `${OUT}/main.mjs`);
const wrong = [...LAZY, ...LAZY_ON_POSTGRES].filter((p) => eager.has(p));
if (wrong.length) {
  process.stderr.write(`build-server: ${wrong.join(', ')} must be imported lazily (await import at first use)\n`);
  process.exit(1);
}
