/**
 * Counts the work a call does, deterministically: the number of JavaScript blocks V8 executes
 * (its precise block coverage: every function call and every loop iteration or branch taken
 * counts one, in our code and in the `yaml` package alike). Independent of the machine's load,
 * so a test can assert that work grows linearly with the input without measuring time.
 * Work done inside V8's builtins (a regular expression, String.indexOf) is not counted.
 */
import { Session } from 'node:inspector';

interface Range {
  startOffset: number;
  endOffset: number;
  count: number;
}
interface CoverageResult {
  result: { url: string; functions: { ranges: Range[] }[] }[];
}

let session: Session | null = null;

function post<T>(method: string, params?: object): T {
  let out: T | undefined;
  let error: Error | null = null;
  // The inspector session answers synchronously for these methods.
  session!.post(method, params ?? {}, (err, res) => {
    if (err) error = err;
    out = res as T;
  });
  if (error) throw error;
  return out as T;
}

/**
 * Starts counting. Call it before the code to be measured is loaded: V8 instruments the blocks
 * of functions compiled from then on (earlier ones only count their calls).
 */
export function startCounting(): void {
  if (session) return;
  session = new Session();
  session.connect();
  post('Profiler.enable');
  post('Profiler.startPreciseCoverage', { callCount: true, detailed: true });
}

function total(): number {
  const cov = post<CoverageResult>('Profiler.takePreciseCoverage'); // also resets the counters
  let sum = 0;
  for (const script of cov.result) {
    if (script.url.startsWith('node:')) continue;
    for (const f of script.functions) for (const r of f.ranges) sum += r.count;
  }
  return sum;
}

/** Blocks executed by `fn()` (its exceptions are swallowed: a refusal is an answer too). */
export function countWork(fn: () => unknown): number {
  startCounting();
  total();
  try {
    fn();
  } catch {
    /* counted all the same */
  }
  return total();
}

export function stopCounting(): void {
  if (!session) return;
  post('Profiler.stopPreciseCoverage');
  post('Profiler.disable');
  session.disconnect();
  session = null;
}
