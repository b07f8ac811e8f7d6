// The server as esbuild bundles it: for dist/ (build-server.mjs) and for the server and command processes
// the API suite starts (tests/api/global-setup.ts), which would otherwise spend ~3 s of CPU each loading
// the source through tsx.
import { cpSync } from 'node:fs';
import { build } from 'esbuild';

// Loaded as its ~450 separate ESM files, drizzle-orm grows the start-up heap
// by ~170 MB that V8 keeps (bench/RESULTS.md); bundled it costs ~12 MB.
const INLINE = new Set(['drizzle-orm']);

export const packageName = (spec) =>
  (spec.startsWith('@') ? spec.split('/').slice(0, 2) : spec.split('/').slice(0, 1)).join('/');

/**
 * Bundles `entryPoints` (name → source file) into `outdir` beside the document and video threads' entries
 * (providers/documents and providers/video find them beside the code that starts them) and the SQL
 * migrations (db/client.ts finds ./migrations by import.meta.url). Packages stay in node_modules, so
 * `outdir` must sit inside the project. Returns esbuild's metafile.
 * @param {Record<string, string>} entryPoints
 * @param {string} outdir
 * @param {{ sourcemap?: boolean | 'linked' | 'inline' }} [options]
 */
export async function bundleServer(entryPoints, outdir, { sourcemap = 'linked' } = {}) {
  const result = await build({
    entryPoints: {
      ...entryPoints,
      // mammoth and unpdf load only in the document thread, h264-mp4-encoder only in the video thread.
      'document-worker': 'src/server/providers/documents/worker.ts',
      'video-worker': 'src/server/providers/video/worker.ts',
    },
    outdir,
    outExtension: { '.js': '.mjs' },
    chunkNames: 'main-[hash]',
    // Splitting keeps a dynamic import() of our own module a separate file, so its packages stay unloaded too.
    splitting: true,
    metafile: true,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    sourcemap,
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
  cpSync('src/server/db/migrations', `${outdir}/migrations`, { recursive: true });
  return result.metafile;
}
