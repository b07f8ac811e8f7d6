import { Worker } from 'node:worker_threads';

// The thread's whole program, plain CommonJS (an eval'd worker has require): each message is a
// list of files, each answered by null or the error's text, in order. A missing folder is made.
const PROGRAM = `
const { parentPort } = require('node:worker_threads');
const { mkdirSync, writeFileSync } = require('node:fs');
const path = require('node:path');
function write(file, data) {
  try {
    writeFileSync(file, data);
  } catch (err) {
    if (err.code !== 'ENOENT') throw err;
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, data);
  }
}
parentPort.on('message', (files) => {
  parentPort.postMessage(files.map(({ file, data }) => {
    try {
      write(file, data);
      return null;
    } catch (err) {
      return String(err && err.message);
    }
  }));
});
`;

interface Pending {
  file: string;
  data: Uint8Array;
  done(err: Error | null): void;
}

/**
 * Writes new files on a thread of its own, all the files asked for in one turn of the event
 * loop in one message. Creating a file can wait on the disk's journal for a millisecond or more,
 * which must not stop the event loop, and through fs/promises each file cost the event loop three
 * thread-pool wake-ups (open, write, close): at 250 receipts a second, a quarter of its time.
 * The thread starts with the first file; `close` waits for what was asked and stops it.
 */
export function createFileWriter() {
  let worker: Worker | null = null;
  let queued: Pending[] = [];
  // Batches posted and not yet answered, oldest first: the thread answers in order.
  const posted: Pending[][] = [];

  const fail = (err: Error) => {
    for (const batch of posted.splice(0)) for (const p of batch) p.done(err);
    worker = null;
  };
  const start = () => {
    const w = new Worker(PROGRAM, { eval: true });
    w.on('message', (errors: (string | null)[]) => {
      const batch = posted.shift() ?? [];
      batch.forEach((p, i) => p.done(errors[i] ? new Error(errors[i] as string) : null));
      if (posted.length === 0 && queued.length === 0) w.unref();
    });
    w.on('error', fail);
    w.on('exit', () => fail(new Error('file writer stopped')));
    return w;
  };
  const flush = () => {
    const batch = queued;
    queued = [];
    posted.push(batch);
    worker ??= start();
    // Held open while it has work, so a short-lived process still writes what it asked for.
    worker.ref();
    worker.postMessage(batch.map(({ file, data }) => ({ file, data })));
  };

  return {
    write(file: string, data: Uint8Array): Promise<void> {
      return new Promise((resolve, reject) => {
        if (queued.length === 0) setImmediate(flush);
        queued.push({ file, data, done: (err) => (err ? reject(err) : resolve()) });
      });
    },
    async close() {
      const w = worker;
      worker = null;
      await w?.terminate();
    },
  };
}
