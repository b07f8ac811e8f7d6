import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { MailMessage } from './types';

// The thread's whole program, plain CommonJS (an eval'd worker has require). Each message is a
// numbered list of mails; the answer, under the same number, names each mail's file or its error.
// nodemailer builds the real message, as it would for SMTP; a missing folder is made.
const PROGRAM = String.raw`
const { parentPort, workerData } = require('node:worker_threads');
const { mkdirSync, writeFileSync } = require('node:fs');
const path = require('node:path');
const nodemailer = require(workerData.nodemailer);
const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
function write(file, data) {
  try {
    writeFileSync(file, data);
  } catch (err) {
    if (err.code !== 'ENOENT') throw err;
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, data);
  }
}
async function one(mail) {
  const info = await transport.sendMail(mail);
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const file = path.join(workerData.outbox, stamp + '-' + info.messageId.replace(/[^\w.-]/g, '') + '.eml');
  write(file, info.message);
  return file;
}
parentPort.on('message', async ({ id, mails }) => {
  const done = [];
  for (const mail of mails) {
    try {
      done.push({ file: await one(mail) });
    } catch (err) {
      done.push({ error: String(err && err.message) });
    }
  }
  parentPort.postMessage({ id, done });
});
`;

type Mail = MailMessage & { from: string };
interface Pending {
  mail: Mail;
  settle(err: Error | null, file?: string): void;
}

/**
 * The offline outbox's writer: a thread of its own builds each mail (nodemailer) and writes it to
 * `outbox` as an .eml file; the mails asked for in one turn of the event loop travel in one
 * message. On the server's own thread, building a mail cost ~0.4 ms, creating its file could wait
 * on the disk's journal for a millisecond or more, and loading nodemailer held it ~0.4 s; at 250
 * receipts a second the thread-pool wake-ups of fs/promises alone took a quarter of its time.
 * The thread starts with the first mail; `close` waits for what was asked and stops it.
 */
export function createOutboxThread(outbox: string) {
  let worker: Worker | null = null;
  let queued: Pending[] = [];
  const posted = new Map<number, Pending[]>();
  let batches = 0;

  const failAll = (err: Error) => {
    for (const batch of posted.values()) for (const p of batch) p.settle(err);
    posted.clear();
    worker = null;
  };
  const start = () => {
    const nodemailer = createRequire(import.meta.url).resolve('nodemailer');
    const w = new Worker(PROGRAM, { eval: true, workerData: { outbox, nodemailer } });
    w.on('message', ({ id, done }: { id: number; done: { file?: string; error?: string }[] }) => {
      const batch = posted.get(id) ?? [];
      posted.delete(id);
      batch.forEach((p, i) => {
        const r = done[i];
        p.settle(r?.file ? null : new Error(r?.error ?? 'no answer'), r?.file);
      });
      // Idle: a process that has nothing else to do may end.
      if (posted.size === 0 && queued.length === 0) w.unref();
    });
    // A thread that stops by itself fails what it was asked; one `close` let go of was asked nothing.
    const stopped = (err: Error) => {
      if (worker === w) failAll(err);
    };
    w.on('error', stopped);
    w.on('exit', () => stopped(new Error('outbox thread stopped')));
    return w;
  };
  const flush = () => {
    const batch = queued;
    queued = [];
    const id = ++batches;
    posted.set(id, batch);
    worker ??= start();
    worker.ref();
    worker.postMessage({ id, mails: batch.map((p) => p.mail) });
  };

  return {
    /** Builds and writes one mail; answers its file. */
    write(mail: Mail): Promise<string> {
      return new Promise((resolve, reject) => {
        if (queued.length === 0) setImmediate(flush);
        queued.push({ mail, settle: (err, file) => (err ? reject(err) : resolve(file as string)) });
      });
    },
    async close() {
      const w = worker;
      worker = null;
      await w?.terminate();
      failAll(new Error('outbox closed'));
    },
  };
}
