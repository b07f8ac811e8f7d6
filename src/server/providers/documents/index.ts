import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { DOCUMENT_LIMITS, type DocumentLimits, DocumentRefused, unpackBudget } from './limits';
import type { DocumentKind, ReadAnswer, ReadJob } from './worker';

export { DOCUMENT_LIMITS, type DocumentLimits, DocumentRefused } from './limits';
export type { DocumentKind } from './worker';

// Every document's text is read here, on a thread of its own (worker.ts): a file built to unpack
// to gigabytes or to take minutes costs that thread, never the server's event loop or heap.
// Run from source (vitest, astro dev) the thread is worker.ts through tsx; from the build it is
// dist/server/document-worker.mjs, beside main.mjs (scripts/build-server.mjs).
const fromSource = import.meta.url.endsWith('.ts');
const WORKER = fromSource ? new URL('./worker.ts', import.meta.url) : new URL('./document-worker.mjs', import.meta.url);
const EXEC_ARGV = fromSource ? ['--import', pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href] : [];

export interface DocumentReader {
  /**
   * The text of `bytes`, at most `maxChars` characters (truncated says more was there); throws
   * DocumentRefused. `owner` (a user) has one document read at a time; owners take turns.
   */
  read(
    owner: string,
    kind: DocumentKind,
    bytes: Buffer,
    maxChars?: number,
    options?: { pageBreaks?: boolean },
  ): Promise<{ text: string; truncated: boolean }>;
  /** Reading threads alive now (started and not yet exited). */
  threads(): number;
  /** Stops every reading thread; waiting and running reads fail. */
  close(): Promise<void>;
}

interface Waiting {
  job: ReadJob;
  settle(answer: ReadAnswer | Error): void;
}

export interface ReaderOptions {
  /** Documents read at once in this process. */
  concurrency?: number;
  /** Documents one owner may have read or waiting at once; more are refused (busy). */
  perOwner?: number;
  limits?: Partial<DocumentLimits>;
}

export function createDocumentReader(options: ReaderOptions = {}): DocumentReader {
  const concurrency = options.concurrency ?? 2;
  const perOwner = options.perOwner ?? 3;
  const limits = { ...DOCUMENT_LIMITS, ...options.limits };
  const queues = new Map<string, Waiting[]>();
  // Turns: the waiting owner served longest ago (or never) goes next, so one owner's flood waits behind everyone else.
  const lastServed = new Map<string, number>();
  let turn = 0;
  const running = new Map<string, Worker>();
  let closed = false;
  let alive = 0;

  /** One document on a fresh thread, ended when it answers, overruns its clock or holds too much memory. */
  function run(owner: string, { job, settle }: Waiting) {
    const worker = new Worker(WORKER, {
      execArgv: EXEC_ARGV,
      resourceLimits: {
        maxOldGenerationSizeMb: limits.heapMb,
        maxYoungGenerationSizeMb: limits.youngMb,
        stackSizeMb: limits.stackMb,
      },
    });
    alive++;
    running.set(owner, worker);
    // The heap limit does not cover ArrayBuffers: what the pre-checks let through is watched here.
    const size = job.bytes.byteLength;
    const external = 2 * unpackBudget(limits, size) + 4 * size + 32 * 1024 * 1024;
    let done = false;
    const finish = (answer: ReadAnswer | Error) => {
      if (done) return;
      done = true;
      clearTimeout(clock);
      clearInterval(watch);
      running.delete(owner);
      // Kept after an owner's last document, or they would come back as never served; pruned when large.
      if (lastServed.size > 1000)
        for (const o of lastServed.keys()) if (!queues.has(o) && !running.has(o)) lastServed.delete(o);
      void worker.terminate();
      settle(answer);
      next();
    };
    const clock = setTimeout(() => finish({ refused: 'tooComplex' }), limits.ms);
    const watch = setInterval(() => {
      worker.getHeapStatistics().then(
        (s) => s.external_memory > external && finish({ refused: 'expands' }),
        () => {},
      );
    }, 50);
    worker.on('message', (answer: ReadAnswer) => finish(answer));
    worker.on('error', (err: NodeJS.ErrnoException) =>
      finish(err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? { refused: 'tooComplex' } : err),
    );
    worker.on('exit', () => {
      alive--;
      finish(new Error('document thread stopped'));
    });
    worker.postMessage(job, [job.bytes.buffer as ArrayBuffer]);
  }

  function next() {
    while (!closed && running.size < concurrency) {
      let owner: string | undefined;
      for (const o of queues.keys())
        if (!running.has(o) && (owner === undefined || (lastServed.get(o) ?? -1) < (lastServed.get(owner) ?? -1)))
          owner = o;
      if (owner === undefined) return;
      const queue = queues.get(owner) as Waiting[];
      const waiting = queue.shift() as Waiting;
      if (queue.length === 0) queues.delete(owner);
      lastServed.set(owner, turn++);
      run(owner, waiting);
    }
  }

  return {
    read(owner, kind, bytes, maxChars = limits.textChars, options = {}) {
      if (closed) return Promise.reject(new Error('document reader closed'));
      const queue = queues.get(owner) ?? [];
      if (queue.length + (running.has(owner) ? 1 : 0) >= perOwner) return Promise.reject(new DocumentRefused('busy'));
      return new Promise((resolve, reject) => {
        // A copy the thread owns (moved, not cloned): the caller keeps its buffer to store.
        const job: ReadJob = { kind, bytes: new Uint8Array(bytes), limits, maxChars, pageBreaks: options.pageBreaks };
        queue.push({
          job,
          settle: (answer) => {
            if (answer instanceof Error) reject(answer);
            else if ('refused' in answer) reject(new DocumentRefused(answer.refused));
            else resolve(answer);
          },
        });
        queues.set(owner, queue);
        next();
      });
    },
    threads: () => alive,
    async close() {
      closed = true;
      const stopped = new Error('document reader closed');
      for (const queue of queues.values()) for (const w of queue) w.settle(stopped);
      queues.clear();
      await Promise.all([...running.values()].map((w) => w.terminate()));
    },
  };
}
