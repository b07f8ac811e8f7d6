// Bundles src/server/main.ts beside Astro's server entry and copies the SQL
// migrations there, so `node dist/server/main.mjs` needs nothing from src/.
import { cpSync } from 'node:fs';
import { build } from 'esbuild';

// Loaded as its ~450 separate ESM files, drizzle-orm grows the start-up heap
// by ~170 MB that V8 keeps (bench/RESULTS.md); bundled it costs ~12 MB.
const INLINE = new Set(['drizzle-orm']);
const packageName = (spec) =>
  (spec.startsWith('@') ? spec.split('/').slice(0, 2) : spec.split('/').slice(0, 1)).join('/');

await build({
  entryPoints: ['src/server/main.ts'],
  outfile: 'dist/server/main.mjs',
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
cpSync('src/server/db/migrations', 'dist/server/migrations', { recursive: true });
