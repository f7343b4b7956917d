// CPU time of the calling thread, to tell a job that worked long on the request thread from one
// that only waited while a busy machine ran something else (run-converter.ts). Node 20 has no
// process.threadCpuUsage, and process.cpuUsage() counts every thread, the conversion workers
// included; Linux gives the thread's own figure in /proc/thread-self/schedstat (its first field,
// nanoseconds on a CPU), read here through a descriptor kept open: about 2 µs a reading.
import { openSync, readSync } from 'node:fs';

const SCHEDSTAT = '/proc/thread-self/schedstat';

/** The descriptor of this thread's schedstat (undefined: not opened yet; null: none, elsewhere than Linux). */
let schedstat: number | null | undefined;
const line = Buffer.alloc(64);

/**
 * Milliseconds this thread has spent on a CPU so far. Without /proc (macOS, Windows), the
 * process's CPU time: an upper bound of the thread's, which can only make a wait look like work
 * while the workers are busy.
 */
export function threadCpuMs(): number {
  if (schedstat === undefined) schedstat = openOrNull(SCHEDSTAT);
  if (schedstat !== null) {
    try {
      const length = readSync(schedstat, line, 0, line.length, 0);
      const nanoseconds = Number.parseInt(line.toString('latin1', 0, length), 10);
      if (Number.isFinite(nanoseconds)) return nanoseconds / 1e6;
    } catch {
      // fall through to the process's figure
    }
    schedstat = null;
  }
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}

function openOrNull(file: string): number | null {
  try {
    return openSync(file, 'r');
  } catch {
    return null;
  }
}
