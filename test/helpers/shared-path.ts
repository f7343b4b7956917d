import path from 'node:path';

/**
 * `../shared` beside the repository: CI clones the repo as `<dir>/main` with `<dir>/shared`
 * next to it. Tests read the conformance suites from there; nothing is copied in.
 */
export const SHARED_DIR = process.env.YAMLJSON_SHARED_DIR ?? path.resolve(__dirname, '../../../shared');

export function sharedPath(...parts: string[]): string {
  return path.join(SHARED_DIR, ...parts);
}
