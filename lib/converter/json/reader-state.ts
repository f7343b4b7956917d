// The JSON reader's state, the constants its grammar regions share, and its error reporting.
import * as chars from '../chars';
import type { IssueCode } from '../issue-codes';
import { MAX_ERRORS } from '../limits';
import { quoteForMessage } from '../messages';
import type { MapNode, SeqNode, StringNode, ValidationIssue, YDocument, YNode } from '../types';
import type { MemberStarts } from './members';
import * as charClasses from './char-classes';

/*
 * Imported bindings are read once, at the top of each file of the reader: under a CommonJS
 * transform (tsx, vitest) every use of an imported name is a getter call, which the hot loops
 * would pay per character or turn (TICKS_PER_CHECK alone was about a fifth of readJson's time).
 */
const { LF, CR, SPACE, DQUOTE, SQUOTE, BACKSLASH, RBRACKET, RBRACE, DEL } = chars;
const { isBareChar } = charClasses;

export const JSONC_HINT = 'use type "jsonc" to accept';

/** Thrown to stop parsing: an error that cannot be recovered from, or MAX_ERRORS reached. */
export const STOP = Symbol('stop parsing');

/** What the main loop (`readTopValue`) reads next. */
export const EXPECT_VALUE = 0;
/** A value was just read (`lastValue`): it goes into its collection, then `,` or a closing bracket. */
export const AFTER_VALUE = 1;
/** An object member's key and its colon. */
export const EXPECT_KEY = 2;
/** After an error: `,` or a closing bracket, the value before it already stored (or dropped). */
export const AFTER_STORED = 3;

/**
 * What `readScalar` returns when what stood where a value should be was skipped as an error:
 * the main loop then looks for the value again.
 */
export const NO_VALUE: YNode = { kind: 'null' };

/** Below this many entries, duplicate keys are found by a linear scan instead of a Map. */
export const LINEAR_KEY_SCAN = 12;

/** Distinct key strings whose key node is shared (see `keyNode`). */
export const KEY_CACHE_SIZE = 10_000;

/** An open array or object on the parser's explicit stack. */
export class Frame {
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
 * What the JSON reader knows as it reads: its place in the text, the open collections, the errors
 * and warnings so far and the comments waiting for a node; how it reports an error; and the look
 * ahead the grammar regions share. The regions build on it, one class each: trivia.ts (white space
 * and comments), strings.ts, scalars.ts (numbers, literals, what stands where a value should be),
 * members.ts (object keys) and reader.ts (values, arrays and objects: the main loop).
 */
export abstract class JsonReaderState {
  /** Turns since the deadline was last checked (TICKS_PER_CHECK). */
  protected ticks = 0;
  protected readonly src: string;
  protected readonly len: number;
  protected pos = 0;
  protected line = 1;
  /** Offset of the first character of the current line. */
  protected lineStart = 0;

  /** The arrays and objects being read, innermost last. */
  protected readonly frames: Frame[] = [];
  /** The value just read (a scalar or a closed collection), until its collection takes it. */
  protected lastValue: YNode = { kind: 'null' };

  protected readonly errors: ValidationIssue[] = [];
  /** Where the last error about the structure (isStructural) was reported. */
  protected structuralErrorAt = -1;
  /** The offset each line starts at, made on the first duplicate key (for its message). */
  protected lineStarts: number[] | null = null;
  /** Cache of closingTailStart(), -1 until needed. */
  protected closingTail = -1;
  /** A double quote found to close a string spread over lines (stringGoesOnPast): line breaks before it are in that string. */
  protected plausibleCloseAt = -1;
  /** Where reading resumed after skipping what an error was about: an error here is not reported. */
  protected echoAt = -1;
  protected readonly warnings: string[] = [];
  protected commentsCount = 0;
  protected maxDepth = 0;
  protected document: YDocument | null = null;

  /* Comment attachment (only when keepComments). */
  /** Comment lines read and not yet given to a node. */
  protected pendingComments: string[] = [];
  /** Comments before the top-level value, given to the document. */
  protected documentCommentsBefore: string[] | null = null;
  /** The node a comment on `trailingCommentLine` belongs to, as its end-of-line comment. */
  protected trailingCommentTarget: YNode | null = null;
  protected trailingCommentLine = 0;

  protected readonly keyNodes = new Map<string, StringNode>();

  constructor(
    text: string,
    protected readonly strict: boolean,
    protected readonly keepComments: boolean,
  ) {
    this.src = text;
    this.len = text.length;
  }

  /** Records an error at `pos` (on the current line unless line/lineStart are given); stops at MAX_ERRORS. */
  protected report(code: IssueCode, message: string, pos: number, line = this.line, lineStart = this.lineStart): void {
    if (isStructural(code)) {
      // Where one was just reported, or right after what an error skipped: its echo.
      if (pos === this.structuralErrorAt || pos === this.echoAt) return;
      this.structuralErrorAt = pos;
    }
    this.errors.push({ message, line, column: pos - lineStart + 1, code });
    if (this.errors.length >= MAX_ERRORS) throw STOP;
  }

  /** Records an error that parsing cannot continue after. */
  protected fail(code: IssueCode, message: string, pos: number, line = this.line, lineStart = this.lineStart): never {
    this.report(code, message, pos, line, lineStart);
    throw STOP;
  }

  /** At the end of the input where `expected` (followed by `key`, quoted, if given) should be. */
  protected failEnd(expected: string, key?: string): never {
    const what = key === undefined ? expected : `${expected} ${quoteForMessage(key)}`;
    return this.fail('UNEXPECTED_END', `Expected ${what} but found the end of the input.`, this.pos);
  }

  /** Describes what is at `pos`, for "expected X but found Y". */
  protected found(pos: number): string {
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

  /**
   * The end of the string (double or single quoted, on its line) or bare word at `p`, for a
   * look ahead: reading goes on from `p` whatever this finds.
   */
  protected tokenEnd(p: number): number {
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

  /** Whether `c` is the closing bracket of an open collection. */
  protected closesFrame(c: number): boolean {
    return (c === RBRACKET || c === RBRACE) && this.frameClosedBy(c) >= 0;
  }

  /** The index in the stack of the innermost collection the closing bracket `c` closes, or -1. */
  protected frameClosedBy(c: number): number {
    const frames = this.frames;
    const top = frames[frames.length - 1];
    if (top === undefined) return -1;
    return top.isMap === (c === RBRACE) ? frames.length - 1 : top.otherKindBelow;
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

export function codePointName(cp: number): string {
  return `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`;
}

export function apostropheHint(c: number): string {
  return c === SQUOTE ? '; JSON strings must be in double quotes' : '';
}
