/**
 * Peak memory of one conversion: the highest resident set size (RSS) of the process while
 * it runs, minus the RSS just before it (after a GC, with the input already in memory).
 *
 * On Linux the kernel's peak ("high water mark", VmHWM) is reset just before the run by
 * writing 5 to /proc/self/clear_refs, so the figure is the peak of that run alone.
 * Elsewhere only the peak of the whole process is known (getrusage's maxRSS); that figure
 * can include an earlier peak (reading the input file, the warm-up), so it is an upper
 * bound, and it is marked as such.
 */
import fs from 'node:fs';

export interface PeakProbe {
  /** RSS just before the run, in bytes. */
  readonly before: number;
  /** True when the peak is that of the run alone (Linux), false for the process's lifetime peak. */
  readonly exact: boolean;
}

function highWaterMark(): number | null {
  try {
    const m = /^VmHWM:\s+(\d+)\s+kB/m.exec(fs.readFileSync('/proc/self/status', 'utf8'));
    return m ? Number(m[1]) * 1024 : null;
  } catch {
    return null;
  }
}

/** Call right before the run (after gc). */
export function startPeakProbe(): PeakProbe {
  let exact = false;
  try {
    fs.writeFileSync('/proc/self/clear_refs', '5');
    exact = highWaterMark() !== null;
  } catch {
    exact = false;
  }
  return { before: process.memoryUsage.rss(), exact };
}

/** Call right after the run: the peak RSS growth during it, in bytes. */
export function peakGrowth(probe: PeakProbe): number {
  const peak = (probe.exact ? highWaterMark() : null) ?? process.resourceUsage().maxRSS * 1024;
  return Math.max(0, peak - probe.before);
}
