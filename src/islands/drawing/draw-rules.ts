import { DrawingStatus } from '../../shared/drawing';

/**
 * Statuses that end a task and close its socket: 10, 11 and 12 (docs/state-machines.md);
 * 14 (sensitive information) is final too.
 */
export const FINAL_STATUSES: ReadonlySet<number> = new Set([
  DrawingStatus.DONE,
  DrawingStatus.FAILED,
  DrawingStatus.VIOLATION,
  DrawingStatus.SENSITIVE,
]);

export const isFinal = (status: number) => FINAL_STATUSES.has(status);

const STATUS_KEYS: Record<number, string> = {
  1: 'status.submitted',
  2: 'status.drawing',
  10: 'status.done',
  11: 'status.failed',
  12: 'status.violation',
  13: 'status.checking',
  14: 'status.sensitive',
};

/** The draw-namespace key naming a status; unknown statuses read as 'drawing'. */
export function statusKey(status: number): string {
  return STATUS_KEYS[status] ?? 'status.drawing';
}

/** Local progress milestones (docs/state-machines.md). */
export const Progress = {
  SUBMIT: 10,
  ACCEPTED: 20,
  CONNECTED: 30,
  FIRST_PUSH: 50,
  STEP: 10,
  CAP: 90,
  DONE: 100,
} as const;

/** After a push: at least 50, then +10 per push, never past 90 until the task is done. */
export function progressAfterPush(current: number): number {
  return Math.min(Progress.CAP, Math.max(Progress.FIRST_PUSH, current + Progress.STEP));
}

/** The progress a push leaves: 100 when done, the push rule otherwise (failures keep their place). */
export function nextProgress(current: number, status: number): number {
  if (status === DrawingStatus.DONE) return Progress.DONE;
  if (isFinal(status)) return current;
  return progressAfterPush(current);
}

/** Copy a prompt: success and failure texts per docs/reply-codes.md are chosen by the caller. */
export { copyText } from '../../lib/clipboard';
