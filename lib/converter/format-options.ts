/**
 * The output formatting options of a conversion: the decisions behind them. What each
 * accepts, its default (today's output, byte for byte) and its words are rows of the option table
 * (option-table.ts); the one check that refuses anything else is options.ts.
 *
 * Decisions (also in the OpenAPI descriptions and the README):
 * - `indent` 2 or 4 spaces, JSON and YAML. In YAML a sequence item that holds a collection starts
 *   on the `-` line padded to the indent (`-   a: 1`, as js-yaml writes it), so the entries align.
 * - `sortKeys`: mapping keys sorted by Unicode code point of their string form (the order of
 *   UTF-8 bytes, Python's `sort_keys`, `jq -S`, Go's encoding/json); `"10"` sorts before `"9"`.
 *   Stable: keys with the same string form keep their order. YAML merge entries (`<<: *base`,
 *   kept with preserveAnchors) stay first, in their order: where a merge sits never changes the
 *   data, and first is where people (and the merge key's own examples) put them.
 * - `jsonStyle: "compact"`: the JSON on one line with no white space at all. JSONC comments have
 *   no place there, so compact with preserveComments is refused (bad_request) rather than losing them.
 * - `flowLevel` n: YAML collections nested n or more levels deep (the root is level 0) are written
 *   in flow style on one line (`{a: 1, b: [x, y]}`), as js-yaml's flowLevel. A collection that
 *   holds comments (preserveComments) stays in block style so no comment is lost.
 * - `quoteStyle`: "plain" (default) writes strings plain where every YAML 1.1 and 1.2 reader reads
 *   them back as the same string, double-quoted otherwise. "single" and "double" quote every string
 *   value in that quote; keys stay plain where safe and use that quote otherwise. Single quotes
 *   cannot escape, so a string with a character they cannot carry (a control character, a YAML 1.1
 *   line break) is double-quoted. Strings with line breaks stay block literals (`|`) in every style.
 * - `lineWidth` n: plain and quoted string values longer than the line are folded at single spaces
 *   (between two non-space characters) so that no line is longer than n where such a space exists;
 *   they read back as the same string. Keys, block literals and flow collections are not folded.
 *   Counted in UTF-16 code units.
 */
import type { OptionValue } from './option-table';

export type JsonStyle = OptionValue<'jsonStyle'>;
export type QuoteStyle = OptionValue<'quoteStyle'>;

/** The message of compact JSON asked together with preserveComments. */
export const COMPACT_WITH_COMMENTS =
  'jsonStyle "compact" writes one line with no room for // comments, so it cannot be combined with preserveComments; use jsonStyle "pretty" to keep the comments, or leave preserveComments off.';

/**
 * Code-point order of two strings (the order of their UTF-8 bytes). Differs from `<` on UTF-16
 * code units only where a character above U+FFFF meets one in U+E000..U+FFFF.
 */
export function compareCodePoints(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    // A surrogate (D800..DFFF) stands for a code point above every BMP character.
    const xs = x >= 0xd800 && x <= 0xdfff;
    const ys = y >= 0xd800 && y <= 0xdfff;
    if (xs !== ys) return xs ? 1 : -1;
    return x - y;
  }
  return a.length - b.length;
}
