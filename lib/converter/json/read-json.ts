import * as chars from '../chars';
import type { IssueCode } from '../issue-codes';
import { type KeyPosition, duplicateKeyMessage, quoteForMessage } from '../messages';
import { MAX_ERRORS } from '../limits';
import type { MapNode, NodeComments, SeqNode, StringNode, ValidationIssue, YDocument, YNode } from '../types';
import { blockCommentLines, lineCommentText } from './comment-text';
import * as deadline from '../deadline';

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

/*
 * Imported bindings are read once here: under a CommonJS transform (tsx, vitest) every use of
 * an imported name is a getter call, which the hot loops below would pay per character or
 * turn (TICKS_PER_CHECK alone was about a fifth of readJson's time).
 */
const { TICKS_PER_CHECK, checkDeadline } = deadline;
const { TAB, LF, CR, SPACE, DQUOTE, DOLLAR, SQUOTE, STAR, PLUS, COMMA, DASH, DOT, SLASH } = chars;
const { ZERO, ONE, NINE, COLON, LBRACKET, BACKSLASH, RBRACKET, UNDERSCORE, LBRACE, RBRACE, DEL, BOM } = chars;
const { UPPER_A, UPPER_E, UPPER_F, UPPER_Z } = chars;
const { LOWER_A, LOWER_B, LOWER_E, LOWER_F, LOWER_N, LOWER_R, LOWER_T, LOWER_U, LOWER_Z } = chars;

const JSONC_HINT = 'use type "jsonc" to accept';

/** Thrown to stop parsing: an error that cannot be recovered from, or MAX_ERRORS reached. */
const STOP = Symbol('stop parsing');

/** What the main loop (`readTopValue`) reads next. */
const EXPECT_VALUE = 0;
/** A value was just read (`lastValue`): it goes into its collection, then `,` or a closing bracket. */
const AFTER_VALUE = 1;
/** An object member's key and its colon. */
const EXPECT_KEY = 2;
/** After an error: `,` or a closing bracket, the value before it already stored (or dropped). */
const AFTER_STORED = 3;

/**
 * What `readScalar` returns when what stood where a value should be was skipped as an error:
 * the main loop then looks for the value again.
 */
const NO_VALUE: YNode = { kind: 'null' };

/** Below this many entries, duplicate keys are found by a linear scan instead of a Map. */
const LINEAR_KEY_SCAN = 12;

/** Distinct key strings whose key node is shared (see `keyNode`). */
const KEY_CACHE_SIZE = 10_000;

/** An open array or object on the parser's explicit stack. */
class Frame {
  /** The key whose value is being read (objects). */
  key: StringNode | null = null;
  /** Index of the earlier entry with the same key, or -1. */
  duplicateOf = -1;
  /** Key -> entry index, built once the object is large. */
  keyIndex: Map<string, number> | null = null;
  /** Where the members start, found on the object's first duplicate key. */
  memberStarts: MemberStarts | null = null;
  constructor(
    readonly node: SeqNode | MapNode,
    readonly isMap: boolean,
    /** Offset of the opening bracket. */
    readonly openAt: number,
    /** Index in the stack of the nearest enclosing frame of the other kind (map / array), or -1: how recovery finds what a stray bracket closes. */
    readonly otherKindBelow: number,
  ) {}
}

/**
 * The positions of an object's members (of their keys), found by skimming its text from the
 * opening brace: only for messages about duplicate keys, which name the first key's line. The
 * skim goes on from where it stopped, so an object's text is skimmed once however many
 * duplicates it holds.
 */
class MemberStarts {
  private readonly starts: KeyPosition[] = [];
  private pos: number;
  private line: number;
  private lineStart: number;
  /** Depth inside the object: 0 is its members' level. */
  private depth = 0;
  private expectMember = true;

  constructor(
    private readonly src: string,
    openAt: number,
    lineStarts: number[],
  ) {
    this.pos = openAt + 1;
    // The last line starting at or before the brace.
    let lo = 0;
    let hi = lineStarts.length;
    while (hi - lo > 1) {
      const mid = (lo + hi) >>> 1;
      if (lineStarts[mid]! <= openAt) lo = mid;
      else hi = mid;
    }
    this.line = lo + 1;
    this.lineStart = lineStarts[lo]!;
  }

  /** Where the member at `index` starts (it has been read: the skim stays within the text read). */
  get(index: number): KeyPosition {
    while (this.starts.length <= index && this.pos < this.src.length) this.step();
    return this.starts[index] ?? { line: this.line, column: this.pos - this.lineStart + 1 };
  }

  private step(): void {
    const s = this.src;
    const c = s.charCodeAt(this.pos);
    if (c === LF || c === CR) {
      this.pos += c === CR && s.charCodeAt(this.pos + 1) === LF ? 2 : 1;
      this.newLine();
      return;
    }
    if (this.depth === 0 && this.expectMember && (c === DQUOTE || isBareChar(c))) {
      this.starts.push({ line: this.line, column: this.pos - this.lineStart + 1 });
      this.expectMember = false;
    }
    if (c === DQUOTE) this.skipString();
    else if (c === SLASH && s.charCodeAt(this.pos + 1) === STAR) this.skipBlockComment();
    else if (c === SLASH && s.charCodeAt(this.pos + 1) === SLASH) {
      while (this.pos < s.length && s.charCodeAt(this.pos) !== LF && s.charCodeAt(this.pos) !== CR) this.pos++;
    } else {
      if (c === LBRACE || c === LBRACKET) this.depth++;
      else if (c === RBRACE || c === RBRACKET) this.depth--;
      else if (c === COMMA && this.depth === 0) this.expectMember = true;
      this.pos++;
    }
  }

  private skipString(): void {
    const s = this.src;
    let p = this.pos + 1;
    for (; p < s.length; p++) {
      const c = s.charCodeAt(p);
      if (c === DQUOTE) break;
      if (c === BACKSLASH) p++;
      else if (c === LF || (c === CR && s.charCodeAt(p + 1) !== LF)) {
        this.line++;
        this.lineStart = p + 1;
      }
    }
    this.pos = p + 1;
  }

  private skipBlockComment(): void {
    const s = this.src;
    const end = s.indexOf('*/', this.pos + 2);
    const stop = end < 0 ? s.length : end + 2;
    for (let p = this.pos + 2; p < stop; p++) {
      const c = s.charCodeAt(p);
      if (c === LF || (c === CR && s.charCodeAt(p + 1) !== LF)) {
        this.line++;
        this.lineStart = p + 1;
      }
    }
    this.pos = stop;
  }

  private newLine(): void {
    this.line++;
    this.lineStart = this.pos;
  }
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

  /** The arrays and objects being read, innermost last. */
  private readonly frames: Frame[] = [];
  /** The value just read (a scalar or a closed collection), until its collection takes it. */
  private lastValue: YNode = { kind: 'null' };

  private readonly errors: ValidationIssue[] = [];
  /** Where the last error about the structure (isStructural) was reported. */
  private structuralErrorAt = -1;
  /** The offset each line starts at, made on the first duplicate key (for its message). */
  private lineStarts: number[] | null = null;
  /** Cache of closingTailStart(), -1 until needed. */
  private closingTail = -1;
  /** A double quote found to close a string spread over lines (stringGoesOnPast): line breaks before it are in that string. */
  private plausibleCloseAt = -1;
  /** Where reading resumed after skipping what an error was about: an error here is not reported. */
  private echoAt = -1;
  private readonly warnings: string[] = [];
  private commentsCount = 0;
  private maxDepth = 0;
  private document: YDocument | null = null;

  /* Comment attachment (only when keepComments). */
  /** Comment lines read and not yet given to a node. */
  private pendingComments: string[] = [];
  /** Comments before the top-level value, given to the document. */
  private documentCommentsBefore: string[] | null = null;
  /** The node a comment on `trailingCommentLine` belongs to, as its end-of-line comment. */
  private trailingCommentTarget: YNode | null = null;
  private trailingCommentLine = 0;

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
    if (this.src.charCodeAt(0) === BOM) this.pos = this.lineStart = 1;
    this.skipTrivia();
    if (this.pos >= this.len) {
      if (this.strict) {
        this.fail('EMPTY_DOCUMENT', 'The document is empty; expected a JSON value.', this.pos);
      }
      this.document = this.makeDocument(null);
      return;
    }
    const value = this.readTopValue();
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

  /* ----------------------------------------------------------------------- */
  /* Values and containers                                                    */
  /* ----------------------------------------------------------------------- */

  /**
   * Reads the top-level value. Open arrays and objects are kept on an explicit stack
   * (`frames`), not the call stack, so nesting costs no recursion: each turn reads one step
   * in one of three states, until the top-level value is complete.
   */
  private readTopValue(): YNode {
    const frames = this.frames;
    let state = EXPECT_VALUE;
    for (;;) {
      if (++this.ticks === TICKS_PER_CHECK) {
        this.ticks = 0;
        checkDeadline();
      }
      if (state === EXPECT_VALUE) {
        state = this.startValue();
      } else if (state === AFTER_VALUE) {
        const parent = frames[frames.length - 1];
        if (parent === undefined) return this.lastValue;
        state = this.afterValue(parent);
      } else if (state === EXPECT_KEY) {
        state = this.readMemberKey(frames[frames.length - 1]!);
      } else {
        state = this.separator(frames[frames.length - 1]!);
      }
    }
  }

  /** EXPECT_VALUE: a scalar is read whole; `[` or `{` opens a collection. */
  private startValue(): number {
    const c = this.src.charCodeAt(this.pos);
    if (c === LBRACKET || c === LBRACE) return this.openCollection(c === LBRACE);
    if (this.pos >= this.len) this.failEnd('a value');
    const value = this.readScalar(c);
    if (value === NO_VALUE) return EXPECT_VALUE;
    this.attachBefore(value, this.frames.length === 0);
    this.trailingCommentTarget = value;
    this.trailingCommentLine = this.line;
    this.lastValue = value;
    return AFTER_VALUE;
  }

  /** At `[` or `{`: a new frame, or, when it closes at once, an empty collection read whole. */
  private openCollection(isMap: boolean): number {
    const frames = this.frames;
    const node: SeqNode | MapNode = isMap ? { kind: 'map', entries: [] } : { kind: 'seq', items: [] };
    this.attachBefore(node, frames.length === 0);
    this.pos++;
    const parent = frames[frames.length - 1];
    const otherKindBelow = parent === undefined ? -1 : parent.isMap !== isMap ? frames.length - 1 : parent.otherKindBelow;
    frames.push(new Frame(node, isMap, this.pos - 1, otherKindBelow));
    if (frames.length > this.maxDepth) this.maxDepth = frames.length;
    this.trailingCommentTarget = node;
    this.trailingCommentLine = this.line;
    this.skipTrivia();
    if (this.src.charCodeAt(this.pos) === (isMap ? RBRACE : RBRACKET)) {
      this.closeCollection();
      return AFTER_VALUE;
    }
    if (this.pos >= this.len) this.failEnd(isMap ? 'a key in double quotes or "}"' : 'a value or "]"');
    return isMap ? EXPECT_KEY : EXPECT_VALUE;
  }

  /** AFTER_VALUE inside a collection: stores the value just read, then reads `,` or the closing bracket. */
  private afterValue(parent: Frame): number {
    const value = this.lastValue;
    if (parent.isMap) {
      const entries = (parent.node as MapNode).entries;
      if (parent.duplicateOf >= 0) entries[parent.duplicateOf]!.value = value;
      else entries.push({ key: parent.key!, value });
    } else {
      (parent.node as SeqNode).items.push(value);
    }
    return this.separator(parent);
  }

  /** After a value stored in `parent`: `,` then what comes next, or the closing bracket. */
  private separator(parent: Frame): number {
    this.skipTrivia();
    const s = this.src;
    const closer = parent.isMap ? RBRACE : RBRACKET;
    let c = s.charCodeAt(this.pos);
    if (c === COMMA) {
      const commaPos = this.pos;
      const commaLine = this.line;
      const commaLineStart = this.lineStart;
      this.pos++;
      this.skipTrivia();
      c = s.charCodeAt(this.pos);
      if (c !== closer) {
        if (this.pos >= this.len) this.failEnd(parent.isMap ? 'a key in double quotes' : 'a value');
        return parent.isMap ? EXPECT_KEY : EXPECT_VALUE;
      }
      if (this.strict) this.reportTrailingComma(closer, commaPos, commaLine, commaLineStart);
    }
    if (c === closer) {
      this.closeCollection();
      return AFTER_VALUE;
    }
    return this.badSeparator(parent, c);
  }

  private reportTrailingComma(closer: number, pos: number, line: number, lineStart: number): void {
    this.report(
      'TRAILING_COMMA',
      `A trailing comma before "${String.fromCharCode(closer)}" is not allowed in strict JSON; remove it or ${JSONC_HINT} it.`,
      pos,
      line,
      lineStart,
    );
  }

  /**
   * After a value, neither `,` nor the closing bracket. What can start the next entry is a
   * missing comma; a closing bracket of an enclosing collection closes the ones inside it (one
   * error, where it stands); a `:` or a value where an object member should end is reported and
   * the value read (and dropped); anything else is reported and skipped.
   */
  private badSeparator(parent: Frame, c: number): number {
    const expected = parent.isMap ? '"," or "}" after an object member' : '"," or "]" after an array element';
    if (this.pos >= this.len) this.failEnd(expected);
    const startsEntry = parent.isMap ? this.startsMember(c) : startsValue(c) || c === SQUOTE;
    if (startsEntry) {
      this.report('MISSING_COMMA', `Expected ${expected} but found ${this.found(this.pos)}; a comma is missing.`, this.pos);
      return parent.isMap ? EXPECT_KEY : EXPECT_VALUE;
    }
    this.report('UNEXPECTED_TOKEN', `Expected ${expected} but found ${this.found(this.pos)}.`, this.pos);
    if (c === RBRACKET || c === RBRACE) return this.wrongCloser(c);
    if (c === COLON || startsValue(c) || c === SQUOTE) {
      if (c === COLON) this.skipColon();
      return EXPECT_VALUE;
    }
    this.skipJunk();
    return AFTER_STORED;
  }

  /** Whether `c` at `pos` starts an object member: a string or a bare word followed by `:`. */
  private startsMember(c: number): boolean {
    if (c !== DQUOTE && c !== SQUOTE && !isBareChar(c)) return false;
    return this.followedByColon(this.tokenEnd(this.pos));
  }

  /**
   * The end of the string (double or single quoted, on its line) or bare word at `p`, for a
   * look ahead: reading goes on from `p` whatever this finds.
   */
  private tokenEnd(p: number): number {
    const s = this.src;
    const c = s.charCodeAt(p);
    if (c === DQUOTE || c === SQUOTE) {
      for (p++; p < this.len; p++) {
        const d = s.charCodeAt(p);
        if (d === c) return p + 1;
        if (d === LF || d === CR) return p;
        if (d === BACKSLASH) p++;
      }
      return p;
    }
    while (isBareChar(s.charCodeAt(p))) p++;
    return p;
  }

  /** Whether the first character from `p` on that is not a space or a tab is `:`. */
  private followedByColon(p: number): boolean {
    const s = this.src;
    let c = s.charCodeAt(p);
    while (c === SPACE || c === TAB) c = s.charCodeAt(++p);
    return c === COLON;
  }

  /**
   * A closing bracket `c` that does not close the innermost collection (already reported). When
   * only closing brackets follow to the end of the input, the innermost collection's own bracket
   * is missing: `c` closes the enclosing collection it belongs to, and those inside it. Otherwise
   * it is taken for a typo of the innermost one's (as in `[{"a": 1], 2]`).
   */
  private wrongCloser(c: number): number {
    const frames = this.frames;
    const i = this.frameClosedBy(c);
    if (i >= 0 && this.pos + 1 >= this.closingTailStart()) frames.length = i + 1;
    this.closeCollection();
    return AFTER_VALUE;
  }

  /** Where the run of closing brackets and whitespace that ends the input starts (found once). */
  private closingTailStart(): number {
    if (this.closingTail < 0) {
      const s = this.src;
      let p = this.len;
      for (
        let c = s.charCodeAt(p - 1);
        c === RBRACE || c === RBRACKET || c === SPACE || c === TAB || c === LF || c === CR;
        c = s.charCodeAt(--p - 1)
      );
      this.closingTail = p;
    }
    return this.closingTail;
  }

  /** Skips a `:` that is out of place (already reported), and the whitespace after it. */
  private skipColon(): void {
    this.pos++;
    this.skipTrivia();
  }

  /**
   * Skips the character at `pos` and those after it that cannot start anything JSON has (the
   * rest of an error already reported), then whitespace: an error right there is its echo.
   */
  private skipJunk(): void {
    const s = this.src;
    let p = this.pos + 1;
    while (p < this.len && isJunk(s.charCodeAt(p))) p++;
    this.pos = p;
    this.skipTrivia();
    this.echoAt = this.pos;
  }

  /** At the closing bracket of the innermost collection: it is the value just read. */
  private closeCollection(): void {
    this.pos++;
    const node = this.frames.pop()!.node;
    if (this.pendingComments.length > 0) {
      node.endComments = this.pendingComments;
      this.pendingComments = [];
    }
    // The IR has no place for a comment after a closing bracket: it goes before what follows.
    this.trailingCommentTarget = null;
    this.lastValue = node;
  }

  /** EXPECT_KEY: an object member's key (a duplicate is warned about) and its colon. */
  private readMemberKey(frame: Frame): number {
    this.trailingCommentTarget = null;
    const keyLine = this.line;
    const keyColumn = this.pos - this.lineStart + 1;
    let key: string;
    if (this.src.charCodeAt(this.pos) === DQUOTE) key = this.readString();
    else {
      const unquoted = this.unquotedKey(frame);
      if (typeof unquoted === 'number') return unquoted;
      key = unquoted;
    }
    frame.key = this.keyNode(key);
    frame.duplicateOf = this.findDuplicate(frame, key);
    if (frame.duplicateOf >= 0) this.warnDuplicateKey(frame, key, keyLine, keyColumn);
    this.skipTrivia();
    if (this.src.charCodeAt(this.pos) === COLON) this.pos++;
    else return this.missingColon(key);
    this.skipTrivia();
    if (this.pos >= this.len) this.failEnd('a value for the key', key);
    return EXPECT_VALUE;
  }

  private warnDuplicateKey(frame: Frame, key: string, line: number, column: number): void {
    const lineStarts = (this.lineStarts ??= lineStartsOf(this.src));
    const first = (frame.memberStarts ??= new MemberStarts(this.src, frame.openAt, lineStarts)).get(frame.duplicateOf);
    this.warnings.push(`${duplicateKeyMessage(key, first, { line, column })} The last value is kept.`);
  }

  /**
   * Where a key in double quotes should be, something else (reported): a bare word or a
   * single-quoted string is read as the key; otherwise the next state, after skipping what is
   * there (`,` or other characters), reading it as a value (`{`, `[`) or closing (`}`, `]`).
   */
  private unquotedKey(frame: Frame): string | number {
    const s = this.src;
    const keyPos = this.pos;
    const c = s.charCodeAt(keyPos);
    if (keyPos >= this.len) this.failEnd('a key in double quotes');
    if (isBareChar(c) || c === SQUOTE) {
      const end = this.tokenEnd(keyPos);
      const quoted = c === SQUOTE;
      if (!quoted || (end - keyPos >= 2 && s.charCodeAt(end - 1) === SQUOTE)) {
        const key = quoted ? s.slice(keyPos + 1, end - 1) : s.slice(keyPos, end);
        const found = quoteForMessage(s.slice(keyPos, end));
        this.report('EXPECTED_KEY', `Expected a key in double quotes but found ${found}; object keys must be strings in double quotes.`, keyPos);
        this.pos = end;
        return key;
      }
    }
    this.report('EXPECTED_KEY', `Expected a key in double quotes but found ${this.found(keyPos)}${apostropheHint(c)}.`, keyPos);
    if (c === RBRACE || c === RBRACKET) return AFTER_STORED;
    if (c === COLON || c === LBRACE || c === LBRACKET) {
      // The key is missing: what follows is its value.
      frame.key = this.keyNode('');
      frame.duplicateOf = -1;
      if (c === COLON) this.skipColon();
      return EXPECT_VALUE;
    }
    this.skipJunk();
    return EXPECT_KEY;
  }

  /**
   * No `:` after a key (reported). Before a value, the value is read. At `,`: when a member
   * follows, the key has no value (null); otherwise the comma stands for the colon. At a
   * closing bracket the value is null; other characters are skipped as the colon.
   */
  private missingColon(key: string): number {
    if (this.pos >= this.len) this.failEnd('":" after the key', key);
    const s = this.src;
    const c = s.charCodeAt(this.pos);
    this.report('MISSING_COLON', `Expected ":" after the key ${quoteForMessage(key)} but found ${this.found(this.pos)}.`, this.pos);
    if (startsValue(c) || c === SQUOTE) return EXPECT_VALUE;
    if (c === RBRACE || c === RBRACKET || (c === COMMA && this.memberOrEndAfterComma())) {
      this.lastValue = { kind: 'null' };
      return AFTER_VALUE;
    }
    this.skipJunk();
    return EXPECT_VALUE;
  }

  /** At `,`: whether a member (a key and its colon) or the closing `}` comes after it. */
  private memberOrEndAfterComma(): boolean {
    const s = this.src;
    let p = this.pos + 1;
    let c = s.charCodeAt(p);
    while (c === SPACE || c === TAB || c === LF || c === CR) c = s.charCodeAt(++p);
    if (c === RBRACE) return true;
    return (c === DQUOTE || c === SQUOTE || isBareChar(c)) && this.followedByColon(this.tokenEnd(p));
  }

  /** Reads a string, number or literal starting with `c` at `pos` (not at the end of input). */
  private readScalar(c: number): YNode {
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
  private unexpectedValue(c: number): YNode {
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

  /** Whether `c` is the closing bracket of an open collection. */
  private closesFrame(c: number): boolean {
    return (c === RBRACKET || c === RBRACE) && this.frameClosedBy(c) >= 0;
  }

  /** The index in the stack of the innermost collection the closing bracket `c` closes, or -1. */
  private frameClosedBy(c: number): number {
    const frames = this.frames;
    const top = frames[frames.length - 1];
    if (top === undefined) return -1;
    return top.isMap === (c === RBRACE) ? frames.length - 1 : top.otherKindBelow;
  }

  /** Whether `word` is at `pos`, whole (not the start of a longer word); if so, `pos` moves past it. */
  private readWord(word: string): boolean {
    const p = this.pos;
    if (!this.src.startsWith(word, p) || isBareChar(this.src.charCodeAt(p + word.length))) return false;
    this.pos = p + word.length;
    return true;
  }

  /* ----------------------------------------------------------------------- */
  /* Numbers                                                                  */
  /* ----------------------------------------------------------------------- */

  /** Reads a number; an invalid one is reported (with its whole run of number-like characters) and read as null. */
  private readNumber(): YNode {
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
  private invalidNumber(start: number, p: number, problem: string): YNode {
    const s = this.src;
    while (isNumberChar(s.charCodeAt(p))) p++;
    const text = s.slice(start, p);
    if (/^-?0[xX]/.test(text)) problem = 'hexadecimal numbers are not allowed in JSON';
    else if (/^[-+]?(Infinity|NaN)$/i.test(text)) problem = 'Infinity and NaN are not JSON values';
    this.report('INVALID_NUMBER', `Invalid number ${quoteForMessage(text)}: ${problem}.`, start);
    this.pos = p;
    return { kind: 'null' };
  }

  /* ----------------------------------------------------------------------- */
  /* Strings                                                                  */
  /* ----------------------------------------------------------------------- */

  /** Reads a string starting at the opening quote at `pos` and returns its decoded value. */
  private readString(): string {
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
  private readEscapedString(start: number, p: number): string {
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
  private readEscape(p: number): string {
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
  private readUnicodeEscape(p: number): string {
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
  private stringGoesOnPast(p: number): boolean {
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
  private unclosedOnItsLine(p: number, quotePos: number, quoteLine: number, quoteLineStart: number): void {
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
  private controlCharacterInString(p: number, c: number): number {
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

  /* ----------------------------------------------------------------------- */
  /* Trivia and comments                                                      */
  /* ----------------------------------------------------------------------- */

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
    const target = this.trailingCommentTarget;
    if (target !== null && line === this.trailingCommentLine) {
      const text = lines.join(' ');
      const comments: NodeComments = target.comments ?? (target.comments = {});
      comments.trailing = comments.trailing === undefined ? text : `${comments.trailing} ${text}`;
    } else {
      for (const l of lines) this.pendingComments.push(l);
    }
  }

  /** Gives the comments read since the last attachment to `node` (or to the document, for the top value). */
  private attachBefore(node: YNode, isTop: boolean): void {
    this.trailingCommentTarget = null;
    if (this.pendingComments.length === 0) return;
    if (isTop) this.documentCommentsBefore = this.pendingComments;
    else node.comments = { before: this.pendingComments };
    this.pendingComments = [];
  }

  private makeDocument(contents: YNode | null): YDocument {
    const doc: YDocument = { contents };
    if (!this.keepComments) return doc;
    let before = this.documentCommentsBefore;
    let after: string[] | null = this.pendingComments.length > 0 ? this.pendingComments : null;
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
    if (frame.keyIndex === null) {
      if (entries.length < LINEAR_KEY_SCAN) {
        for (let i = 0; i < entries.length; i++) {
          if ((entries[i]!.key as StringNode).value === key) return i;
        }
        return -1;
      }
      frame.keyIndex = new Map();
      for (let i = 0; i < entries.length; i++) frame.keyIndex.set((entries[i]!.key as StringNode).value, i);
    }
    const i = frame.keyIndex.get(key);
    if (i !== undefined) return i;
    frame.keyIndex.set(key, entries.length);
    return -1;
  }

  /* ----------------------------------------------------------------------- */
  /* Errors                                                                   */
  /* ----------------------------------------------------------------------- */

  /** Records an error at `pos` (on the current line unless line/lineStart are given); stops at MAX_ERRORS. */
  private report(code: IssueCode, message: string, pos: number, line = this.line, lineStart = this.lineStart): void {
    if (isStructural(code)) {
      // Where one was just reported, or right after what an error skipped: its echo.
      if (pos === this.structuralErrorAt || pos === this.echoAt) return;
      this.structuralErrorAt = pos;
    }
    this.errors.push({ message, line, column: pos - lineStart + 1, code });
    if (this.errors.length >= MAX_ERRORS) throw STOP;
  }

  /** Records an error that parsing cannot continue after. */
  private fail(code: IssueCode, message: string, pos: number, line = this.line, lineStart = this.lineStart): never {
    this.report(code, message, pos, line, lineStart);
    throw STOP;
  }

  /** At the end of the input where `expected` (followed by `key`, quoted, if given) should be. */
  private failEnd(expected: string, key?: string): never {
    const what = key === undefined ? expected : `${expected} ${quoteForMessage(key)}`;
    return this.fail('UNEXPECTED_END', `Expected ${what} but found the end of the input.`, this.pos);
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
    if (c < SPACE || c === DEL) return `the control character ${codePointName(c)}`;
    const cp = s.codePointAt(pos)!;
    const ch = String.fromCodePoint(cp);
    return cp < 128 ? quoteForMessage(ch) : `${quoteForMessage(ch)} (${codePointName(cp)})`;
  }
}

/**
 * Errors about what stands where (as opposed to errors inside a string or a number): the ones
 * recovery can echo, so two of them at one place, or one where recovery resumed, are one.
 */
function isStructural(code: IssueCode): boolean {
  return (
    code === 'UNEXPECTED_TOKEN' ||
    code === 'MISSING_COMMA' ||
    code === 'MISSING_COLON' ||
    code === 'EXPECTED_KEY' ||
    code === 'UNEXPECTED_END' ||
    code === 'TRAILING_CONTENT'
  );
}

/** A character nothing in JSON starts with: skipped as a run, with the error about its first. */
function isJunk(c: number): boolean {
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

/** The offset each line of `text` starts at (after \n, \r\n or a lone \r), as the reader counts lines. */
function lineStartsOf(text: string): number[] {
  const starts = [0];
  for (let p = 0; p < text.length; p++) {
    const c = text.charCodeAt(p);
    if (c === LF || (c === CR && text.charCodeAt(p + 1) !== LF)) starts.push(p + 1);
  }
  return starts;
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
function isNumberChar(c: number): boolean {
  return isBareChar(c) || c === DOT || c === PLUS || c === DASH;
}

function simpleEscape(c: number): string {
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

function codePointName(cp: number): string {
  return `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`;
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
  return c === SQUOTE ? '; JSON strings must be in double quotes' : '';
}
