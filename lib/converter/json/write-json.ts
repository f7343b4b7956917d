import type { YDocument } from '../types';

export interface WriteJsonOptions {
  /** Write JSONC: comments as `//` lines before the key or element, end-of-line comments at the end of the line. */
  comments: boolean;
  /** Called for things the output cannot say exactly (two keys with the same string form). */
  onWarning?: (message: string) => void;
}

/**
 * Writes documents as JSON text with two-space indentation and a final newline:
 * no document -> `null`, one -> its value, several -> an array of them.
 */
export function writeJson(_documents: YDocument[], _options: WriteJsonOptions): string {
  throw new Error('writeJson: not implemented yet');
}
