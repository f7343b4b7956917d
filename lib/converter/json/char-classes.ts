// The classes of characters the JSON reader, and the single-pass JSON writers' scanner, tell apart.
import * as chars from '../chars';

// Imported bindings read once (why: reader-state.ts).
const {
  TAB,
  LF,
  CR,
  SPACE,
  DQUOTE,
  DOLLAR,
  SQUOTE,
  PLUS,
  COMMA,
  DASH,
  DOT,
  SLASH,
  ZERO,
  NINE,
  COLON,
  LBRACKET,
  BACKSLASH,
  RBRACKET,
  UNDERSCORE,
  LBRACE,
  RBRACE,
  UPPER_A,
  UPPER_F,
  UPPER_Z,
  LOWER_A,
  LOWER_B,
  LOWER_F,
  LOWER_N,
  LOWER_R,
  LOWER_T,
  LOWER_Z,
} = chars;

/** A character that can start a value (used to detect a missing comma or colon). */
export function startsValue(c: number): boolean {
  return c === DQUOTE || c === LBRACE || c === LBRACKET || c === DASH || (c >= ZERO && c <= NINE) || isBareChar(c);
}

/**
 * Letters, digits, `_` and `$`: the characters of a bare word (`true`, `NaN`, an unquoted key).
 * The single-pass JSON writers' scanner takes words exactly as this reader does.
 */
export function isBareChar(c: number): boolean {
  return (c >= LOWER_A && c <= LOWER_Z) || (c >= UPPER_A && c <= UPPER_Z) || (c >= ZERO && c <= NINE) || c === UNDERSCORE || c === DOLLAR;
}

/** Characters that continue a (possibly invalid) number. */
export function isNumberChar(c: number): boolean {
  return isBareChar(c) || c === DOT || c === PLUS || c === DASH;
}

/** A character nothing in JSON starts with: skipped as a run, with the error about its first. */
export function isJunk(c: number): boolean {
  return !(
    c === SPACE ||
    c === TAB ||
    c === LF ||
    c === CR ||
    c === COMMA ||
    c === COLON ||
    c === LBRACKET ||
    c === RBRACKET ||
    c === LBRACE ||
    c === RBRACE ||
    c === DQUOTE ||
    c === SQUOTE ||
    c === SLASH ||
    c === DOT ||
    c === PLUS ||
    startsValue(c)
  );
}

export function simpleEscape(c: number): string {
  switch (c) {
    case DQUOTE:
      return '"';
    case BACKSLASH:
      return '\\';
    case SLASH:
      return '/';
    case LOWER_B:
      return '\b';
    case LOWER_F:
      return '\f';
    case LOWER_N:
      return '\n';
    case LOWER_R:
      return '\r';
    case LOWER_T:
      return '\t';
    default:
      return '';
  }
}

/** The value of a hexadecimal digit, or -1. */
export function hexValue(c: number): number {
  if (c >= ZERO && c <= NINE) return c - ZERO;
  if (c >= LOWER_A && c <= LOWER_F) return c - LOWER_A + 10;
  if (c >= UPPER_A && c <= UPPER_F) return c - UPPER_A + 10;
  return -1;
}
