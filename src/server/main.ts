import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { EnvError, loadEnv } from './config/env';
import { DataDirLockedError } from './db/pglite-lock';
import type { NodeHandler } from './http';
import { createLogger, errorDetail } from './log';
import { compressedWhole } from './page-encoding';
import { pagesWithFiles } from './page-files';
import { startServer } from './server';

// React and other libraries pick their production builds from this; `npm start` sets none.
process.env.NODE_ENV ??= 'production';

async function main() {
  // Variables already in the environment win over the file.
  if (existsSync('.env')) process.loadEnvFile('.env');
  let env: ReturnType<typeof loadEnv>;
  try {
    env = loadEnv();
  } catch (err) {
    if (err instanceof EnvError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
  const log = createLogger(env.LOG_LEVEL);
  // A promise nobody awaited failed: logged, and the server goes on serving (Node would end the process).
  process.on('unhandledRejection', (reason) =>
    log.error('unhandled rejection', {
      err: errorDetail(reason),
    }),
  );
  // Bundled next to Astro's server entry (dist/server/), loaded at run time: the adapter's
  // middleware (SSR only), behind the built client files of dist/client (page-files.ts).
  const entry = new URL('./entry.mjs', import.meta.url).href;
  const { handler } = (await import(entry)) as { handler: NodeHandler };
  const running = await startServer(
    env,
    log,
    pagesWithFiles(compressedWhole(handler), fileURLToPath(new URL('../client/', import.meta.url))),
  );
  const { runtime } = running;
  const providers = Object.entries(runtime.providers).map(([k, v]) => `${k}=${v}`);
  log.info('server started', {
    url: running.url,
    publicOrigin: env.PUBLIC_ORIGIN,
    database: runtime.database.kind === 'pglite' ? `pglite (${env.DATA_DIR}/pg)` : 'postgres (DATABASE_URL)',
    providers: providers.join(' ') || 'none',
    version: runtime.version,
  });
  // Visitors only read that chat is in demo mode; how to leave it is told here, to the operator.
  if (runtime.providers.llm === 'offline')
    log.warn('chat is in demo mode: no model configured', {
      help: 'set OPENAI_API_KEY (OPENAI_BASE_URL for a compatible service, CHAT_MODELS for its models) and restart; see README',
    });

  const shutdown = (signal: string) => {
    log.info('shutting down', { signal });
    running.stop().then(
      () => process.exit(0),
      (err: Error) => {
        log.error('shutdown failed', { err: err.message });
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
}

main().catch((err: Error) => {
  // A data directory in use is an operator's mistake, not a bug: the message says it all.
  const detail = err instanceof DataDirLockedError ? err.message : (err.stack ?? err.message);
  process.stderr.write(`Start-up failed: ${detail}\n`);
  process.exit(1);
});
