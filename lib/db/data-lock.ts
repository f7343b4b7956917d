// The embedded database's owner lock: PGlite is single-process, so exactly one process may open a
// data folder. Like PostgreSQL's postmaster.pid, `<folder>.lock` holds the owner's pid and its
// start time (field 22 of /proc/<pid>/stat), so a lock left by a process that died, or whose pid
// now belongs to another process, is recognised as stale and taken over.
//
// Taking the lock is one atomic step: the content is written to a file of this process's own and
// hard-linked to the lock's name, which fails if the name exists (no reader ever sees a
// half-written lock). Removing a stale lock is done under a second, short-lived lock
// (`<folder>.lock.recover`, held only for a read, a compare and an unlink), so two processes that
// both find the same stale lock cannot remove the one that one of them has just taken.
import { closeSync, linkSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';

export interface LockOwner {
  pid: number;
  /** Clock ticks after boot at which the process started (null where /proc is not available). */
  start: number | null;
}

export class DataDirLockedError extends Error {
  readonly lockFile: string;
  readonly owner: LockOwner;
  constructor(dataDir: string, lockFile: string, owner: LockOwner) {
    super(
      `the embedded database ${dataDir} is locked by process ${owner.pid} (lock file ${lockFile}); ` +
        'stop that process, or give this one its own YAMLJSON_DATA_DIR (several servers on one database need PostgreSQL: DATABASE_URL)',
    );
    this.name = 'DataDirLockedError';
    this.lockFile = lockFile;
    this.owner = owner;
  }
}

export interface DataDirLock {
  readonly file: string;
  /** Removes the lock if it is still this one (idempotent, synchronous: safe in an 'exit' handler). */
  release(): void;
}

export const lockFileOf = (dataDir: string) => `${path.resolve(dataDir)}.lock`;

/** The start time of a live process, from /proc (null if unknown). */
export function processStartTime(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces or ')': count after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const start = Number(fields[19]); // field 22 overall
    return Number.isFinite(start) ? start : null;
  } catch {
    return null;
  }
}

/** Whether a process with this pid exists (EPERM: it does, owned by another user). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether the process that wrote this lock content still runs (same pid and same start time). */
export function ownerAlive(owner: LockOwner): boolean {
  if (!Number.isInteger(owner.pid) || owner.pid <= 0 || !processAlive(owner.pid)) return false;
  if (owner.start === null) return true;
  const start = processStartTime(owner.pid);
  // No /proc for that pid while it is alive (another pid namespace): trust the pid.
  return start === null || start === owner.start;
}

function parseOwner(text: string): LockOwner | null {
  try {
    const value = JSON.parse(text) as { pid?: unknown; start?: unknown };
    if (typeof value.pid !== 'number') return null;
    return { pid: value.pid, start: typeof value.start === 'number' ? value.start : null };
  } catch {
    return null;
  }
}

function readText(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

/** Writes `content` to `file` only if no file of that name exists; false if one does. */
function createExclusive(file: string, content: string): boolean {
  const own = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  const fd = openSync(own, 'wx', 0o600);
  try {
    writeSync(fd, content);
  } finally {
    closeSync(fd);
  }
  try {
    linkSync(own, file);
    return true;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return false;
    // A file system without hard links: create the name exclusively and write it (a reader may
    // then see it empty for a moment, which lockDataDir treats as being written, not as stale).
    if (code === 'EPERM' || code === 'ENOTSUP' || code === 'EOPNOTSUPP' || code === 'ENOSYS') return createInPlace(file, content);
    throw err;
  } finally {
    unlinkSync(own);
  }
}

function createInPlace(file: string, content: string): boolean {
  let fd: number;
  try {
    fd = openSync(file, 'wx', 0o600);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  }
  try {
    writeSync(fd, content);
  } finally {
    closeSync(fd);
  }
  return true;
}

/** A lock that cannot be read yet may be one being written (see createInPlace) for this long. */
const YOUNG_MS = 5_000;

function young(file: string): boolean {
  try {
    return Date.now() - statSync(file).mtimeMs < YOUNG_MS;
  } catch {
    return false;
  }
}

function unlinkQuietly(file: string): void {
  try {
    unlinkSync(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
}

/** A short synchronous wait (the lock is taken once, at start-up). */
function pause(): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10);
}

/**
 * Removes `file` if it still holds exactly `stale`, under the recovery lock. The recovery lock is
 * held for microseconds; one left by a process that died in between is itself stale and removed.
 */
function removeStale(file: string, stale: string, me: string): void {
  const recover = `${file}.recover`;
  for (let attempt = 0; attempt < 3; attempt++) {
    if (createExclusive(recover, me)) {
      try {
        if (readText(file) === stale) unlinkQuietly(file);
      } finally {
        if (readText(recover) === me) unlinkQuietly(recover);
      }
      return;
    }
    const holder = readText(recover);
    if (holder === null) continue;
    const owner = parseOwner(holder);
    if (owner && ownerAlive(owner)) {
      pause(); // someone else is removing it right now: let it finish
      return;
    }
    // A recovery lock whose process died (or an unreadable one): it guards microseconds of work, so nobody uses it.
    if (readText(recover) === holder) unlinkQuietly(recover);
  }
}

/**
 * Takes the data folder's lock or throws DataDirLockedError naming the live owner. A stale lock
 * (dead owner, reused pid, unreadable content) is removed and taken.
 */
export function lockDataDir(dataDir: string): DataDirLock {
  const file = lockFileOf(dataDir);
  const me: LockOwner = { pid: process.pid, start: processStartTime(process.pid) };
  const content = `${JSON.stringify(me)}\n`;
  for (let attempt = 0; attempt < 1_000; attempt++) {
    if (createExclusive(file, content)) {
      let held = true;
      return {
        file,
        release() {
          if (!held) return;
          held = false;
          if (readText(file) === content) unlinkQuietly(file);
        },
      };
    }
    const existing = readText(file);
    if (existing === null) continue; // released in between: try again
    const owner = parseOwner(existing);
    if (owner && ownerAlive(owner)) throw new DataDirLockedError(path.resolve(dataDir), file, owner);
    if (!owner && young(file)) {
      pause(); // perhaps being written: look again
      continue;
    }
    removeStale(file, existing, content);
  }
  // Only a lock that keeps changing under us ends here.
  const owner = parseOwner(readText(file) ?? '') ?? { pid: 0, start: null };
  throw new DataDirLockedError(path.resolve(dataDir), file, owner);
}
