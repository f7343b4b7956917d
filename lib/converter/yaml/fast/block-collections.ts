/**
 * Block collections for the fast reader: sequences (`- item` lines) and mappings (`key:`
 * lines) at one indentation, the keys (plain or quoted, on one line), the value after a
 * `key:` (on its line, on the next lines, or empty) and merge keys (`<<: *a`,
 * `<<: [*a, *b]`). The node after `- ` or `key: ` is read by block-nodes.ts.
 */
import { bail } from '../../bail';
import * as chars from '../../chars';
import * as limits from '../../limits';
import * as flowScalars from './flow-scalars';
import * as state from './reader-state';
import { FlowCollectionReader } from './flow-collections';

/* Read once: under a CommonJS transform (tsx, vitest) every use of an imported name is a getter call (see json-to-yaml-fast.ts). */
const { COLON, COMMA, CR, DASH, DQUOTE, HASH, LBRACKET, LF, RBRACKET, SPACE, SQUOTE, STAR, TAB } = chars;
const { MAX_FAST_DEPTH, MAX_KEY_LENGTH } = limits;
const { readQuoted } = flowScalars;
const { LINE_CONTENT, LINE_DOC_START, PLAIN_AT_COLON, isBlank } = state;

export abstract class BlockCollectionReader extends FlowCollectionReader {
  /** The node starting the current line (indent > parentIndent): a sequence, a mapping or a scalar (block-nodes.ts). */
  protected abstract parseLineNode(parentIndent: number, anchor: string | null): void;

  /** A node starting at `p` on the current line (block-nodes.ts). */
  protected abstract parseNodeAt(p: number, parentIndent: number, anchor: string | null, keyOk: boolean): void;

  /** Whether the current line starts with a sequence's `- `. */
  protected atSeqItem(): boolean {
    return this.src.charCodeAt(this.position) === DASH && isBlank(this.src.charCodeAt(this.position + 1));
  }

  /** A block sequence whose first `-` is at the current position, indented `indent`. */
  protected parseBlockSeq(indent: number, anchor: string | null): void {
    if (++this.depth > MAX_FAST_DEPTH) bail('too deep');
    this.sink.beginSeq(anchor, this.position);
    let end = this.position;
    for (;;) {
      this.sink.item(this.position);
      this.parseSeqItem(indent);
      end = this.position;
      if (this.lineKind !== LINE_CONTENT || this.lineIndent < indent) break;
      if (this.lineIndent > indent) bail('bad indentation after a sequence item');
      if (!this.atSeqItem()) break;
    }
    this.sink.endSeq(this.tracksRanges ? this.closeCollection(indent) : end);
    this.depth--;
  }

  /** The item after the `-` at the current position: on its line, on the next lines, or empty. */
  private parseSeqItem(indent: number): void {
    const src = this.src;
    const q = this.position + 1;
    const r = this.skipSpaces(q);
    const c = src.charCodeAt(r);
    if (c === TAB) bail('tab after -');
    if (c === LF || c === CR || c === HASH || r >= this.inputLength) {
      const commented = this.nextLineAfter(q);
      if (this.lineKind === LINE_CONTENT && this.lineIndent > indent) this.parseLineNode(indent, null);
      else this.emptyNode(null, r, commented);
    } else if (c === DASH && isBlank(src.charCodeAt(r + 1))) {
      // `- - item`: a sequence in a sequence, indented where its own `-` is.
      this.position = r;
      this.lineIndent = r - this.lineStart;
      this.parseBlockSeq(this.lineIndent, null);
    } else {
      this.parseNodeAt(r, indent, null, true);
    }
  }

  /** A block mapping at `indent` whose first key was scanned into the key* fields. */
  protected parseBlockMap(indent: number, anchor: string | null): void {
    if (++this.depth > MAX_FAST_DEPTH) bail('too deep');
    this.sink.beginMap(anchor, this.keyStart);
    let end: number;
    for (;;) {
      if (this.keyColon - this.keyStart > MAX_KEY_LENGTH) bail('long key');
      if (this.keyPlain && this.keyText === '<<') this.parseMerge(this.keyColon + 1, this.keyStart);
      else {
        this.sink.key(this.keyText, this.keyPlain, this.keyNeedsEscape, this.keyStart, this.keyEnd);
        this.parseMapValue(this.keyColon + 1, indent);
      }
      end = this.position;
      if (this.lineKind !== LINE_CONTENT || this.lineIndent < indent) break;
      if (this.lineIndent > indent) bail('bad indentation after a mapping value');
      this.scanKey(this.position);
    }
    this.sink.endMap(this.tracksRanges ? this.closeCollection(indent) : end);
    this.depth--;
  }

  /** A key at the start of a line of a block mapping. */
  private scanKey(p: number): void {
    const src = this.src;
    const c = src.charCodeAt(p);
    if (c === DQUOTE || c === SQUOTE) {
      const qs = readQuoted(src, p, this.lineIndent + 1);
      let r = qs.end;
      while (src.charCodeAt(r) === SPACE || src.charCodeAt(r) === TAB) r++;
      if (qs.multiline || src.charCodeAt(r) !== COLON || !isBlank(src.charCodeAt(r + 1))) bail('not a key');
      this.setKey(p, qs.end, r, qs.value, false, qs.esc);
      return;
    }
    if (!this.plainStartOk(p, c)) bail('not a plain key');
    if (this.scanPlainLine(p) !== PLAIN_AT_COLON) bail('not a key');
    this.setKey(p, this.plainEnd, this.plainStop, src.slice(p, this.plainEnd), true, this.plainNeedsEscape);
  }

  /** The value after `key:` (`p`: after the `:`), on the same line or the next ones. */
  private parseMapValue(p: number, mapIndent: number): void {
    const q = this.skipSpaces(p);
    const c = this.src.charCodeAt(q);
    if (c === LF || c === CR || c === HASH || q >= this.inputLength) {
      const commented = this.nextLineAfter(p);
      if (this.lineKind === LINE_CONTENT) {
        if (this.lineIndent > mapIndent) {
          this.parseLineNode(mapIndent, null);
          return;
        }
        // A sequence may sit at its key's indentation.
        if (this.lineIndent === mapIndent && this.atSeqItem()) {
          this.parseBlockSeq(mapIndent, null);
          return;
        }
      } else if (this.lineKind === LINE_DOC_START && mapIndent === 0) this.dropComments(p, this.position, mapIndent);
      this.emptyNode(null, q, commented);
      return;
    }
    if (c === TAB) bail('tab after :');
    this.parseNodeAt(q, mapIndent, null, false);
  }

  /** `<<: *a` or `<<: [*a, *b]` on one line (`p`: after the `:`). */
  private parseMerge(p: number, keyStart: number): void {
    const src = this.src;
    let q = this.skipSpaces(p);
    const names: string[] = [];
    const starts: number[] = [];
    const ends: number[] = [];
    const list = src.charCodeAt(q) === LBRACKET;
    if (list) q = this.skipSpaces(q + 1);
    for (;;) {
      if (src.charCodeAt(q) !== STAR) bail('merge of something else than aliases');
      const e = this.anchorEnd(q + 1);
      names.push(src.slice(q + 1, e));
      starts.push(q);
      ends.push(e);
      q = e;
      if (!list) break;
      q = this.skipSpaces(q);
      const c = src.charCodeAt(q);
      if (c === COMMA) q = this.skipSpaces(q + 1);
      else if (c === RBRACKET) {
        q++;
        break;
      } else bail('merge list');
    }
    this.finishValueLine(q);
    this.sink.merge(names, starts, ends, keyStart, list ? q : -1);
  }
}
