// JSON scalars: numbers (their exact text), true, false and null, and the recovery where a value is missing.
import * as chars from '../chars';
import { quoteForMessage } from '../messages';
import type { YNode } from '../types';
import { StringReader } from './strings';
import * as readerState from './reader-state';
import * as charClasses from './char-classes';

// Imported bindings read once (why: reader-state.ts).
const { NO_VALUE, apostropheHint } = readerState;
const { DQUOTE, SQUOTE, PLUS, COMMA, DASH, DOT, ZERO, ONE, NINE, UPPER_E, LOWER_E, LOWER_F, LOWER_N, LOWER_T } = chars;
const { isBareChar, isNumberChar } = charClasses;

/** A value that is no collection: a string, a number, a literal, or what stands where a value should be. */
export abstract class ScalarReader extends StringReader {
  /** Reads a string, number or literal starting with `c` at `pos` (not at the end of input). */
  protected readScalar(c: number): YNode {
    if (c === DQUOTE) return { kind: 'string', value: this.readString() };
    if (c === DASH || (c >= ZERO && c <= NINE) || c === DOT || c === PLUS) return this.readNumber();
    if (c === LOWER_T && this.readWord('true')) return { kind: 'bool', value: true };
    if (c === LOWER_F && this.readWord('false')) return { kind: 'bool', value: false };
    if (c === LOWER_N && this.readWord('null')) return { kind: 'null' };
    return this.unexpectedValue(c);
  }

  /**
   * Where a value should be, something else (reported): a bare word or a single-quoted string
   * is read as the value; before `,` or a closing bracket the value is missing (null); a `:` or
   * other characters are skipped (NO_VALUE: the value is looked for after them). At the top
   * level, reading stops.
   */
  protected unexpectedValue(c: number): YNode {
    const s = this.src;
    const p = this.pos;
    if (isBareChar(c)) {
      let end = p + 1;
      while (isBareChar(s.charCodeAt(end))) end++;
      const word = s.slice(p, end);
      this.report('UNEXPECTED_TOKEN', `Expected a value but found ${quoteForMessage(word)}; ${wordHint(word)}`, p);
      this.pos = end;
      return { kind: 'null' };
    }
    if (this.frames.length === 0) {
      return this.fail('UNEXPECTED_TOKEN', `Expected a value but found ${this.found(p)}${apostropheHint(c)}.`, p);
    }
    if (c === SQUOTE) {
      const end = this.tokenEnd(p);
      const closed = end - p >= 2 && s.charCodeAt(end - 1) === SQUOTE;
      const shown = closed ? quoteForMessage(s.slice(p, end)) : this.found(p);
      this.report('UNEXPECTED_TOKEN', `Expected a value but found ${shown}${apostropheHint(c)}.`, p);
      if (closed) {
        this.pos = end;
        return { kind: 'string', value: s.slice(p + 1, end - 1) };
      }
      this.skipJunk();
      return NO_VALUE;
    }
    this.report('UNEXPECTED_TOKEN', `Expected a value but found ${this.found(p)}.`, p);
    if (c === COMMA || this.closesFrame(c)) return { kind: 'null' };
    this.skipJunk();
    return NO_VALUE;
  }

  /** Whether `word` is at `pos`, whole (not the start of a longer word); if so, `pos` moves past it. */
  protected readWord(word: string): boolean {
    const p = this.pos;
    if (!this.src.startsWith(word, p) || isBareChar(this.src.charCodeAt(p + word.length))) return false;
    this.pos = p + word.length;
    return true;
  }

  /** Reads a number; an invalid one is reported (with its whole run of number-like characters) and read as null. */
  protected readNumber(): YNode {
    const s = this.src;
    const start = this.pos;
    let p = start;
    let c = s.charCodeAt(p);
    let problem = '';
    if (c === DASH) c = s.charCodeAt(++p);
    if (c === ZERO) {
      c = s.charCodeAt(++p);
      if (c >= ZERO && c <= NINE) problem = 'leading zeros are not allowed';
    } else if (c >= ONE && c <= NINE) {
      do c = s.charCodeAt(++p);
      while (c >= ZERO && c <= NINE);
    } else if (p > start) {
      problem = 'expected a digit after the minus sign';
    } else {
      problem = c === PLUS ? 'a leading "+" is not allowed' : 'a number must start with a digit or "-"';
    }
    if (!problem && c === DOT) {
      c = s.charCodeAt(++p);
      if (c >= ZERO && c <= NINE) {
        do c = s.charCodeAt(++p);
        while (c >= ZERO && c <= NINE);
      } else problem = 'expected a digit after the decimal point';
    }
    if (!problem && (c === LOWER_E || c === UPPER_E)) {
      c = s.charCodeAt(++p);
      if (c === PLUS || c === DASH) c = s.charCodeAt(++p);
      if (c >= ZERO && c <= NINE) {
        do c = s.charCodeAt(++p);
        while (c >= ZERO && c <= NINE);
      } else problem = 'expected a digit in the exponent';
    }
    if (!problem && isNumberChar(c)) problem = `unexpected ${quoteForMessage(String.fromCharCode(c))} in a number`;
    if (!problem) {
      this.pos = p;
      return { kind: 'number', text: s.slice(start, p) };
    }
    return this.invalidNumber(start, p, problem);
  }

  /** Reports the number at `start` (its problem found at `p`) with its whole run of number-like characters; read as null. */
  protected invalidNumber(start: number, p: number, problem: string): YNode {
    const s = this.src;
    while (isNumberChar(s.charCodeAt(p))) p++;
    const text = s.slice(start, p);
    if (/^-?0[xX]/.test(text)) problem = 'hexadecimal numbers are not allowed in JSON';
    else if (/^[-+]?(Infinity|NaN)$/i.test(text)) problem = 'Infinity and NaN are not JSON values';
    this.report('INVALID_NUMBER', `Invalid number ${quoteForMessage(text)}: ${problem}.`, start);
    this.pos = p;
    return { kind: 'null' };
  }
}

function wordHint(word: string): string {
  const lower = word.toLowerCase();
  for (const literal of ['true', 'false', 'null']) {
    if (word.length >= 2 && word !== literal && literal.startsWith(word)) return `did you mean ${literal}?`;
  }
  if (lower === 'true' || lower === 'false' || lower === 'null') return `JSON writes it in lowercase: ${lower}.`;
  if (word === 'None' || word === 'nil' || word === 'undefined') return 'JSON has null for a missing value.';
  if (lower === 'nan' || lower === 'infinity' || lower === 'inf') return 'Infinity and NaN are not JSON values.';
  return 'strings must be in double quotes.';
}
