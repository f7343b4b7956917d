/** Safety bounds of the converter, in one place. */
import type { YNode } from './types';

/**
 * Collections nested deeper than this are refused (`limit_exceeded`) before anything
 * recursive runs. The `yaml` composer recurses and exhausts a default Node stack at about
 * 780 levels (and V8 can then die compiling a regular expression, killing the process), so
 * the bound keeps a wide margin. Real documents rarely nest past 30.
 */
export const MAX_DEPTH = 256;

/**
 * Integers written in base 2, 8, 16 or 60 (0x..., YAML 1.1's 1:30:00...) with more digits than
 * this are refused (`limit_exceeded`): converting them to decimal digits takes BigInt work
 * growing with the square of their length (0.6 s for a 200 KB base-60 integer). Decimal
 * integers of any length are kept as written. The figure is Python's default int limit.
 */
export const MAX_INTEGER_DIGITS = 4300;

/** At most this many positioned errors are reported. */
export const MAX_ERRORS = 100;

/**
 * Alias expansion is bounded by the number of nodes it produces, not by a count of aliases:
 * a Compose file with thousands of `<<: *defaults` is fine, a "billion laughs" is not.
 * Aliases and merge keys may add at most max(1,000,000, input length in characters) nodes:
 * linear in the input, so the output can never be more than a small multiple of it.
 */
export const ALIAS_EXPANSION_FLOOR = 1_000_000;

export function aliasExpansionBudget(inputLength: number): number {
  return Math.max(ALIAS_EXPANSION_FLOOR, inputLength);
}

/**
 * A scalar weighs one node per started 16 characters of its text, not one node: otherwise a
 * 100 KB string aliased 1,000 times counts 1,000 nodes and expands a small document into
 * 100 MB of output. So the budget bounds the output's size, about 16 characters a node.
 */
export const CHARS_PER_NODE = 16;

export function scalarWeight(length: number): number {
  return 1 + Math.floor(length / CHARS_PER_NODE);
}

/** What a scalar of the IR weighs (a collection's own node weighs 1). */
export function nodeWeight(node: YNode): number {
  if (node.kind === 'string') return scalarWeight(node.value.length);
  if (node.kind === 'number') return scalarWeight(node.text.length);
  return 1;
}

/**
 * An implicit key (`key: value`) may be at most 1024 characters long (YAML 1.2, 7.4.2); a
 * longer key is written as an explicit entry (`? key` then `: value`). Shared by writeYaml
 * and the single-pass JSON -> YAML writer, whose outputs must stay byte-identical.
 */
export const MAX_IMPLICIT_KEY = 1024;

/**
 * Nodes in the expanded tree under an IR node (scalars weighed by scalarWeight), what an alias adds to the expansion budget
 * (memoised: a shared subtree is measured once). Used by both YAML readers.
 */
const sizes = new WeakMap<YNode, number>();
export function expandedSize(node: YNode): number {
  if (node.kind === 'seq' || node.kind === 'map') {
    const known = sizes.get(node);
    if (known !== undefined) return known;
    let n = 1;
    if (node.kind === 'seq') for (const i of node.items) n += expandedSize(i);
    else for (const e of node.entries) n += expandedSize(e.key) + expandedSize(e.value);
    sizes.set(node, n);
    return n;
  }
  return nodeWeight(node);
}

/* The fast YAML reader's own bounds (yaml/fast/): below the reference's, so that near a limit it
 * hands the document to readYaml, which reports it with the reference's message. */

/** Collections nested deeper than this bail to readYaml (which refuses past MAX_DEPTH, 256). */
export const MAX_FAST_DEPTH = 200;

/** Alias expansion may put a subtree this deep at most (past it readYaml refuses at MAX_DEPTH). */
export const MAX_EXPANDED_DEPTH = 200;

/** Implicit keys longer than this bail (the reference refuses keys over 1024 characters). */
export const MAX_KEY_LENGTH = 1000;

/** Longer JSON output bails before the string grows past what V8 can hold (2^29 - 24 characters). */
export const MAX_OUTPUT_LENGTH = (1 << 29) - (1 << 20);
