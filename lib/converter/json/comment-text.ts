/**
 * Text of JSONC comments as the IR keeps it (NodeComments): a line comment's exact text after
 * `//`; a block comment gives one string per line, each with one space before its text.
 */
import { SPACE, TAB } from '../chars';

/** `raw` is what follows `//` up to the end of the line: kept as it is. */
export function lineCommentText(raw: string): string {
  return raw;
}

/** A block comment's line of text, normalised: one leading space removed, trailing blanks dropped. */
function blockLineText(raw: string): string {
  return trimBlankEnd(raw.charCodeAt(0) === SPACE ? raw.slice(1) : raw);
}

/** `inner` is what lies between `/*` and `*\/`: its lines, each as ` text` (or '' when blank). */
export function blockCommentLines(inner: string): string[] {
  return normalisedBlockLines(inner).map((line) => (line === '' ? '' : ' ' + line));
}

function normalisedBlockLines(inner: string): string[] {
  const lines = inner.split(/\r\n|\r|\n/);
  // `/** text */`: the extra stars belong to the marker.
  if (lines.length === 1) return [blockLineText(inner.replace(/^\*+(?=\s|$)/, ''))];

  // The `/*` and `*/` lines of a boxed comment carry no text (`/**` counts as such).
  const first = lines[0]!;
  const keepFirst = !/^[\s*]*$/.test(first);
  let rest = lines.slice(1);
  if (rest.length > 0 && /^\s*$/.test(rest[rest.length - 1]!)) rest = rest.slice(0, -1);

  // Continuation lines: strip a ` * ` prefix when every line has one, else their common indentation.
  const nonBlank = rest.filter((l) => !/^\s*$/.test(l));
  if (nonBlank.length > 0 && nonBlank.every((l) => /^\s*\*(?!\/)/.test(l))) {
    rest = rest.map((l) => l.replace(/^\s*\*? ?/, ''));
  } else {
    let indent = Infinity;
    for (const l of nonBlank) indent = Math.min(indent, /^[ \t]*/.exec(l)![0].length);
    if (indent !== Infinity) rest = rest.map((l) => l.slice(Math.min(indent, leadingBlanks(l))));
  }
  const out = keepFirst ? [blockLineText(first), ...rest.map(trimBlankEnd)] : rest.map(trimBlankEnd);
  return out.length > 0 ? out : [''];
}

function leadingBlanks(s: string): number {
  let i = 0;
  while (i < s.length && (s.charCodeAt(i) === SPACE || s.charCodeAt(i) === TAB)) i++;
  return i;
}

function trimBlankEnd(s: string): string {
  let end = s.length;
  while (end > 0 && (s.charCodeAt(end - 1) === SPACE || s.charCodeAt(end - 1) === TAB)) end--;
  return end === s.length ? s : s.slice(0, end);
}
