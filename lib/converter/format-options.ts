/**
 * The output formatting options of a conversion (issue 12 §3): what each accepts, its default
 * (today's output, byte for byte) and the one check that refuses anything else with a message
 * listing the accepted values. The API's zod schemas (lib/conversion/request-schemas.ts) say the
 * same; this check is for callers of the library (the playground, the benchmark).
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
import { ConversionError } from './errors';

export type JsonStyle = 'pretty' | 'compact';
export type QuoteStyle = 'plain' | 'single' | 'double';

export const INDENTS = [2, 4] as const;
export const JSON_STYLES: readonly JsonStyle[] = ['pretty', 'compact'];
export const QUOTE_STYLES: readonly QuoteStyle[] = ['plain', 'single', 'double'];
/** Narrower lines leave no room for text once a few levels of indentation are written. */
export const MIN_LINE_WIDTH = 20;

/** What each option accepts, as every refusal says it (here and in the API's zod schemas). */
export const FORMAT_ACCEPTED = {
  indent: '2 or 4',
  sortKeys: 'true or false',
  jsonStyle: JSON_STYLES.map((s) => `"${s}"`).join(', '),
  flowLevel: 'an integer from 0 (0: the whole document in flow style)',
  quoteStyle: QUOTE_STYLES.map((s) => `"${s}"`).join(', '),
  lineWidth: `an integer from ${MIN_LINE_WIDTH}`,
} as const;

/** The formatting fields of a convert or format request, as sent (all optional). */
export interface FormatRequestOptions {
  indent?: number;
  sortKeys?: boolean;
  jsonStyle?: JsonStyle;
  /** null: never (as absent). */
  flowLevel?: number | null;
  quoteStyle?: QuoteStyle;
  /** null: never fold (as absent). */
  lineWidth?: number | null;
}

/** The checked options; `null` flowLevel / lineWidth: never flow, never fold. */
export interface FormatOptions {
  indent: 2 | 4;
  sortKeys: boolean;
  jsonStyle: JsonStyle;
  flowLevel: number | null;
  quoteStyle: QuoteStyle;
  lineWidth: number | null;
}

export const DEFAULT_FORMAT: Readonly<FormatOptions> = Object.freeze({
  indent: 2,
  sortKeys: false,
  jsonStyle: 'pretty',
  flowLevel: null,
  quoteStyle: 'plain',
  lineWidth: null,
});

/** Whether `options` give today's output (the fast paths then may answer). */
export function isDefaultFormat(options: FormatOptions): boolean {
  return (
    options.indent === 2 &&
    !options.sortKeys &&
    options.jsonStyle === 'pretty' &&
    options.flowLevel === null &&
    options.quoteStyle === 'plain' &&
    options.lineWidth === null
  );
}

/** The request's formatting fields checked; anything else is a bad_request naming the accepted values. */
export function parseFormatOptionsOrThrow(request: FormatRequestOptions): FormatOptions {
  const { indent, sortKeys, jsonStyle, flowLevel, quoteStyle, lineWidth } = request;
  if (
    indent === undefined &&
    sortKeys === undefined &&
    jsonStyle === undefined &&
    flowLevel === undefined &&
    quoteStyle === undefined &&
    lineWidth === undefined
  ) {
    return DEFAULT_FORMAT;
  }
  if (indent !== undefined && indent !== 2 && indent !== 4) throw badOption('indent', indent, FORMAT_ACCEPTED.indent);
  if (sortKeys !== undefined && typeof sortKeys !== 'boolean') throw badOption('sortKeys', sortKeys, FORMAT_ACCEPTED.sortKeys);
  if (jsonStyle !== undefined && !JSON_STYLES.includes(jsonStyle)) throw badOption('jsonStyle', jsonStyle, FORMAT_ACCEPTED.jsonStyle);
  if (flowLevel != null && !(Number.isSafeInteger(flowLevel) && flowLevel >= 0)) {
    throw badOption('flowLevel', flowLevel, FORMAT_ACCEPTED.flowLevel);
  }
  if (quoteStyle !== undefined && !QUOTE_STYLES.includes(quoteStyle)) throw badOption('quoteStyle', quoteStyle, FORMAT_ACCEPTED.quoteStyle);
  if (lineWidth != null && !(Number.isSafeInteger(lineWidth) && lineWidth >= MIN_LINE_WIDTH)) {
    throw badOption('lineWidth', lineWidth, FORMAT_ACCEPTED.lineWidth);
  }
  return {
    indent: indent ?? 2,
    sortKeys: sortKeys ?? false,
    jsonStyle: jsonStyle ?? 'pretty',
    flowLevel: flowLevel ?? null,
    quoteStyle: quoteStyle ?? 'plain',
    lineWidth: lineWidth ?? null,
  } as FormatOptions;
}

function badOption(field: string, value: unknown, accepted: string): ConversionError {
  return new ConversionError('bad_request', `Field "${field}" cannot be ${JSON.stringify(value) ?? String(value)}; accepted: ${accepted}.`);
}

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
