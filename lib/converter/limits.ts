/** Safety bounds of the converter, in one place. */

/** Collections nested deeper than this are refused (`limit_exceeded`), before any recursion can overflow the stack. */
export const MAX_DEPTH = 1000;

/** At most this many positioned errors are reported. */
export const MAX_ERRORS = 100;

/**
 * Alias expansion is bounded by the number of nodes it produces, not by a count of aliases:
 * a Compose file with thousands of `<<: *defaults` is fine, a "billion laughs" is not.
 * The bound is the larger of a floor and a multiple of the nodes written in the source.
 */
export const ALIAS_EXPANSION_FLOOR = 1_000_000;
export const ALIAS_EXPANSION_FACTOR = 10;

export function aliasExpansionBudget(sourceNodes: number): number {
  return Math.max(ALIAS_EXPANSION_FLOOR, ALIAS_EXPANSION_FACTOR * sourceNodes);
}
