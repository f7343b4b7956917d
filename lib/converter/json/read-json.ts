import type { IssueCode } from '../issue-codes';
import { MAX_ERRORS } from '../limits';
import type {
  MapNode,
  NodeComments,
  SeqNode,
  StringNode,
  ValidationIssue,
  YDocument,
  YNode,
} from '../types';
import { blockCommentLines, lineCommentText } from './comment-text';
import { TICKS_PER_CHECK, checkDeadline } from '../deadline';

export interface ReadJsonOptions {
  /** Strict RFC 8259: comments and trailing commas are errors (suggesting `jsonc`), an empty input is an error. */
  strict: boolean;
  /** Attach comments to the IR (JSONC -> YAML with preserveComments). */
  comments: boolean;
}

export interface ReadJsonResult {
  /** Present when `errors` is empty. An empty (or whitespace-only) non-strict input gives contents `null`. */
  document: YDocument | null;
  /** Every problem found, capped at MAX_ERRORS, in source order. */
  errors: ValidationIssue[];
  /** Comments in the input (`//` and block comments), counted whatever `comments` says. */
  commentsCount: number;
  /** E.g. a duplicate key (the last value wins, at the first key's place). */
  warnings: string[];
  /**
   * Deepest nesting of arrays/objects seen (0 for a scalar). The parser itself is
   * iterative and has no depth limit; `convert` refuses documents deeper than MAX_DEPTH
   * because the writers recurse.
   */
  maxDepth: number;
}

export function readJson(text: string, options: ReadJsonOptions): ReadJsonResult {
  return new JsonReader(text, options.strict, options.comments).read();
}

/* Character codes. */
const TAB = 9;
const LF = 10;
const CR = 13;
const SPACE = 32;
const QUOTE = 34;
const APOSTROPHE = 39;
const PLUS = 43;
const COMMA = 44;
const MINUS = 45;
const DOT = 46;
const SLASH = 47;
const STAR = 42;
const ZERO = 48;
const ONE = 49;
const NINE = 57;
const COLON = 58;
const OPEN_BRACKET = 91;
const BACKSLASH = 92;
const CLOSE_BRACKET = 93;
const OPEN_BRACE = 123;
const CLOSE_BRACE = 125;
const BOM = 0xfeff;

const JSONC_HINT = 'use type "jsonc" to accept';

/** Thrown to stop parsing: an error that cannot be recovered from, or MAX_ERRORS reached. */
const STOP = Symbol('stop parsing');

/** Parser states of the main loop. */
const EXPECT_VALUE = 0;
const AFTER_VALUE = 1;
const EXPECT_KEY = 2;

/** Below this many entries, duplicate keys are found by a linear scan instead of a Map. */
const LINEAR_KEY_SCAN = 12;

/** Distinct key strings whose key node is shared (see `keyNode`). */
const KEY_CACHE_SIZE = 10_000;

/** An open array or object on the parser's explicit stack. */
class Frame {
  /** The key whose value is being read (objects). */
  key: StringNode | null = null;
  /** Index of the earlier entry with the same key, or -1. */
  dup = -1;
  /** Key -> entry index, built once the object is large. */
  index: Map<string, number> | null = null;
  constructor(
    readonly node: SeqNode | MapNode,
    readonly isMap: boolean,
  ) {}
}

class JsonReader {
  /** Turns since the deadline was last checked (TICKS_PER_CHECK). */
  private ticks = 0;
  private readonly src: string;
  private readonly len: number;
  private pos = 0;
  private line = 1;
  /** Offset of the first character of the current line. */
  private lineStart = 0;

  private readonly errors: ValidationIssue[] = [];
  private readonly warnings: string[] = [];
  private commentsCount = 0;
  private maxDepth = 0;
  private document: YDocument | null = null;

  /* Comment attachment (only when keepComments). */
  private pending: string[] = [];
  private docBefore: string[] | null = null;
  /** The node a comment on `trailLine` belongs to, as its end-of-line comment. */
  private trailTarget: YNode | null = null;
  private trailLine = 0;

  private readonly keyNodes = new Map<string, StringNode>();

  constructor(
    text: string,
    private readonly strict: boolean,
    private readonly keepComments: boolean,
  ) {
    this.src = text;
    this.len = text.length;
  }

  read(): ReadJsonResult {
    try {
      this.parse();
    } catch (err) {
      if (err !== STOP) throw err;
    }
    const errors = this.errors;
    if (!isSorted(errors)) errors.sort((a, b) => a.line - b.line || a.column - b.column);
    return {
      document: errors.length === 0 ? this.document : null,
      errors,
      commentsCount: this.commentsCount,
      warnings: this.warnings,
      maxDepth: this.maxDepth,
    };
  }

  private parse(): void {
    const s = this.src;
    if (s.charCodeAt(0) === BOM) this.pos = this.lineStart = 1;
    this.skipTrivia();
    if (this.pos >= this.len) {
      if (this.strict) {
        this.fail('EMPTY_DOCUMENT', 'The document is empty; expected a JSON value.', this.pos);
      }
      this.document = this.makeDocument(null);
      return;
    }

    const stack: Frame[] = [];
    let top: Frame | undefined;
    let value: YNode = { kind: 'null' };
    let state = EXPECT_VALUE;

    for (;;) {
      if (++this.ticks === TICKS_PER_CHECK) {
        this.ticks = 0;
        checkDeadline();
      }
      if (state === EXPECT_VALUE) {
        const c = s.charCodeAt(this.pos);
        if (c === OPEN_BRACKET || c === OPEN_BRACE) {
          const isMap = c === OPEN_BRACE;
          const node: SeqNode | MapNode = isMap ? { kind: 'map', entries: [] } : { kind: 'seq', items: [] };
          this.attachBefore(node, top === undefined);
          this.pos++;
          top = new Frame(node, isMap);
          stack.push(top);
          if (stack.length > this.maxDepth) this.maxDepth = stack.length;
          this.trailTarget = node;
          this.trailLine = this.line;
          this.skipTrivia();
          const d = s.charCodeAt(this.pos);
          if (d === (isMap ? CLOSE_BRACE : CLOSE_BRACKET)) {
            this.pos++;
            value = this.close(node);
            stack.pop();
            top = stack[stack.length - 1];
            state = AFTER_VALUE;
          } else if (this.pos >= this.len) {
            this.failEnd(isMap ? 'a key in double quotes or "}"' : 'a value or "]"');
          } else if (isMap) {
            state = EXPECT_KEY;
          }
          continue;
        }
        if (this.pos >= this.len) this.failEnd('a value');
        value = this.readScalar(c);
        this.attachBefore(value, top === undefined);
        this.trailTarget = value;
        this.trailLine = this.line;
        state = AFTER_VALUE;
        continue;
      }

      if (state === AFTER_VALUE) {
        if (top === undefined) break;
        if (top.isMap) {
          const entries = (top.node as MapNode).entries;
          if (top.dup >= 0) entries[top.dup]!.value = value;
          else entries.push({ key: top.key!, value });
        } else {
          (top.node as SeqNode).items.push(value);
        }
        this.skipTrivia();
        const closer = top.isMap ? CLOSE_BRACE : CLOSE_BRACKET;
        let c = s.charCodeAt(this.pos);
        if (c === COMMA) {
          const commaPos = this.pos;
          const commaLine = this.line;
          const commaLineStart = this.lineStart;
          this.pos++;
          this.skipTrivia();
          c = s.charCodeAt(this.pos);
          if (c !== closer) {
            if (this.pos >= this.len) this.failEnd(top.isMap ? 'a key in double quotes' : 'a value');
            state = top.isMap ? EXPECT_KEY : EXPECT_VALUE;
            continue;
          }
          if (this.strict) {
            this.report(
              'TRAILING_COMMA',
              `A trailing comma before "${String.fromCharCode(closer)}" is not allowed in strict JSON; remove it or ${JSONC_HINT} it.`,
              commaPos,
              commaLine,
              commaLineStart,
            );
          }
        }
        if (c === closer) {
          this.pos++;
          value = this.close(top.node);
          stack.pop();
          top = stack[stack.length - 1];
          continue;
        }
        const expected = top.isMap ? '"," or "}" after an object member' : '"," or "]" after an array element';
        if (this.pos >= this.len) this.failEnd(expected);
        if (top.isMap ? c === QUOTE : startsValue(c)) {
          this.report('MISSING_COMMA', `Expected ${expected} but found ${this.found(this.pos)}; a comma is missing.`, this.pos);
          state = top.isMap ? EXPECT_KEY : EXPECT_VALUE;
          continue;
        }
        this.fail('UNEXPECTED_TOKEN', `Expected ${expected} but found ${this.found(this.pos)}.`, this.pos);
      }

      // EXPECT_KEY
      const frame = top!;
      this.trailTarget = null;
      const keyPos = this.pos;
      const keyLine = this.line;
      const keyColumn = keyPos - this.lineStart + 1;
      let key: string;
      const c = s.charCodeAt(keyPos);
      if (c === QUOTE) {
        key = this.readString();
      } else if (this.pos >= this.len) {
        this.failEnd('a key in double quotes');
      } else if (isBareChar(c)) {
        let p = keyPos + 1;
        while (isBareChar(s.charCodeAt(p))) p++;
        key = s.slice(keyPos, p);
        this.report(
          'EXPECTED_KEY',
          `Expected a key in double quotes but found ${quoteForMessage(key)}; object keys must be strings in double quotes.`,
          keyPos,
        );
        this.pos = p;
      } else {
        this.fail('EXPECTED_KEY', `Expected a key in double quotes but found ${this.found(keyPos)}${apostropheHint(c)}.`, keyPos);
      }
      frame.key = this.keyNode(key);
      frame.dup = this.findDuplicate(frame, key);
      if (frame.dup >= 0) {
        this.warnings.push(
          `Duplicate key ${quoteForMessage(key)} at line ${keyLine}, column ${keyColumn}: the last value is kept.`,
        );
      }
      this.skipTrivia();
      const d = s.charCodeAt(this.pos);
      if (d === COLON) {
        this.pos++;
      } else if (this.pos >= this.len) {
        this.failEnd(`":" after the key ${quoteForMessage(key)}`);
      } else if (startsValue(d)) {
        this.report('MISSING_COLON', `Expected ":" after the key ${quoteForMessage(key)} but found ${this.found(this.pos)}.`, this.pos);
      } else {
        this.fail('MISSING_COLON', `Expected ":" after the key ${quoteForMessage(key)} but found ${this.found(this.pos)}.`, this.pos);
      }
      this.skipTrivia();
      if (this.pos >= this.len) this.failEnd(`a value for the key ${quoteForMessage(key)}`);
      state = EXPECT_VALUE;
    }

    // The top-level value is complete.
    this.skipTrivia();
    if (this.pos < this.len) {
      this.fail(
        'TRAILING_CONTENT',
        `Unexpected ${this.found(this.pos)} after the end of the JSON value; a JSON document holds exactly one value.`,
        this.pos,
      );
    }
    this.document = this.makeDocument(value);
  }

  /** Reads a string, number or literal starting with `c` at `pos` (not at the end of input). */
  private readScalar(c: number): YNode {
    const s = this.src;
    const p = this.pos;
    if (c === QUOTE) return { kind: 'string', value: this.readString() };
    if (c === MINUS || (c >= ZERO && c <= NINE) || c === DOT || c === PLUS) return this.readNumber();
    if (c === 116 /* t */ && s.startsWith('true', p) && !isBareChar(s.charCodeAt(p + 4))) {
      this.pos = p + 4;
      return { kind: 'bool', value: true };
    }
    if (c === 102 /* f */ && s.startsWith('false', p) && !isBareChar(s.charCodeAt(p + 5))) {
      this.pos = p + 5;
      return { kind: 'bool', value: false };
    }
    if (c === 110 /* n */ && s.startsWith('null', p) && !isBareChar(s.charCodeAt(p + 4))) {
      this.pos = p + 4;
      return { kind: 'null' };
    }
    if (isBareChar(c)) {
      let end = p + 1;
      while (isBareChar(s.charCodeAt(end))) end++;
      const word = s.slice(p, end);
      this.report('UNEXPECTED_TOKEN', `Expected a value but found ${quoteForMessage(word)}; ${wordHint(word)}`, p);
      this.pos = end;
      return { kind: 'null' };
    }
    return this.fail('UNEXPECTED_TOKEN', `Expected a value but found ${this.found(p)}${apostropheHint(c)}.`, p);
  }

  /** Reads a number; an invalid one is reported (with its whole run of number-like characters) and read as null. */
  private readNumber(): YNode {
    const s = this.src;
    const start = this.pos;
    let p = start;
    let c = s.charCodeAt(p);
    let problem = '';
    if (c === MINUS) c = s.charCodeAt(++p);
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
    if (!problem && (c === 101 || c === 69) /* e E */) {
      c = s.charCodeAt(++p);
      if (c === PLUS || c === MINUS) c = s.charCodeAt(++p);
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
    while (isNumberChar(s.charCodeAt(p))) p++;
    const text = s.slice(start, p);
    if (/^-?0[xX]/.test(text)) problem = 'hexadecimal numbers are not allowed in JSON';
    else if (/^[-+]?(Infinity|NaN)$/i.test(text)) problem = 'Infinity and NaN are not JSON values';
    this.report('INVALID_NUMBER', `Invalid number ${quoteForMessage(text)}: ${problem}.`, start);
    this.pos = p;
    return { kind: 'null' };
  }

  /** Reads a string starting at the opening quote at `pos` and returns its decoded value. */
  private readString(): string {
    const s = this.src;
    const len = this.len;
    const quotePos = this.pos;
    const quoteLine = this.line;
    const quoteLineStart = this.lineStart;
    let p = quotePos + 1;
    let start = p;
    // Fast path: no escapes, no control characters.
    for (;;) {
      if (p >= len) break;
      const c = s.charCodeAt(p);
      if (c === QUOTE) {
        this.pos = p + 1;
        return s.slice(start, p);
      }
      if (c === BACKSLASH || c < SPACE) break;
      p++;
    }
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
      if (c === QUOTE) {
        this.pos = p + 1;
        return out + s.slice(start, p);
      }
      if (c === BACKSLASH) {
        out += s.slice(start, p);
        const e = s.charCodeAt(p + 1);
        const simple = simpleEscape(e);
        if (simple !== '') {
          out += simple;
          p += 2;
        } else if (e === 117 /* u */) {
          let code = 0;
          let digits = 0;
          while (digits < 4) {
            const h = hexValue(s.charCodeAt(p + 2 + digits));
            if (h < 0) break;
            code = code * 16 + h;
            digits++;
          }
          if (digits === 4) out += String.fromCharCode(code);
          else {
            this.report(
              'INVALID_ESCAPE',
              `Invalid escape ${quoteForMessage(s.slice(p, p + 2 + digits))}: "\\u" must be followed by four hexadecimal digits.`,
              p,
            );
          }
          p += 2 + digits;
        } else {
          // The backslash and the character after it (a whole code point), unless that is a line break.
          const shown =
            p + 1 >= len || e === LF || e === CR ? '\\' : s.slice(p, p + 1 + (e >= 0xd800 && e <= 0xdbff ? 2 : 1));
          this.report(
            'INVALID_ESCAPE',
            `Invalid escape ${quoteForMessage(shown)} in a string; the escapes allowed are \\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX.`,
            p,
          );
          p += shown.length;
        }
        start = p;
        continue;
      }
      if (c < SPACE) {
        if (c === LF || c === CR) {
          this.report(
            'CONTROL_CHARACTER',
            'A line break inside a string is not allowed; write it as \\n, or close the string with a quote (").',
            p,
          );
          p += c === CR && s.charCodeAt(p + 1) === LF ? 2 : 1;
          this.line++;
          this.lineStart = p;
        } else {
          this.report(
            'CONTROL_CHARACTER',
            `The control character ${codePointName(c)} must be escaped inside a string${c === TAB ? ' (as \\t)' : ''}.`,
            p,
          );
          p++;
        }
        continue;
      }
      p++;
    }
  }

  /** Skips whitespace and comments (comments are counted, reported in strict mode, and attached). */
  private skipTrivia(): void {
    const s = this.src;
    let p = this.pos;
    for (;;) {
      const c = s.charCodeAt(p);
      if (c === SPACE || c === TAB) p++;
      else if (c === LF) {
        this.line++;
        this.lineStart = ++p;
      } else if (c === CR) {
        if (s.charCodeAt(++p) === LF) p++;
        this.line++;
        this.lineStart = p;
      } else if (c === SLASH) {
        const d = s.charCodeAt(p + 1);
        if (d !== SLASH && d !== STAR) break;
        this.pos = p;
        this.readComment(d === STAR);
        p = this.pos;
      } else break;
    }
    this.pos = p;
  }

  /** Reads the comment at `pos` (its `/` is already known to start one). */
  private readComment(block: boolean): void {
    const s = this.src;
    const start = this.pos;
    const line = this.line;
    const lineStart = this.lineStart;
    let lines: string[] | null = null;
    this.commentsCount++;
    if (!block) {
      let p = start + 2;
      for (;;) {
        const c = s.charCodeAt(p);
        if (c === LF || c === CR || p >= this.len) break;
        p++;
      }
      this.pos = p;
      if (this.keepComments) lines = [lineCommentText(s.slice(start + 2, p))];
    } else {
      const end = s.indexOf('*/', start + 2);
      if (end < 0) {
        this.pos = this.len;
        this.fail('UNTERMINATED_COMMENT', 'The block comment starting here is not closed; expected "*/".', start);
      }
      for (let p = start + 2; p < end; p++) {
        const c = s.charCodeAt(p);
        if (c === LF || (c === CR && s.charCodeAt(p + 1) !== LF)) {
          this.line++;
          this.lineStart = p + 1;
        }
      }
      this.pos = end + 2;
      if (this.keepComments) lines = blockCommentLines(s.slice(start + 2, end));
    }
    if (this.strict) {
      this.report('COMMENT_NOT_ALLOWED', `Comments are not allowed in strict JSON; ${JSONC_HINT} them.`, start, line, lineStart);
    }
    if (lines === null) return;
    const target = this.trailTarget;
    if (target !== null && line === this.trailLine) {
      const text = lines.join(' ');
      const comments: NodeComments = target.comments ?? (target.comments = {});
      comments.trailing = comments.trailing === undefined ? text : `${comments.trailing} ${text}`;
    } else {
      for (const l of lines) this.pending.push(l);
    }
  }

  /** Gives the comments read since the last attachment to `node` (or to the document, for the top value). */
  private attachBefore(node: YNode, isTop: boolean): void {
    this.trailTarget = null;
    if (this.pending.length === 0) return;
    if (isTop) this.docBefore = this.pending;
    else node.comments = { before: this.pending };
    this.pending = [];
  }

  /** A collection has just been closed: comments after its last entry are its end comments. */
  private close(node: SeqNode | MapNode): YNode {
    if (this.pending.length > 0) {
      node.endComments = this.pending;
      this.pending = [];
    }
    // The IR has no place for a comment after a closing bracket: it goes before what follows.
    this.trailTarget = null;
    return node;
  }

  private makeDocument(contents: YNode | null): YDocument {
    const doc: YDocument = { contents };
    if (!this.keepComments) return doc;
    let before = this.docBefore;
    let after: string[] | null = this.pending.length > 0 ? this.pending : null;
    if (contents === null && after !== null) {
      before = after;
      after = null;
    }
    if (before !== null || after !== null) {
      doc.comments = {};
      if (before !== null) doc.comments.before = before;
      if (after !== null) doc.comments.after = after;
    }
    return doc;
  }

  /**
   * One key node per distinct key string (up to KEY_CACHE_SIZE of them): real documents
   * repeat the same keys, and fewer long-lived objects make parsing much cheaper for the
   * GC. Sharing is fine: the IR may be a DAG, and key nodes never carry comments.
   */
  private keyNode(key: string): StringNode {
    let node = this.keyNodes.get(key);
    if (node === undefined) {
      node = { kind: 'string', value: key };
      if (this.keyNodes.size < KEY_CACHE_SIZE) this.keyNodes.set(key, node);
    }
    return node;
  }

  /** Index of an earlier entry of the object with this key, or -1. */
  private findDuplicate(frame: Frame, key: string): number {
    const entries = (frame.node as MapNode).entries;
    if (frame.index === null) {
      if (entries.length < LINEAR_KEY_SCAN) {
        for (let i = 0; i < entries.length; i++) {
          if ((entries[i]!.key as StringNode).value === key) return i;
        }
        return -1;
      }
      frame.index = new Map();
      for (let i = 0; i < entries.length; i++) frame.index.set((entries[i]!.key as StringNode).value, i);
    }
    const i = frame.index.get(key);
    if (i !== undefined) return i;
    frame.index.set(key, entries.length);
    return -1;
  }

  /* ----------------------------------------------------------------------- */
  /* Errors                                                                   */
  /* ----------------------------------------------------------------------- */

  /** Records an error at `pos` (on the current line unless line/lineStart are given); stops at MAX_ERRORS. */
  private report(code: IssueCode, message: string, pos: number, line = this.line, lineStart = this.lineStart): void {
    this.errors.push({ message, line, column: pos - lineStart + 1, code });
    if (this.errors.length >= MAX_ERRORS) throw STOP;
  }

  /** Records an error that parsing cannot continue after. */
  private fail(code: IssueCode, message: string, pos: number, line = this.line, lineStart = this.lineStart): never {
    this.report(code, message, pos, line, lineStart);
    throw STOP;
  }

  private failEnd(expected: string): never {
    return this.fail('UNEXPECTED_END', `Expected ${expected} but found the end of the input.`, this.pos);
  }

  /** Describes what is at `pos`, for "expected X but found Y". */
  private found(pos: number): string {
    const s = this.src;
    if (pos >= this.len) return 'the end of the input';
    const c = s.charCodeAt(pos);
    if (isBareChar(c)) {
      let end = pos + 1;
      while (end < this.len && isBareChar(s.charCodeAt(end))) end++;
      return quoteForMessage(s.slice(pos, end));
    }
    if (c < SPACE || c === 127) return `the control character ${codePointName(c)}`;
    const cp = s.codePointAt(pos)!;
    const ch = String.fromCodePoint(cp);
    return cp < 128 ? quoteForMessage(ch) : `${quoteForMessage(ch)} (${codePointName(cp)})`;
  }
}

function isSorted(errors: ValidationIssue[]): boolean {
  for (let i = 1; i < errors.length; i++) {
    const a = errors[i - 1]!;
    const b = errors[i]!;
    if (a.line > b.line || (a.line === b.line && a.column > b.column)) return false;
  }
  return true;
}

/** A character that can start a value (used to detect a missing comma or colon). */
function startsValue(c: number): boolean {
  return c === QUOTE || c === OPEN_BRACE || c === OPEN_BRACKET || c === MINUS || (c >= ZERO && c <= NINE) || isBareChar(c);
}

/** Letters, digits, `_` and `$`: the characters of a bare word (`true`, `NaN`, an unquoted key). */
function isBareChar(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= ZERO && c <= NINE) || c === 95 || c === 36;
}

/** Characters that continue a (possibly invalid) number. */
function isNumberChar(c: number): boolean {
  return isBareChar(c) || c === DOT || c === PLUS || c === MINUS;
}

function simpleEscape(c: number): string {
  switch (c) {
    case QUOTE:
      return '"';
    case BACKSLASH:
      return '\\';
    case SLASH:
      return '/';
    case 98:
      return '\b';
    case 102:
      return '\f';
    case 110:
      return '\n';
    case 114:
      return '\r';
    case 116:
      return '\t';
    default:
      return '';
  }
}

function hexValue(c: number): number {
  if (c >= ZERO && c <= NINE) return c - ZERO;
  if (c >= 97 && c <= 102) return c - 87;
  if (c >= 65 && c <= 70) return c - 55;
  return -1;
}

function codePointName(cp: number): string {
  return `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`;
}

/** Quotes a piece of source text for a message: shortened when long, control characters shown as \\uXXXX. */
function quoteForMessage(text: string): string {
  const short = text.length > 40 ? `${text.slice(0, 37)}...` : text;
  return `"${short.replace(/[\u0000-\u001f\u007f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)}"`;
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

function apostropheHint(c: number): string {
  return c === APOSTROPHE ? '; JSON strings must be in double quotes' : '';
}
