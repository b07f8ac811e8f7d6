// Bundles src/server/main.ts beside Astro's server entry and copies the SQL
// migrations there, so `node dist/server/main.mjs` needs nothing from src/.
import { cpSync, readdirSync, rmSync } from 'node:fs';
import { build } from 'esbuild';
import { LAZY, LAZY_ON_POSTGRES } from './lazy-modules.mjs';

// Loaded as its ~450 separate ESM files, drizzle-orm grows the start-up heap
// by ~170 MB that V8 keeps (bench/RESULTS.md); bundled it costs ~12 MB.
const INLINE = new Set(['drizzle-orm']);
// The build fails if a lazy library (lazy-modules.mjs) is reachable from main.mjs by static imports.
const packageName = (spec) =>
  (spec.startsWith('@') ? spec.split('/').slice(0, 2) : spec.split('/').slice(0, 1)).join('/');

const OUT = 'dist/server';
// Chunks sit beside main.mjs: code in them finds ./migrations and ./entry.mjs by import.meta.url.
for (const f of readdirSync(OUT))
  if (/^(main|document-worker|video-worker)(-.*)?\.mjs(\.map)?$/.test(f)) rmSync(`${OUT}/${f}`);
const result = await build({
  // The document thread is an entry of its own (providers/documents finds it beside main.mjs):
  // mammoth and unpdf load only there, never in the server's thread.
  // So is the video thread (providers/video/render.ts): h264-mp4-encoder loads only there.
  entryPoints: {
    main: 'src/server/main.ts',
    'document-worker': 'src/server/providers/documents/worker.ts',
    'video-worker': 'src/server/providers/video/worker.ts',
  },
  outdir: OUT,
  outExtension: { '.js': '.mjs' },
  chunkNames: 'main-[hash]',
  // Splitting keeps a dynamic import() of our own module a separate file, so its packages stay unloaded too.
  splitting: true,
  metafile: true,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  sourcemap: 'linked',
  logLevel: 'warning',
  plugins: [
    {
      name: 'external-packages',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          INLINE.has(packageName(args.path)) ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});

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
const eager = eagerPackages(result.metafile.outputs, `${OUT}/main.mjs`);
const wrong = [...LAZY, ...LAZY_ON_POSTGRES].filter((p) => eager.has(p));
if (wrong.length) {
  process.stderr.write(`build-server: ${wrong.join(', ')} must be imported lazily (await import at first use)\n`);
  process.exit(1);
}
cpSync('src/server/db/migrations', `${OUT}/migrations`, { recursive: true });
