// Where an editor marker goes for a problem's line and column: always over visible text. The converter reports some problems at a line's indentation (TAB_INDENT at column 1) or at
// a zero-width place on an empty line (UNEXPECTED_END after the last line); a squiggle there is
// drawn under blanks or not at all.

/** The text the marker is placed in (Monaco's model satisfies it). */
export interface MarkerText {
  getLineCount(): number;
  /** 1-based. */
  getLineContent(lineNumber: number): string;
}

/** 1-based, end exclusive, as Monaco's ranges; never empty. */
export interface MarkerRange {
  startLineNumber: number;
  startColumn: number;
  endLineNumber: number;
  endColumn: number;
}

const BLANK = /\s/;
/** Characters a name or a number is made of: the marker covers the whole word it starts on. */
const WORD = /[\p{L}\p{N}_.$-]/u;

/**
 * The range to mark for a problem at `line`, `column` (1-based, as the converter reports them):
 * - on a non-blank character: the word it starts (or that one character, for punctuation);
 * - on indentation: the line's first word instead;
 * - on trailing blanks, past the end of the line, or on a blank line: the last word before it
 *   (on an earlier line when this one is blank);
 * - in a text with no visible character: the first column, one character wide.
 */
export function markerRange(text: MarkerText, line: number, column: number): MarkerRange {
  const lineCount = Math.max(text.getLineCount(), 1);
  const lineNumber = Math.min(Math.max(Math.trunc(line) || 1, 1), lineCount);
  const content = text.getLineContent(lineNumber);
  const index = Math.max(Math.trunc(column) || 1, 1) - 1;
  const firstVisible = content.search(/\S/);
  if (firstVisible >= 0 && index < content.length && !BLANK.test(content[index]!)) {
    return wordFrom(lineNumber, content, index);
  }
  if (firstVisible >= 0 && index < firstVisible) return wordFrom(lineNumber, content, firstVisible);
  if (firstVisible >= 0) return lastWordBefore(lineNumber, content, Math.min(index, content.length));
  for (let previous = lineNumber - 1; previous >= 1; previous--) {
    const earlier = text.getLineContent(previous);
    if (/\S/.test(earlier)) return lastWordBefore(previous, earlier, earlier.length);
  }
  return { startLineNumber: lineNumber, startColumn: 1, endLineNumber: lineNumber, endColumn: 2 };
}

/** The word starting at `index` (a visible character), or that character alone. */
function wordFrom(lineNumber: number, content: string, index: number): MarkerRange {
  let end = index + 1;
  if (WORD.test(content[index]!)) {
    while (end < content.length && WORD.test(content[end]!)) end++;
  }
  return { startLineNumber: lineNumber, startColumn: index + 1, endLineNumber: lineNumber, endColumn: end + 1 };
}

/** The last word (or visible character) ending before `limit`; the line has a visible character before it. */
function lastWordBefore(lineNumber: number, content: string, limit: number): MarkerRange {
  let end = limit;
  while (end > 0 && BLANK.test(content[end - 1]!)) end--;
  let start = end - 1;
  if (WORD.test(content[start]!)) {
    while (start > 0 && WORD.test(content[start - 1]!)) start--;
  }
  return { startLineNumber: lineNumber, startColumn: start + 1, endLineNumber: lineNumber, endColumn: end + 1 };
}
