// The CLI's exit codes and the one error that ends a run with code 2.

/** 0: every file is fine; 1: some input is invalid (or would be reformatted, with --check); 2: a usage or setup error. */
export const EXIT_OK = 0;
export const EXIT_INVALID = 1;
export const EXIT_USAGE = 2;

/**
 * Anything that is not the input's fault: an unknown flag, a missing file, a bad option value, a bad
 * schema, --remote without a key, a server that refuses the key or cannot be reached. Ends the run
 * with exit code 2 and its message on stderr.
 */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}
