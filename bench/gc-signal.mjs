// Preloaded into a server whose idle memory is measured (node --expose-gc --import):
// SIGUSR2 runs a full garbage collection and writes process.memoryUsage() to BENCH_MEMORY_FILE.
import { writeFileSync } from 'node:fs';

process.on('SIGUSR2', () => {
  globalThis.gc?.();
  if (process.env.BENCH_MEMORY_FILE)
    writeFileSync(process.env.BENCH_MEMORY_FILE, JSON.stringify(process.memoryUsage()));
});
