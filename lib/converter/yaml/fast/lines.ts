/**
 * Lines for the fast reader: finding the next line with content (skipping blank and
 * comment lines, stopping at `---`, `...` or the end), the end of the line a value is on,
 * and the comments the reference loses before a document marker. Also the one token every
 * region reads the same way: an anchor or alias name.
 */
import { bail } from '../../bail';
import * as chars from '../../chars';
import * as deadline from '../../deadline';
import * as state from './reader-state';

/* Read once: under a CommonJS transform (tsx, vitest) every use of an imported name is a getter call (see json-to-yaml-fast.ts). */
const { AMP, COLON, CR, DASH, DOT, HASH, LF, SPACE, TAB } = chars;
const { TICKS_PER_CHECK, checkDeadline } = deadline;
const { LINE_CONTENT, LINE_DOC_END, LINE_DOC_START, LINE_EOF, isBlank, isFlowIndicator } = state;

export class LineReader extends state.ReaderState {
  /**
   * From the start of a line: skips blank and comment lines and stops at the next line
   * with content (setting position, lineIndent, lineStart), or at `---`, `...` or the end.
   */
  protected nextContentLine(p: number): void {
    const src = this.src;
    const len = this.inputLength;
    this.skippedComments = 0;
    for (;;) {
      if (++this.deadlineTicks === TICKS_PER_CHECK) {
        this.deadlineTicks = 0;
        checkDeadline();
      }
      let q = p;
      while (src.charCodeAt(q) === SPACE) q++;
      const spaces = q - p;
      let c = src.charCodeAt(q);
      if (c === TAB) {
        q = this.skipTabsOnBlankLine(q);
        c = src.charCodeAt(q);
      }
      if (q >= len) {
        this.lineKind = LINE_EOF;
        this.position = len;
        this.lineIndent = -1;
        return;
      }
      if (c === LF) {
        p = q + 1;
        continue;
      }
      if (c === CR) {
        if (src.charCodeAt(q + 1) !== LF) bail('carriage return');
        p = q + 2;
        continue;
      }
      if (c === HASH) {
        p = this.skipCommentLine(q, spaces);
        continue;
      }
      if (q === p && (c === DASH || c === DOT) && isBlank(src.charCodeAt(p + 3)) && this.atMarker(p)) return;
      this.lineKind = LINE_CONTENT;
      this.lineStart = p;
      this.lineIndent = q - p;
      this.position = q;
      return;
    }
  }

  /** Tabs may only end up in blank or comment lines here: past them from `q`, or bails. */
  private skipTabsOnBlankLine(q: number): number {
    const src = this.src;
    let r = q;
    while (src.charCodeAt(r) === TAB || src.charCodeAt(r) === SPACE) r++;
    const c = src.charCodeAt(r);
    if (!(c === LF || c === CR || c === HASH)) bail(r >= this.inputLength ? 'tab at the end of the input' : 'tab in indentation');
    return r;
  }

  /** The comment at `at` fills its line (indented `spaces`): counted, recorded; returns the next line's start. */
  private skipCommentLine(at: number, spaces: number): number {
    this.comment(at);
    const nl = this.src.indexOf('\n', at);
    const next = nl === -1 ? this.inputLength : nl + 1;
    if (this.tracksRanges) {
      const k = this.skippedComments++;
      this.skippedCommentAt[k] = at;
      this.skippedCommentIndent[k] = spaces;
      this.skippedCommentNext[k] = next;
    }
    return next;
  }

  /** At the line start `p`: stops there if it is `---` or `...`. */
  private atMarker(p: number): boolean {
    const s = this.src.substr(p, 3);
    if (s !== '---' && s !== '...') return false;
    this.lineKind = s === '---' ? LINE_DOC_START : LINE_DOC_END;
    this.position = p;
    this.lineStart = p;
    this.lineIndent = -1;
    return true;
  }

  /**
   * After a value that ends at `p`: white space, an optional comment (after white space)
   * and the line break. Returns the start of the next line; anything else bails.
   */
  protected finishLine(p: number): number {
    const src = this.src;
    let q = p;
    let c = src.charCodeAt(q);
    while (c === SPACE || c === TAB) c = src.charCodeAt(++q);
    if (c === LF) return q + 1;
    if (q >= this.inputLength) return this.inputLength;
    if (c === CR) {
      if (src.charCodeAt(q + 1) === LF) return q + 2;
      bail('carriage return');
    }
    if (c === HASH && q > p) {
      this.comment(q);
      const nl = src.indexOf('\n', q);
      return nl === -1 ? this.inputLength : nl + 1;
    }
    return bail('unexpected content after a value');
  }

  /** A value (with end tokens) ends at `p`: the rest of its line, then on to the next content line. */
  protected finishValueLine(p: number): void {
    const next = this.finishLine(p);
    this.nextContentLine(next);
    this.endValue(next);
  }

  /**
   * Nothing more on the line after `p` (an indicator, a key's `:`, an anchor): on to the next
   * content line, where the node may be. Returns whether a comment ended the line.
   */
  protected nextLineAfter(p: number): boolean {
    const comments = this.commentCount;
    const next = this.finishLine(p);
    const commented = this.commentCount !== comments;
    this.nextContentLine(next);
    return commented;
  }

  /** An empty node at `at` (a `commented` one has a comment after it on its line). */
  protected emptyNode(anchor: string | null, at: number, commented: boolean): void {
    this.emptyValue(at, commented);
    this.sink.empty(anchor, at);
  }

  /** The start of the line after the line break at `p` (or the input's end). */
  protected lineAfter(p: number): number {
    const c = this.src.charCodeAt(p);
    if (c === LF) return p + 1;
    if (c === CR) {
      if (this.src.charCodeAt(p + 1) === LF) return p + 2;
      bail('carriage return');
    }
    return this.inputLength;
  }

  protected skipSpaces(p: number): number {
    while (this.src.charCodeAt(p) === SPACE) p++;
    return p;
  }

  /** Anchor and alias names end at white space or a flow indicator. */
  protected anchorEnd(p: number): number {
    const src = this.src;
    let q = p;
    for (;;) {
      const c = src.charCodeAt(q);
      if (isBlank(c) || isFlowIndicator(c)) break;
      q++;
    }
    if (q === p) bail('empty anchor or alias name');
    if (src.charCodeAt(q - 1) === COLON) bail('anchor or alias name ending in :');
    return q;
  }

  /**
   * The `yaml` parser loses comments in one place: after a key of a top-level mapping with
   * no value (`key:`), when `---` follows, the comments after the second line break
   * (counting from the last comment indented under the key) vanish from its syntax tree,
   * so the reference never counts or places them. Same here, token for token: `from` is
   * just after the `:`, `to` the marker.
   */
  protected dropComments(from: number, to: number, mapIndent: number): void {
    const src = this.src;
    const newlines: number[] = [];
    const comments: { token: number; at: number }[] = [];
    let token = 0;
    let lineIndent = mapIndent;
    let atLineStart = false;
    for (let i = from; i < to; ) {
      const c = src.charCodeAt(i);
      if (atLineStart) {
        let n = 0;
        while (src.charCodeAt(i + n) === SPACE) n++;
        lineIndent = n;
        i += n;
        atLineStart = false;
        continue;
      }
      if (c === SPACE || c === TAB) i++;
      else if (c === LF || c === CR) {
        newlines.push(token++);
        i += c === CR ? 2 : 1;
        atLineStart = true;
      } else if (c === HASH) {
        if (lineIndent > mapIndent) newlines.length = 0;
        comments.push({ token: token++, at: i });
        const nl = src.indexOf('\n', i);
        i = nl === -1 || nl > to ? to : src.charCodeAt(nl - 1) === CR ? nl - 1 : nl;
      } else if (c === AMP) {
        newlines.length = 0;
        token++;
        i = this.anchorEnd(i + 1);
      } else bail('unexpected token before a document marker');
    }
    if (newlines.length < 2) return;
    this.uncountDropped(comments, newlines[1]!);
  }

  /** Takes back the comments from token `cut` on, which the reference never sees. */
  private uncountDropped(comments: { token: number; at: number }[], cut: number): void {
    // The reference's ranges then end inside what was dropped: not reproduced.
    if (this.tracksRanges && comments.some((c) => c.token >= cut)) bail('comments lost before ---');
    for (const c of comments) {
      if (c.token < cut) continue;
      this.commentCount--;
      const offsets = this.commentOffsets;
      if (offsets !== null) offsets.splice(offsets.lastIndexOf(c.at), 1);
    }
  }
}
