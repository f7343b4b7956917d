/**
 * The fast reader's way out: anything it does not handle exactly like the reference path
 * (or anything invalid, which the reference must report) throws a Bail, and the caller
 * runs the reference path instead. Not an Error: no stack trace is captured.
 */
export class Bail {
  constructor(readonly reason: string) {}
}

export function bail(reason: string): never {
  throw new Bail(reason);
}

export function isBail(e: unknown): e is Bail {
  return e instanceof Bail;
}
