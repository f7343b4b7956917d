/**
 * The fast reader's state: one object, one shape, every field named and said once. The
 * grammar regions (lines.ts, plain-scalars.ts, flow-collections.ts, block-collections.ts,
 * block-nodes.ts, reader.ts) each add their methods on top of it, in that order, so that
 * the one class a reader is made of (FastReader) keeps all its fields here: V8 sees a single
 * hidden class and the calls between regions stay monomorphic.
 *
 * Also here: where the reference's ranges end (closeCollection, documentEnd), which depends
 * on nothing but this state.
 */
import * as chars from '../../chars';
import type { FastSink } from './sink';

/* Read once: under a CommonJS transform (tsx, vitest) every use of an imported name is a getter call (see json-to-yaml-fast.ts). */
const { COMMA, CR, LBRACE, LBRACKET, LF, RBRACE, RBRACKET, SPACE, TAB } = chars;

/** What the reader stopped at when it looked for the next line: content, the end of input, `---` or `...`. */
export const LINE_CONTENT: number = 0;
export const LINE_EOF: number = 1;
export const LINE_DOC_START: number = 2;
export const LINE_DOC_END: number = 3;

/** What ended a plain scalar on its line: the line break (or end), `: `, ` #`, a flow indicator. */
export const PLAIN_AT_EOL = 0;
export const PLAIN_AT_COLON = 1;
export const PLAIN_AT_COMMENT = 2;
export const PLAIN_AT_FLOW = 3;

/**
 * What the last value read was, for the end offsets of the collection holding it (see
 * closeCollection): a token with end tokens (plain, quoted, alias, flow collection), an
 * empty node, a block scalar, or a block collection.
 */
export const VALUE_TOKEN = 0;
export const VALUE_EMPTY = 1;
export const VALUE_BLOCK_SCALAR = 2;
export const VALUE_BLOCK_COLLECTION = 3;

export function isBlank(c: number): boolean {
  // NaN (the end of input) counts as blank, like the lexer's `undefined`.
  return c === SPACE || c === LF || c === CR || c === TAB || Number.isNaN(c);
}

export function isFlowIndicator(c: number): boolean {
  return c === COMMA || c === LBRACKET || c === RBRACKET || c === LBRACE || c === RBRACE;
}

export class ReaderState {
  /** Length of the input, in UTF-16 units. */
  protected readonly inputLength: number;
  /** After nextContentLine(): the first character of the current line's content (or the marker, or the end). */
  protected position = 0;
  /** Lines read since the deadline was last checked (checked every TICKS_PER_CHECK). */
  protected deadlineTicks = 0;
  /** Start of the current line. */
  protected lineStart = 0;
  /** Indentation (spaces) of the current line; -1 at a document marker or the end. */
  protected lineIndent = 0;
  /** What the current line is: LINE_CONTENT, LINE_EOF, LINE_DOC_START or LINE_DOC_END. */
  protected lineKind: number = LINE_CONTENT;
  /** Collections open around the current node (bounded by MAX_FAST_DEPTH). */
  protected depth = 0;
  /** Comments read so far (the reference's count: one that the reference loses is taken back). */
  commentCount = 0;
  /** Anchors read so far. */
  anchorCount = 0;
  /** Offsets of every comment's `#`, in order (kept only when `tracksRanges`). */
  readonly commentOffsets: number[] | null;
  /**
   * Work out the offsets the reference's comment placement depends on (collection ends,
   * document ends), for a sink that builds the IR with comments.
   */
  protected readonly tracksRanges: boolean;

  /** How many comment lines the last nextContentLine skipped (recorded when `tracksRanges`). */
  protected skippedComments = 0;
  /** Each skipped comment line's `#`. */
  protected readonly skippedCommentAt: number[] = [];
  /** Each skipped comment line's indentation. */
  protected readonly skippedCommentIndent: number[] = [];
  /** The start of the line after each skipped comment line. */
  protected readonly skippedCommentNext: number[] = [];

  /** What the last value read was (when `tracksRanges`): VALUE_TOKEN, VALUE_EMPTY, VALUE_BLOCK_SCALAR or VALUE_BLOCK_COLLECTION. */
  protected valueKind = VALUE_TOKEN;
  /** Where the last value's range ends, before the comment lines after it. */
  protected valueEnd = 0;
  /** The last value is empty and a comment follows it on its line. */
  protected valueCommented = false;
  /** The last value is a block collection: its trailing comment lines from this index of skippedComment* move up to its parent. */
  protected movedCommentsFrom = 0;

  /** The plain scalar scanned last on one line (scanPlainLine, scanPlainFlow): where its text ends. */
  protected plainEnd = 0;
  /** Where its scan stopped (the `:`, the space before `#`, the line break, the flow indicator). */
  protected plainStop = 0;
  /** Its text may need escaping in JSON. */
  protected plainNeedsEscape = false;

  /** The block mapping key scanned ahead (scanKey, or a node that turned out to be a key): its start. */
  protected keyStart = 0;
  /** Where the key's text (or closing quote) ends. */
  protected keyEnd = 0;
  /** The `:` after the key. */
  protected keyColon = 0;
  /** The key's value as text. */
  protected keyText = '';
  /** A plain key (typed by the schema), not a quoted one (always a string). */
  protected keyPlain = true;
  /** The key's text may need escaping in JSON. */
  protected keyNeedsEscape = false;

  constructor(
    protected readonly src: string,
    protected readonly sink: FastSink,
    /** Where to record the offset of every comment; given, the reader also works out `tracksRanges`. */
    commentOffsets: number[] | null,
  ) {
    this.inputLength = src.length;
    this.tracksRanges = commentOffsets !== null;
    this.commentOffsets = commentOffsets;
  }

  protected comment(at: number): void {
    this.commentCount++;
    if (this.commentOffsets !== null) this.commentOffsets.push(at);
  }

  /** The block mapping key at `start` ends at `end`, its `:` at `colon`. */
  protected setKey(start: number, end: number, colon: number, text: string, plain: boolean, needsEscape: boolean): void {
    this.keyStart = start;
    this.keyEnd = end;
    this.keyColon = colon;
    this.keyText = text;
    this.keyPlain = plain;
    this.keyNeedsEscape = needsEscape;
  }

  /** The plain scalar just scanned ends at `end` and its scan at `stop`; returns `why` (a PLAIN_AT_*). */
  protected plainScanned(end: number, stop: number, needsEscape: boolean, why: number): number {
    this.plainEnd = end;
    this.plainStop = stop;
    this.plainNeedsEscape = needsEscape;
    return why;
  }

  /* where the reference's ranges end (for comment placement) ------------------------ */

  /** The value just read ends at `end` and has end tokens. */
  protected endValue(end: number): void {
    this.valueKind = VALUE_TOKEN;
    this.valueEnd = end;
  }

  /** An empty node at `at`; `commented`: a comment follows it on its line. */
  protected emptyValue(at: number, commented: boolean): void {
    this.valueKind = VALUE_EMPTY;
    this.valueEnd = at;
    this.valueCommented = commented;
  }

  /**
   * At the end of a block collection indented `indent` (the reader is at the next content
   * line, less indented, or the end): where the reference's range of the collection ends
   * (`range[1]`, up to which comments become its end comments) and what its parent sees.
   * The `yaml` parser gives the trailing comment lines to the last value when they are
   * indented under the collection and the value has end tokens, to an empty value always,
   * and otherwise to a comment-only item that moves up to the parent collection unless
   * some comment is indented at least as far as the collection.
   */
  protected closeCollection(indent: number): number {
    const n = this.skippedComments;
    let rangeEnd = this.valueEnd;
    let moved = n;
    switch (this.valueKind) {
      case VALUE_TOKEN: {
        let a = 0;
        while (a < n && this.skippedCommentIndent[a]! > indent) rangeEnd = this.skippedCommentNext[a++]!;
        moved = a;
        break;
      }
      case VALUE_EMPTY:
        if (this.valueCommented || n > 0) rangeEnd = this.position;
        break;
      case VALUE_BLOCK_SCALAR:
        moved = 0;
        break;
      case VALUE_BLOCK_COLLECTION:
        moved = this.movedCommentsFrom;
        break;
    }
    let parentSees = rangeEnd;
    if (moved < n) {
      let allLess = true;
      for (let j = moved; j < n; j++) if (this.skippedCommentIndent[j]! >= indent) allLess = false;
      if (indent !== 0 && !allLess) {
        parentSees = this.position;
        moved = n;
      }
    }
    this.valueKind = VALUE_BLOCK_COLLECTION;
    this.valueEnd = parentSees;
    this.movedCommentsFrom = moved;
    return rangeEnd;
  }

  /**
   * Up to where a document's trailing comments belong to it (the reference's document range
   * end): everything for the last one; the next `---` for a block collection or nothing
   * (the parser keeps the lines before it in the document). After a scalar or a flow
   * collection the parser closes the document one line later, so the comments after that
   * line go to the next document.
   */
  protected documentEnd(): number {
    if (this.lineKind !== LINE_DOC_START) return Infinity;
    if (this.tracksRanges && (this.valueKind === VALUE_TOKEN || this.valueKind === VALUE_BLOCK_SCALAR)) {
      // The document holds one more line, with its comment if it has one.
      if (this.skippedComments > 0) {
        let ls = this.skippedCommentAt[0]!;
        while (ls > 0 && this.src.charCodeAt(ls - 1) !== LF) ls--;
        if (ls === this.valueEnd) return this.skippedCommentNext[0]!;
      }
      return this.valueEnd;
    }
    return this.position;
  }
}
