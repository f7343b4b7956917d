// JSON strings: the fast scan, escapes, and the recovery of a string left open.
import * as chars from '../chars';
import { quoteForMessage } from '../messages';
import { TriviaReader } from './trivia';
import * as readerState from './reader-state';
import * as charClasses from './char-classes';

// Imported bindings read once (why: reader-state.ts).
const { codePointName } = readerState;
const { TAB, LF, CR, SPACE, DQUOTE, COMMA, COLON, BACKSLASH, RBRACKET, RBRACE, LOWER_U } = chars;
const { hexValue, simpleEscape } = charClasses;

/** Strings in double quotes: escapes decoded, control characters and unclosed strings reported. */
export abstract class StringReader extends TriviaReader {
  /** Reads a string starting at the opening quote at `pos` and returns its decoded value. */
  protected readString(): string {
    const s = this.src;
    const len = this.len;
    const start = this.pos + 1;
    let p = start;
    // Fast path: no escapes, no control characters.
    for (;;) {
      if (p >= len) break;
      const c = s.charCodeAt(p);
      if (c === DQUOTE) {
        this.pos = p + 1;
        return s.slice(start, p);
      }
      if (c === BACKSLASH || c < SPACE) break;
      p++;
    }
    return this.readEscapedString(start, p);
  }

  /**
   * The rest of the string whose text starts at `start`, from `p` (a backslash, a control
   * character or the end of the input): escapes decoded; invalid escapes and control
   * characters reported, and reading goes on.
   */
  protected readEscapedString(start: number, p: number): string {
    const s = this.src;
    const len = this.len;
    // The fast path has crossed no line break: the opening quote is on the current line.
    const quotePos = start - 1;
    const quoteLine = this.line;
    const quoteLineStart = this.lineStart;
    let out = '';
    for (;;) {
      if (p >= len) {
        this.pos = p;
        this.fail(
          'UNTERMINATED_STRING',
          'The string starting here is not closed; expected a closing quote (") before the end of the input.',
          quotePos,
          quoteLine,
          quoteLineStart,
        );
      }
      const c = s.charCodeAt(p);
      if (c === DQUOTE) {
        this.pos = p + 1;
        return out + s.slice(start, p);
      }
      if (c === BACKSLASH) {
        out += s.slice(start, p);
        out += this.readEscape(p);
        p = start = this.pos;
      } else if (c < SPACE) {
        if ((c === LF || c === CR) && !this.stringGoesOnPast(p)) {
          this.unclosedOnItsLine(p, quotePos, quoteLine, quoteLineStart);
          return out + s.slice(start, p);
        }
        // Reported, and kept in the value.
        p = this.controlCharacterInString(p, c);
      } else {
        p++;
      }
    }
  }

  /** Decodes the escape at `p` (its backslash) and moves `pos` past it; an invalid one is reported, and is ''. */
  protected readEscape(p: number): string {
    const s = this.src;
    const e = s.charCodeAt(p + 1);
    const simple = simpleEscape(e);
    if (simple !== '') {
      this.pos = p + 2;
      return simple;
    }
    if (e === LOWER_U) return this.readUnicodeEscape(p);
    // The backslash and the character after it (a whole code point), unless that is a line break.
    const shown = p + 1 >= this.len || e === LF || e === CR ? '\\' : s.slice(p, p + 1 + (e >= 0xd800 && e <= 0xdbff ? 2 : 1));
    this.report(
      'INVALID_ESCAPE',
      `Invalid escape ${quoteForMessage(shown)} in a string; the escapes allowed are \\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX.`,
      p,
    );
    this.pos = p + shown.length;
    return '';
  }

  /** `\uXXXX` at `p`: its UTF-16 unit; with fewer than four hex digits, reported, and ''. */
  protected readUnicodeEscape(p: number): string {
    const s = this.src;
    let code = 0;
    let digits = 0;
    while (digits < 4) {
      const h = hexValue(s.charCodeAt(p + 2 + digits));
      if (h < 0) break;
      code = code * 16 + h;
      digits++;
    }
    this.pos = p + 2 + digits;
    if (digits === 4) return String.fromCharCode(code);
    this.report(
      'INVALID_ESCAPE',
      `Invalid escape ${quoteForMessage(s.slice(p, p + 2 + digits))}: "\\u" must be followed by four hexadecimal digits.`,
      p,
    );
    return '';
  }

  /**
   * At a line break `p` inside a string: whether the string goes on to a later line (a line
   * break not escaped, reported as such) rather than missing its closing quote on this line.
   * It goes on when the next double quote could close it: only spaces or tabs, then `,`, `:`, a
   * closing bracket, a line break or the end of the input after it. Otherwise that quote
   * opens the next string, as in `"a": "text,` followed by `"b": 1` on the next line.
   */
  protected stringGoesOnPast(p: number): boolean {
    if (p < this.plausibleCloseAt) return true;
    const s = this.src;
    let q = s.indexOf('"', p);
    while (q > 0 && s.charCodeAt(q - 1) === BACKSLASH && s.charCodeAt(q - 2) !== BACKSLASH) q = s.indexOf('"', q + 1);
    if (q < 0) return false;
    let after = q + 1;
    let c = s.charCodeAt(after);
    while (c === SPACE || c === TAB) c = s.charCodeAt(++after);
    if (after < this.len && c !== COMMA && c !== COLON && c !== RBRACKET && c !== RBRACE && c !== LF && c !== CR) return false;
    this.plausibleCloseAt = q;
    return true;
  }

  /**
   * The string opened at `quotePos` has no closing quote on its line (reported there): it ends
   * at the line break `p`, and what follows on the next lines is read as JSON again, a missing
   * comma right there being part of the same mistake.
   */
  protected unclosedOnItsLine(p: number, quotePos: number, quoteLine: number, quoteLineStart: number): void {
    this.report(
      'UNTERMINATED_STRING',
      'The string starting here is not closed on its line; expected a closing quote (") before the line break.',
      quotePos,
      quoteLine,
      quoteLineStart,
    );
    this.pos = p;
    const s = this.src;
    let next = p;
    for (let c = s.charCodeAt(next); c === SPACE || c === TAB || c === LF || c === CR; c = s.charCodeAt(++next));
    this.echoAt = next;
  }

  /** A raw control character `c` at `p` in a string: reported (a line break starts a line); returns the position after it. */
  protected controlCharacterInString(p: number, c: number): number {
    if (c === LF || c === CR) {
      this.report('CONTROL_CHARACTER', 'A line break inside a string is not allowed; write it as \\n, or close the string with a quote (").', p);
      p += c === CR && this.src.charCodeAt(p + 1) === LF ? 2 : 1;
      this.line++;
      this.lineStart = p;
      return p;
    }
    this.report('CONTROL_CHARACTER', `The control character ${codePointName(c)} must be escaped inside a string${c === TAB ? ' (as \\t)' : ''}.`, p);
    return p + 1;
  }
}
