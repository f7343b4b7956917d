/**
 * Wording shared by the readers, so that the same mistake reads the same whichever reader
 * (readJson, readYaml) finds it.
 */

/** A 1-based line and column (UTF-16 code units), as in a ValidationIssue. */
export interface KeyPosition {
  line: number;
  column: number;
}

/**
 * `Duplicate key "name": first on line 2, again on line 7.` Both keys on one line: their
 * columns, `Duplicate key "a": first at column 2, again at column 10 of line 1.`
 */
export function duplicateKeyMessage(key: string, first: KeyPosition, again: KeyPosition): string {
  const where =
    first.line === again.line
      ? `first at column ${first.column}, again at column ${again.column} of line ${again.line}`
      : `first on line ${first.line}, again on line ${again.line}`;
  return `Duplicate key ${quoteForMessage(key)}: ${where}.`;
}

/** Quotes a piece of source text for a message: shortened when long, control characters shown as \uXXXX. */
export function quoteForMessage(text: string): string {
  const short = text.length > 40 ? `${text.slice(0, 37)}...` : text;
  return `"${short.replace(/[\u0000-\u001f\u007f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)}"`;
}
