// JSON values, arrays and objects: the reader's main loop and the recovery between entries.
import * as chars from '../chars';
import * as deadline from '../deadline';
import type { MapNode, SeqNode, ValidationIssue, YNode } from '../types';
import type { ReadJsonResult } from './read-json';
import { MemberReader } from './members';
import { Frame } from './reader-state';
import * as readerState from './reader-state';
import * as charClasses from './char-classes';

// Imported bindings read once (why: reader-state.ts).
const { JSONC_HINT, STOP, EXPECT_VALUE, AFTER_VALUE, EXPECT_KEY, AFTER_STORED, NO_VALUE } = readerState;
const { TICKS_PER_CHECK, checkDeadline } = deadline;
const { TAB, LF, CR, SPACE, SQUOTE, COMMA, COLON, LBRACKET, RBRACKET, LBRACE, RBRACE, BOM } = chars;
const { startsValue } = charClasses;

/** The JSON reader: the main loop over values, arrays and objects, on an explicit stack. */
export class JsonReader extends MemberReader {
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

  protected parse(): void {
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

  /**
   * Reads the top-level value. Open arrays and objects are kept on an explicit stack
   * (`frames`), not the call stack, so nesting costs no recursion: each turn reads one step
   * in one of three states, until the top-level value is complete.
   */
  protected readTopValue(): YNode {
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
  protected startValue(): number {
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
  protected openCollection(isMap: boolean): number {
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
  protected afterValue(parent: Frame): number {
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
  protected separator(parent: Frame): number {
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

  protected reportTrailingComma(closer: number, pos: number, line: number, lineStart: number): void {
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
  protected badSeparator(parent: Frame, c: number): number {
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

  /**
   * A closing bracket `c` that does not close the innermost collection (already reported). When
   * only closing brackets follow to the end of the input, the innermost collection's own bracket
   * is missing: `c` closes the enclosing collection it belongs to, and those inside it. Otherwise
   * it is taken for a typo of the innermost one's (as in `[{"a": 1], 2]`).
   */
  protected wrongCloser(c: number): number {
    const frames = this.frames;
    const i = this.frameClosedBy(c);
    if (i >= 0 && this.pos + 1 >= this.closingTailStart()) frames.length = i + 1;
    this.closeCollection();
    return AFTER_VALUE;
  }

  /** Where the run of closing brackets and whitespace that ends the input starts (found once). */
  protected closingTailStart(): number {
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

  /** At the closing bracket of the innermost collection: it is the value just read. */
  protected closeCollection(): void {
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
}

function isSorted(errors: ValidationIssue[]): boolean {
  for (let i = 1; i < errors.length; i++) {
    const a = errors[i - 1]!;
    const b = errors[i]!;
    if (a.line > b.line || (a.line === b.line && a.column > b.column)) return false;
  }
  return true;
}
