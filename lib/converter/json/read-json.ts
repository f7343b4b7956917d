// The reference JSON and JSONC reader: text in, the IR (one document) out, with every error positioned.
// The reader is split by grammar region, one class built on the next (reader-state.ts says how).
import type { YDocument, ValidationIssue } from '../types';
import { JsonReader } from './reader';

export interface ReadJsonOptions {
  /** Strict RFC 8259: comments and trailing commas are errors (suggesting `jsonc`), an empty input is an error. */
  strict: boolean;
  /** Attach comments to the IR (JSONC -> YAML with preserveComments). */
  comments: boolean;
}

export interface ReadJsonResult {
  /** Present when `errors` is empty. An empty (or whitespace-only) non-strict input gives contents `null`. */
  document: YDocument | null;
  /** Every problem found, capped at MAX_ERRORS, in source order. */
  errors: ValidationIssue[];
  /** Comments in the input (`//` and block comments), counted whatever `comments` says. */
  commentsCount: number;
  /** E.g. a duplicate key (the last value wins, at the first key's place). */
  warnings: string[];
  /**
   * Deepest nesting of arrays/objects seen (0 for a scalar). The parser itself is
   * iterative and has no depth limit; `convert` refuses documents deeper than MAX_DEPTH
   * because the writers recurse.
   */
  maxDepth: number;
}

export function readJson(text: string, options: ReadJsonOptions): ReadJsonResult {
  return new JsonReader(text, options.strict, options.comments).read();
}
