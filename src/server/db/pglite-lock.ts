import { closeSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * One process per PGlite directory: two would each run their own Postgres on
 * the same files and corrupt them. The lock is a file holding the owner's PID
 * (and, on Linux, its start time, so a recycled PID does not count as alive),
 * created with O_EXCL; a lock whose process is gone is taken over.
 */
export class DataDirLockedError extends Error {}

const held = new Set<string>();

/** Start time of a process in clock ticks since boot (Linux), '' elsewhere or when gone. */
function startTicks(pid: number): string {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 22; the command name (field 2) may contain spaces, so count from its closing parenthesis.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? '';
  } catch {
    return '';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists but belongs to another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readOwner(file: string): { pid: number; ticks: string } | null {
  try {
    const [pid, ticks = ''] = readFileSync(file, 'utf8').trim().split(/\s+/);
    return { pid: Number(pid), ticks };
  } catch {
    return null;
  }
}

/** Whether the lock's owner still runs: a live process that is the one that wrote it. */
function ownerRuns(owner: { pid: number; ticks: string }, file: string): boolean {
  if (!Number.isInteger(owner.pid) || owner.pid <= 0) return false;
  // Our own PID in a file we do not hold: left by an earlier life of this PID (a container restart).
  if (owner.pid === process.pid) return held.has(file);
  if (!isAlive(owner.pid)) return false;
  const now = startTicks(owner.pid);
  return !owner.ticks || !now || now === owner.ticks;
}

function tryCreate(file: string): boolean {
  try {
    const fd = openSync(file, 'wx', 0o644);
    try {
      writeSync(fd, `${process.pid} ${startTicks(process.pid)}\n`);
    } finally {
      closeSync(fd);
    }
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  }
}

/**
 * Takes the lock or throws DataDirLockedError naming the process that holds
 * it. Taking over a stale lock is serialised by a second O_EXCL file, so two
 * processes starting after a crash cannot both win.
 */
export async function acquireDataDirLock(file: string, what: string): Promise<() => void> {
  for (let attempt = 0; attempt < 50; attempt++) {
    if (attempt > 0) await sleep(20);
    if (tryCreate(file)) {
      held.add(file);
      return () => releaseDataDirLock(file);
    }
    const owner = readOwner(file);
    if (owner && ownerRuns(owner, file)) {
      throw new DataDirLockedError(
        `${what} is in use by process ${owner.pid} (lock file ${file}). One process per data directory: ` +
          'stop that process first, or give this one another DATA_DIR; several processes need DATABASE_URL (PostgreSQL).',
      );
    }
    const takeover = `${file}.takeover`;
    if (tryCreate(takeover)) {
      try {
        const again = readOwner(file);
        if (!again || !ownerRuns(again, file)) unlinkSync(file);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      } finally {
        unlinkSync(takeover);
      }
    } else {
      // A takeover file left by a crash in those few lines would block forever.
      try {
        if (Date.now() - statSync(takeover).mtimeMs > 10_000) unlinkSync(takeover);
      } catch {}
    }
  }
  throw new DataDirLockedError(`could not take the lock file ${file} for ${what}`);
}

/** Removes the lock if this process holds it. */
function releaseDataDirLock(file: string) {
  if (!held.delete(file)) return;
  const owner = readOwner(file);
  if (owner?.pid !== process.pid) return;
  try {
    unlinkSync(file);
  } catch {}
}

// A process that exits without closing its database (crash, process.exit) takes its Postgres along: free the lock.
process.once('exit', () => {
  for (const file of [...held]) releaseDataDirLock(file);
});
