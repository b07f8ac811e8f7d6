import type { Notifier } from '../db/client';
import type { Logger } from '../log';

/**
 * One loop for work that outlives a request: rows with a status, claimed with
 * FOR UPDATE SKIP LOCKED, leased to the claiming process, heart-beaten while
 * they run, timed out, and resumed by any process once a dead one's lease runs
 * out. The runner knows no table: each domain hands it its sweep, claim, step
 * and lease functions (services/drawing/worker.ts, services/music/worker.ts,
 * services/shop/order-lifecycle.ts, services/shop/refund-worker.ts, services/referral/release.ts).
 */

/** Why the runner aborted a task's signal: past its deadline, its row was taken away, or the job stopped. */
export type AbortReason = 'timeout' | 'gone' | 'shutdown';

export class JobAbort extends Error {
  constructor(readonly reason: AbortReason) {
    super(reason);
  }
}

/** The abort reason of a task's signal, or null while it runs. */
export function abortReason(signal: AbortSignal): AbortReason | null {
  return signal.aborted && signal.reason instanceof JobAbort ? signal.reason.reason : null;
}

/** Claimed rows worked in the background, each under its own lease. */
export interface TaskWork<T> {
  /** Tasks this process runs at once; read at every look. */
  concurrency(): number;
  /**
   * Claims up to `limit` rows and leases them to this process (FOR UPDATE SKIP
   * LOCKED), never one of `running` (row ids this process works on: a lease
   * renewal that came late must not start the same task twice).
   */
  claim(limit: number, running: number[]): Promise<T[]>;
  /** The task's row id. */
  keyOf(task: T): number;
  /** Works one claimed task to its end and records the outcome; the signal aborts with a JobAbort. */
  step(task: T, signal: AbortSignal): Promise<void>;
  /** The lease length; the runner renews every third of it while a task runs. */
  leaseMs: number;
  /** Extends the task's lease; false when the row is no longer ours (the task is aborted as 'gone'). */
  renew(task: T): Promise<boolean>;
  /** When a running task is aborted as 'timeout'. */
  deadlineOf?(task: T): Date;
  /** Gives tasks back at stop, so a restarted process need not wait for their lease. */
  release?(tasks: T[]): Promise<unknown>;
}

export interface JobSpec<T> {
  /** Names the job in log lines. */
  name: string;
  log: Logger;
  /** Looks for work this often, besides wake-ups. */
  pollMs: number;
  /** Looks at once when started (a worker resuming tasks) instead of after the first pollMs (a sweeper). */
  startNow?: boolean;
  /** Runs first at every look: fails overdue rows, cancels expired ones. */
  sweep?(): Promise<unknown>;
  tasks?: TaskWork<T>;
  /** NOTIFY channels heard while the job exists: 'wake' starts a look, a function gets the payload. */
  notify?: { notifier: Notifier; channels: Record<string, 'wake' | ((payload: string) => void)> };
}

/** A background job of this process, built once at start-up (bootstrap.ts). */
export interface Job {
  /** Starts the loop; again after stop() starts a fresh one. */
  start(): void;
  /** Stops looking and aborts running tasks ('shutdown'); settles once their leases are given back. */
  stop(): Promise<void>;
  /** Looks for work now (a task was just submitted in this process). */
  wake(): void;
  readonly started: boolean;
}

interface Loop {
  stop(): Promise<void>;
  wake(): void;
}

/**
 * How long a stop waits for aborted steps to settle before it gives their leases back: a step's write
 * already sent (progress, a renewal) would otherwise land after the release and lease the row again,
 * and the next process would wait the whole lease. A step that ignores its signal longer is let go.
 */
const SETTLE_MS = 3000;

export function createJob<T>(spec: JobSpec<T>): Job {
  let current: Loop | null = null;
  let listening = false;
  return {
    start() {
      if (current) return;
      if (!listening && spec.notify) {
        listening = true;
        const { notifier, channels } = spec.notify;
        for (const [channel, handler] of Object.entries(channels))
          notifier
            .listen(channel, handler === 'wake' ? () => current?.wake() : handler)
            .catch((err: Error) => spec.log.warn(`${spec.name} listen failed`, { channel, err: err.message }));
      }
      current = startLoop(spec);
    },
    stop() {
      const stopping = current?.stop() ?? Promise.resolve();
      current = null;
      return stopping;
    },
    wake: () => current?.wake(),
    get started() {
      return current !== null;
    },
  };
}

function startLoop<T>(spec: JobSpec<T>): Loop {
  const running = new Map<number, { task: T; controller: AbortController; settled: Promise<void> }>();
  let stopped = false;
  let ticking = false;
  let again = false;

  async function run(work: TaskWork<T>, task: T) {
    const key = work.keyOf(task);
    const controller = new AbortController();
    let settle = () => {};
    running.set(key, { task, controller, settled: new Promise<void>((resolve) => (settle = resolve)) });
    const due = work.deadlineOf?.(task);
    const deadline = due
      ? setTimeout(() => controller.abort(new JobAbort('timeout')), Math.max(0, due.getTime() - Date.now()))
      : undefined;
    const heartbeat = setInterval(
      () => {
        void work
          .renew(task)
          .then((ours) => {
            if (!ours) controller.abort(new JobAbort('gone'));
          })
          .catch(() => undefined); // a lost connection: the next beat tries again
      },
      Math.floor(work.leaseMs / 3),
    );
    try {
      await work.step(task, controller.signal);
    } catch (err) {
      // Steps record their own failures; this only keeps a slip from becoming an unhandled rejection.
      if (!stopped) spec.log.error(`${spec.name} step failed`, { err: (err as Error).message });
    } finally {
      clearTimeout(deadline);
      clearInterval(heartbeat);
      running.delete(key);
      settle();
      if (!stopped) loop.wake();
    }
  }

  async function tick() {
    if (stopped) return;
    if (ticking) {
      again = true;
      return;
    }
    ticking = true;
    try {
      do {
        again = false;
        await spec.sweep?.();
        const work = spec.tasks;
        const free = work ? work.concurrency() - running.size : 0;
        if (!work || free <= 0 || stopped) break;
        for (const task of await work.claim(free, [...running.keys()])) {
          if (stopped) await work.release?.([task]);
          else void run(work, task);
        }
      } while (again && !stopped);
    } catch (err) {
      if (!stopped) spec.log.error(`${spec.name} tick failed`, { err: (err as Error).message });
    } finally {
      ticking = false;
    }
  }

  const timer = setInterval(() => void tick(), spec.pollMs);
  timer.unref();
  const loop: Loop = {
    wake: () => {
      if (!stopped) setImmediate(() => void tick());
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      clearInterval(timer);
      const tasks = [...running.values()];
      if (tasks.length === 0) return;
      for (const { controller } of tasks) controller.abort(new JobAbort('shutdown'));
      let waiting: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.all(tasks.map((t) => t.settled)),
        new Promise((resolve) => {
          waiting = setTimeout(resolve, SETTLE_MS);
        }),
      ]);
      clearTimeout(waiting);
      // Best effort: a lost database only means the next process waits for the lease to run out.
      await spec.tasks?.release?.(tasks.map((t) => t.task))?.catch(() => undefined);
    },
  };
  if (spec.startNow) loop.wake();
  return loop;
}

/** A job that is only a timer (e.g. a periodic warning): `start` returns its stop function. */
export function jobOf(start: () => () => void): Job {
  let stop: (() => void) | null = null;
  return {
    start() {
      stop ??= start();
    },
    stop() {
      stop?.();
      stop = null;
      return Promise.resolve();
    },
    wake: () => {},
    get started() {
      return stop !== null;
    },
  };
}
