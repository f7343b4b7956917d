/**
 * The fast paths' one way out (the single-pass YAML reader in yaml/fast/ and the single-pass JSON
 * writers in fast-json/): anything they do not handle exactly like the reference path (or anything
 * invalid, which the reference must report with positions) throws a Bail, and the caller runs the
 * reference path instead. Not an Error: no stack trace is captured, so giving up is cheap.
 */
export class Bail {
  constructor(readonly reason: string) {}
}

export function bail(reason = 'not read exactly like the reference path'): never {
  throw new Bail(reason);
}

export function isBail(e: unknown): e is Bail {
  return e instanceof Bail;
}

/** Runs a fast path: its answer, or null when it gave up (a Bail) and the reference path must run. */
export function orHandOver<T>(run: () => T): T | null {
  try {
    return run();
  } catch (err) {
    if (isBail(err)) return null;
    throw err;
  }
}
