// Bundles src/server/main.ts beside Astro's server entry and copies the SQL
// migrations there, so `node dist/server/main.mjs` needs nothing from src/.
import { cpSync } from 'node:fs';
import { build } from 'esbuild';

await build({
  entryPoints: ['src/server/main.ts'],
  outfile: 'dist/server/main.mjs',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  packages: 'external',
  sourcemap: 'linked',
  logLevel: 'warning',
});
cpSync('src/server/db/migrations', 'dist/server/migrations', { recursive: true });
