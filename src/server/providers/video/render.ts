import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { FramePlan } from './frames';
import type { RenderAnswer } from './worker';

// Each clip is painted and encoded on a thread of its own (worker.ts): minutes of CPU and a
// WebAssembly heap stay off the server's event loop and heap. Run from source (vitest, dev) the
// thread is worker.ts through tsx; from the build it is dist/server/video-worker.mjs beside main.mjs.
const fromSource = import.meta.url.endsWith('.ts');
const WORKER = fromSource ? new URL('./worker.ts', import.meta.url) : new URL('./video-worker.mjs', import.meta.url);
const EXEC_ARGV = fromSource ? ['--import', pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href] : [];

export interface RenderLimits {
  /** Wall-clock time of one clip, thread start included; the thread is terminated past it. */
  ms: number;
  /** The thread's V8 heap; the encoder's WebAssembly memory is watched as external memory. */
  heapMb: number;
  externalMb: number;
}

export const RENDER_LIMITS: RenderLimits = { ms: 180_000, heapMb: 96, externalMb: 512 };

/** One clip on a fresh thread; rejects on abort, past the clock or the memory bound. */
export function renderOnThread(
  plan: FramePlan,
  opts: { signal: AbortSignal; limits?: Partial<RenderLimits>; onProgress?: (done: number) => void },
): Promise<{ mp4: Buffer; cover: Buffer }> {
  const limits = { ...RENDER_LIMITS, ...opts.limits };
  return new Promise((resolve, reject) => {
    if (opts.signal.aborted) return reject(opts.signal.reason ?? new Error('aborted'));
    const worker = new Worker(WORKER, {
      execArgv: EXEC_ARGV,
      resourceLimits: { maxOldGenerationSizeMb: limits.heapMb, maxYoungGenerationSizeMb: 16, stackSizeMb: 4 },
    });
    let settled = false;
    const finish = (err: Error | null, value?: { mp4: Buffer; cover: Buffer }) => {
      if (settled) return;
      settled = true;
      clearTimeout(clock);
      clearInterval(watch);
      opts.signal.removeEventListener('abort', onAbort);
      void worker.terminate();
      if (err) reject(err);
      else resolve(value as { mp4: Buffer; cover: Buffer });
    };
    const onAbort = () => finish(opts.signal.reason instanceof Error ? opts.signal.reason : new Error('aborted'));
    opts.signal.addEventListener('abort', onAbort, { once: true });
    const clock = setTimeout(() => finish(new Error('the video took too long to render')), limits.ms);
    const watch = setInterval(() => {
      worker.getHeapStatistics().then(
        (s) =>
          s.external_memory > limits.externalMb * 1024 * 1024 && finish(new Error('the video needs too much memory')),
        () => {},
      );
    }, 200);
    worker.on('message', (m: RenderAnswer) => {
      if (m.kind === 'progress') opts.onProgress?.(m.done);
      else if (m.kind === 'error') finish(new Error(`the video could not be encoded: ${m.message}`));
      else
        finish(null, {
          mp4: Buffer.from(m.mp4.buffer, m.mp4.byteOffset, m.mp4.byteLength),
          cover: Buffer.from(m.cover),
        });
    });
    worker.on('error', (err: NodeJS.ErrnoException) =>
      finish(err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new Error('the video needs too much memory') : err),
    );
    worker.on('exit', () => finish(new Error('the video thread stopped')));
    worker.postMessage(plan, [plan.background.buffer as ArrayBuffer]);
  });
}
