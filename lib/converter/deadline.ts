// How long a conversion may run where it runs. The server gives a conversion on its request
// thread a deadline, so that no input holds the event loop; past it the converter stops with
// DeadlineExceeded and the server hands the job to its worker pool (lib/api/run-converter.ts),
// which has a time limit of its own. Without a deadline nothing is checked.

/**
 * Thrown by a conversion that ran past its deadline; nothing was produced. Never an answer: the
 * server runs the job again in a worker. Crosses a thread only as `toJSON()` data.
 */
export class DeadlineExceeded extends Error {
  constructor(readonly afterMs: number) {
    super(`The conversion ran past its deadline of ${afterMs} ms.`);
    this.name = 'DeadlineExceeded';
  }

  toJSON(): DeadlineExceededJson {
    return { name: 'DeadlineExceeded', message: this.message, afterMs: this.afterMs };
  }
}

export interface DeadlineExceededJson {
  name: 'DeadlineExceeded';
  message: string;
  afterMs: number;
}

/** A deadline's own copy's class: the pool makes the deadline and runs the job with its own copy of the converter. */
export function isDeadlineExceeded(err: unknown): err is DeadlineExceeded {
  return err instanceof DeadlineExceeded;
}

export interface Deadline {
  /**
   * Throws DeadlineExceeded once the time is up. Cheap enough to call in the converter's inner
   * loops: the clock is read only every CLOCK_EVERY calls.
   */
  check(): void;
}

const CLOCK_EVERY = 256;

const clock: () => number = typeof performance !== 'undefined' && typeof performance.now === 'function' ? () => performance.now() : () => Date.now();

/** A deadline `ms` milliseconds from now. */
export function deadlineIn(ms: number): Deadline {
  const at = clock() + ms;
  let calls = 0;
  return {
    check() {
      if (++calls % CLOCK_EVERY !== 0 && calls !== 1) return;
      if (clock() > at) throw new DeadlineExceeded(ms);
    },
  };
}

/** No deadline: checks cost one call. */
export const NO_DEADLINE: Deadline = { check() {} };

let active: Deadline = NO_DEADLINE;

/**
 * The hottest loops (the single-pass readers and the writers, per line or value) call
 * checkDeadline once every this many turns, counted in a field of their own: a call per
 * value cost the fast YAML -> JSON path about 20%.
 */
export const TICKS_PER_CHECK = 64;

/**
 * Checks the deadline of the conversion running now (set by convert and validate). The
 * readers and writers call it once per token, line, node or value, so that no input, however
 * built, runs long between two checks.
 */
export function checkDeadline(): void {
  active.check();
}

/** Runs `fn` with `deadline` as the one checkDeadline() checks (the converter is synchronous). */
export function withDeadline<T>(deadline: Deadline, fn: () => T): T {
  const saved = active;
  active = deadline;
  try {
    return fn();
  } finally {
    active = saved;
  }
}
