/**
 * The tokenizer shared by the single-pass JSON writers (json-to-yaml-fast.ts,
 * json-to-json-fast.ts). It accepts exactly what `readJson` accepts in JSONC mode and
 * reads values exactly as it does; anything else (any syntax error, whatever its kind)
 * throws a Bail (../bail.ts), and the caller hands the document to the reference path (readJson and a
 * writer), which reports the errors with their positions.
 */

import { bail } from '../bail';
import * as chars from '../chars';
import { hexValue, isBareChar } from '../json/char-classes';

/* Read once: under a CommonJS transform (tsx, vitest) each use of an imported name is a getter call. */
const { TAB, LF, CR, SPACE, DQUOTE, STAR, PLUS, COMMA, DASH, DOT, SLASH, ZERO, NINE } = chars;
const { BACKSLASH, RBRACKET, RBRACE, BOM, UPPER_E } = chars;
const { LOWER_B, LOWER_E, LOWER_F, LOWER_N, LOWER_R, LOWER_T, LOWER_U } = chars;

/** 1: a bare word's characters (as readJson's isBareChar); 2: `.`, `+`, `-`, which continue a number. */
const WORDISH = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  WORDISH[c] = isBareChar(c) ? 1 : c === DOT || c === PLUS || c === DASH ? 2 : 0;
}

export class JsonScanner {
  protected readonly src: string;
  protected readonly len: number;
  protected pos = 0;
  /** `//` and block comments seen (readJson counts them the same way). */
  commentsCount = 0;
  /** Set by `number()`: whether the number just read has an exponent. */
  protected exponent = false;
  /** Set by `string()`: whether the string just read had escapes (else its value is the source between its quotes). */
  protected escaped = false;

  constructor(src: string) {
    this.src = src;
    this.len = src.length;
    if (src.charCodeAt(0) === BOM) this.pos = 1;
  }

  /** Skips white space and comments; an unclosed block comment bails. */
  protected skipTrivia(): void {
    const s = this.src;
    let p = this.pos;
    for (;;) {
      const c = s.charCodeAt(p);
      if (c === SPACE || c === LF || c === CR || c === TAB) {
        p++;
      } else if (c === SLASH) {
        const d = s.charCodeAt(p + 1);
        if (d === SLASH) {
          p += 2;
          for (;;) {
            const e = s.charCodeAt(p);
            if (e === LF || e === CR || p >= this.len) break;
            p++;
          }
        } else if (d === STAR) {
          const end = s.indexOf('*/', p + 2);
          if (end < 0) bail();
          p = end + 2;
        } else break;
        this.commentsCount++;
      } else break;
    }
    this.pos = p;
  }

  /**
   * Reads the string whose opening quote is at `pos` and returns its value. Strings without
   * escapes come back as a slice of the source; an invalid escape, a control character or
   * a missing closing quote bails.
   */
  protected string(): string {
    const s = this.src;
    const start = this.pos + 1;
    let p = start;
    for (;;) {
      const c = s.charCodeAt(p);
      if (c === DQUOTE) {
        this.pos = p + 1;
        this.escaped = false;
        return s.slice(start, p);
      }
      if (c === BACKSLASH || c < SPACE || p >= this.len) break;
      p++;
    }
    this.escaped = true;
    return this.escapedString(start, p);
  }

  /** The rest of a string from `p` (the first backslash), decoded as readJson decodes it. */
  private escapedString(start: number, p: number): string {
    const s = this.src;
    let out = s.slice(start, p);
    let from = p;
    for (;;) {
      if (p >= this.len) bail();
      const c = s.charCodeAt(p);
      if (c === DQUOTE) {
        this.pos = p + 1;
        return out + s.slice(from, p);
      }
      if (c < SPACE) bail();
      if (c !== BACKSLASH) {
        p++;
        continue;
      }
      out += s.slice(from, p);
      const e = s.charCodeAt(p + 1);
      switch (e) {
        case DQUOTE:
          out += '"';
          break;
        case BACKSLASH:
          out += '\\';
          break;
        case SLASH:
          out += '/';
          break;
        case LOWER_B:
          out += '\b';
          break;
        case LOWER_F:
          out += '\f';
          break;
        case LOWER_N:
          out += '\n';
          break;
        case LOWER_R:
          out += '\r';
          break;
        case LOWER_T:
          out += '\t';
          break;
        case LOWER_U: {
          const code =
            (hex(s.charCodeAt(p + 2)) << 12) | (hex(s.charCodeAt(p + 3)) << 8) | (hex(s.charCodeAt(p + 4)) << 4) | hex(s.charCodeAt(p + 5));
          out += String.fromCharCode(code);
          p += 4;
          break;
        }
        default:
          bail();
      }
      p += 2;
      from = p;
    }
  }

  /**
   * Reads the number at `pos` (RFC 8259 grammar) and returns its text; sets `exponent`.
   * Anything readJson would report (leading zeros, `+1`, `.5`, `1.`, `0x1F`, `1e`) bails.
   */
  protected number(): string {
    const s = this.src;
    const start = this.pos;
    let p = start;
    let c = s.charCodeAt(p);
    if (c === DASH) c = s.charCodeAt(++p);
    if (c === ZERO) {
      c = s.charCodeAt(++p);
    } else if (c > ZERO && c <= NINE) {
      do c = s.charCodeAt(++p);
      while (c >= ZERO && c <= NINE);
    } else bail();
    if (c === DOT) {
      c = s.charCodeAt(++p);
      if (!(c >= ZERO && c <= NINE)) bail();
      do c = s.charCodeAt(++p);
      while (c >= ZERO && c <= NINE);
    }
    this.exponent = false;
    if (c === LOWER_E || c === UPPER_E) {
      this.exponent = true;
      c = s.charCodeAt(++p);
      if (c === PLUS || c === DASH) c = s.charCodeAt(++p);
      if (!(c >= ZERO && c <= NINE)) bail();
      do c = s.charCodeAt(++p);
      while (c >= ZERO && c <= NINE);
    }
    // A digit after a leading zero, a letter, a second dot or sign: readJson reports them.
    if (c < 128 && WORDISH[c] !== 0) bail();
    this.pos = p;
    return s.slice(start, p);
  }

  /** Reads `true`, `false` or `null` at `pos` (first letter `c`) and returns it; anything else bails. */
  protected literal(c: number): string {
    const s = this.src;
    const p = this.pos;
    let word: string;
    if (c === LOWER_T) word = 'true';
    else if (c === LOWER_F) word = 'false';
    else if (c === LOWER_N) word = 'null';
    else bail();
    const end = p + word.length;
    if (!s.startsWith(word, p)) bail();
    const next = s.charCodeAt(end);
    if (next < 128 && WORDISH[next] === 1) bail();
    this.pos = end;
    return word;
  }

  /** Whether nothing but closing brackets, commas and trivia follow `pos` (does not move, does not count). */
  protected onlyClosersFollow(): boolean {
    const pos = this.pos;
    const comments = this.commentsCount;
    let tail = false;
    for (;;) {
      this.skipTrivia();
      if (this.pos >= this.len) {
        tail = true;
        break;
      }
      const c = this.src.charCodeAt(this.pos);
      if (c !== RBRACE && c !== RBRACKET && c !== COMMA) break;
      this.pos++;
    }
    this.pos = pos;
    this.commentsCount = comments;
    return tail;
  }
}

/** A hexadecimal digit's value; anything else bails (readJson reports it). */
function hex(c: number): number {
  const value = hexValue(c);
  return value < 0 ? bail() : value;
}

/**
 * Keys already seen in the objects being read, one list per nesting level: a duplicate
 * key bails (readJson keeps the last value at the first key's place and warns).
 */
export class KeyChecker {
  private readonly lists: string[][] = [];
  private readonly sets: (Set<string> | null)[] = [];

  /** An object opens at `depth`. */
  open(depth: number): void {
    const list = this.lists[depth];
    if (list === undefined) this.lists[depth] = [];
    else list.length = 0;
    this.sets[depth] = null;
  }

  /** Adds `key` to the object at `depth`; bails when it is already there. */
  add(depth: number, key: string): void {
    const set = this.sets[depth];
    if (set != null) {
      if (set.has(key)) bail();
      set.add(key);
      return;
    }
    const list = this.lists[depth]!;
    const n = list.length;
    if (n < LINEAR_KEYS) {
      for (let i = 0; i < n; i++) if (list[i] === key) bail();
      list.push(key);
      return;
    }
    const fresh = new Set(list);
    if (fresh.has(key)) bail();
    fresh.add(key);
    this.sets[depth] = fresh;
    list.length = 0;
  }
}

/** Below this many keys, an object's keys are compared one by one instead of through a Set. */
const LINEAR_KEYS = 32;
