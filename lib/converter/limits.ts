/** Safety bounds of the converter, in one place. */
import type { YNode } from './types';

/**
 * Collections nested deeper than this are refused (`limit_exceeded`) before anything
 * recursive runs. The `yaml` composer recurses and exhausts a default Node stack at about
 * 780 levels (and V8 can then die compiling a regular expression, killing the process), so
 * the bound keeps a wide margin. Real documents rarely nest past 30.
 */
export const MAX_DEPTH = 256;

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
 * Nodes in the expanded tree under an IR node, what an alias adds to the expansion budget
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
  return 1;
}
