import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { abortReason, createJob, type JobSpec } from '../../src/server/jobs/runner';
import { createLogger } from '../../src/server/log';

/** A toy domain over an in-memory queue: what a domain hands the runner, and what the runner did with it. */
function toyDomain(opts: { concurrency?: number; leaseMs?: number; deadlineMs?: number } = {}) {
  const queue = [1, 2, 3, 4, 5];
  const seen = {
    claimedWith: [] as number[],
    busy: [] as number[][],
    renewed: [] as number[],
    released: [] as number[],
  };
  const ended = new Map<number, string>();
  const ours = new Set<number>();
  const finish = new Map<number, () => void>();
  const spec: JobSpec<number> = {
    name: 'toy',
    log: createLogger('silent'),
    pollMs: 1000,
    startNow: true,
    tasks: {
      concurrency: () => opts.concurrency ?? 2,
      async claim(limit, running) {
        seen.claimedWith.push(limit);
        seen.busy.push(running);
        const taken = queue.splice(0, limit);
        for (const t of taken) ours.add(t);
        return taken;
      },
      keyOf: (t) => t,
      step: (t, signal) =>
        new Promise<void>((resolve) => {
          finish.set(t, () => {
            ended.set(t, 'done');
            resolve();
          });
          signal.addEventListener('abort', () => {
            ended.set(t, abortReason(signal) ?? 'aborted');
            resolve();
          });
        }),
      leaseMs: opts.leaseMs ?? 300,
      async renew(t) {
        seen.renewed.push(t);
        return ours.has(t);
      },
      deadlineOf: (t) => new Date(Date.now() + (opts.deadlineMs ?? 60_000) * t),
      async release(tasks) {
        seen.released.push(...tasks);
      },
    },
  };
  return { spec, seen, ended, ours, finish, queue };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('job runner', () => {
  it('runs at most `concurrency` tasks, and claims the next when one ends', async () => {
    const toy = toyDomain();
    const job = createJob(toy.spec);
    job.start();
    await vi.advanceTimersByTimeAsync(10);
    expect(toy.seen.claimedWith).toEqual([2]);
    toy.finish.get(1)?.();
    await vi.advanceTimersByTimeAsync(10);
    expect(toy.ended.get(1)).toBe('done');
    expect(toy.seen.claimedWith).toEqual([2, 1]);
    // The task still running here is never claimed again, even with its lease run out.
    expect(toy.seen.busy).toEqual([[], [2]]);
    expect(toy.queue).toEqual([4, 5]);
    job.stop();
  });

  it('renews the lease every third of it; a task whose row is gone, or past its deadline, is aborted', async () => {
    const toy = toyDomain({ leaseMs: 300, deadlineMs: 1000 });
    const job = createJob(toy.spec);
    job.start();
    await vi.advanceTimersByTimeAsync(350);
    expect(toy.seen.renewed.filter((t) => t === 1).length).toBe(3);
    toy.ours.delete(2);
    await vi.advanceTimersByTimeAsync(100);
    expect(toy.ended.get(2)).toBe('gone');
    await vi.advanceTimersByTimeAsync(600);
    expect(toy.ended.get(1)).toBe('timeout');
    job.stop();
  });

  it('stop aborts running tasks as shutdown and hands them back; start again begins a fresh loop', async () => {
    const toy = toyDomain();
    const job = createJob(toy.spec);
    job.start();
    await vi.advanceTimersByTimeAsync(10);
    job.stop();
    expect(job.started).toBe(false);
    await vi.advanceTimersByTimeAsync(10);
    expect([toy.ended.get(1), toy.ended.get(2)]).toEqual(['shutdown', 'shutdown']);
    expect(toy.seen.released).toEqual([1, 2]);
    job.wake();
    await vi.advanceTimersByTimeAsync(2000);
    expect(toy.seen.claimedWith).toEqual([2]);
    job.start();
    await vi.advanceTimersByTimeAsync(10);
    expect(toy.seen.claimedWith).toEqual([2, 2]);
    job.stop();
  });

  it('stop gives leases back only after the aborted steps settled, or once it has waited long enough', async () => {
    const toy = toyDomain();
    const events: string[] = [];
    const tasks = toy.spec.tasks;
    if (!tasks) throw new Error('no tasks');
    // Task 1's last write lands 50 ms after its abort; task 2 never settles.
    tasks.step = (t, signal) =>
      new Promise<void>((resolve) => {
        signal.addEventListener('abort', () => {
          if (t === 1) setTimeout(() => resolve(void events.push('1 wrote')), 50);
        });
      });
    tasks.release = async (released) => void events.push(`released ${released.join(',')}`);
    const job = createJob(toy.spec);
    job.start();
    await vi.advanceTimersByTimeAsync(10);
    const stopped = job.stop();
    await vi.advanceTimersByTimeAsync(100);
    expect(events).toEqual(['1 wrote']);
    await vi.advanceTimersByTimeAsync(3000);
    await stopped;
    expect(events).toEqual(['1 wrote', 'released 1,2']);
  });

  it('a sweeper without tasks runs first after its interval, not at start, and survives a failing sweep', async () => {
    let sweeps = 0;
    const job = createJob({
      name: 'sweeper',
      log: createLogger('silent'),
      pollMs: 1000,
      async sweep() {
        sweeps++;
        if (sweeps === 1) throw new Error('database away');
      },
    });
    job.start();
    await vi.advanceTimersByTimeAsync(999);
    expect(sweeps).toBe(0);
    await vi.advanceTimersByTimeAsync(2001);
    expect(sweeps).toBe(3);
    job.stop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(sweeps).toBe(3);
  });
});
