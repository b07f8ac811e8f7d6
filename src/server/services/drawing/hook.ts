import { timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { drawings } from '../../db/schema';
import type { Runtime } from '../../runtime';

/** NOTIFY channel carrying the task id of a notifyHook call to every process. */
export const HOOK_CHANNEL = 'miaobi_draw_hook';

const waiters = new Map<string, Set<() => void>>();

/** Wakes whoever waits on taskId in this process (a runner polling its provider). */
export function wakeHookWaiters(taskId: string): void {
  const set = waiters.get(taskId);
  if (!set) return;
  waiters.delete(taskId);
  for (const wake of set) wake();
}

/** Resolves after `ms`, or at once when the provider calls this task's notifyHook; rejects on abort. */
export function waitForHook(taskId: string, ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const set = waiters.get(taskId) ?? new Set<() => void>();
    waiters.set(taskId, set);
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
      set.delete(done);
      if (set.size === 0 && waiters.get(taskId) === set) waiters.delete(taskId);
    };
    const timer = setTimeout(() => {
      done();
      resolve();
    }, ms);
    const onAbort = () => {
      done();
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
    set.add(() => {
      done();
      resolve();
    });
  });
}

/** The notifyHook URL the provider calls for one task. */
export function hookUrl(origin: string, d: { taskId: string; hookToken: string }): string {
  return `${origin}/api/sd/hook/${d.taskId}/${d.hookToken}`;
}

/**
 * A provider called a task's notifyHook. The token must match; the call only
 * wakes the runner, which then fetches the task from the provider itself, so
 * a forged body can never change a task.
 */
export async function receiveHook(rt: Runtime, taskId: string, token: string): Promise<boolean> {
  const [row] = await rt.database.db
    .select({ hookToken: drawings.hookToken })
    .from(drawings)
    .where(eq(drawings.taskId, taskId))
    .limit(1);
  const expected = Buffer.from(row?.hookToken ?? '');
  const given = Buffer.from(token);
  if (!row || expected.length !== given.length || !timingSafeEqual(expected, given)) return false;
  await rt.database.notifier.publish(HOOK_CHANNEL, taskId);
  return true;
}
