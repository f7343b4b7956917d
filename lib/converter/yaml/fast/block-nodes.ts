/**
 * The node at a place in block context, by its first character: an anchor (`&a`, the one
 * property read here; tags bail) before the node, an alias, a quoted scalar, a flow
 * collection, a block scalar (`|`, `>`), or a plain scalar; a quoted or plain scalar
 * followed by `: ` is the first key of a block mapping instead.
 */
import { bail } from '../../bail';
import * as chars from '../../chars';
import * as blockScalar from './block-scalar';
import * as flowScalars from './flow-scalars';
import * as state from './reader-state';
import { BlockCollectionReader } from './block-collections';
import type { BlockScalarStyle } from '../../types';

/* Read once: under a CommonJS transform (tsx, vitest) every use of an imported name is a getter call (see json-to-yaml-fast.ts). */
const { AMP, AT, BACKTICK, BANG, COLON, COMMA, CR, DASH, DQUOTE, GT, HASH, LBRACE, LBRACKET, LF } = chars;
const { PERCENT, PIPE, QUESTION, RBRACE, RBRACKET, SPACE, SQUOTE, STAR, TAB } = chars;
const { readBlockScalarBody, readBlockScalarHeader } = blockScalar;
const { readQuoted } = flowScalars;
const { LINE_CONTENT, LINE_DOC_START, PLAIN_AT_COLON, VALUE_BLOCK_SCALAR, isBlank } = state;

export abstract class BlockNodeReader extends BlockCollectionReader {
  /** The node starting the current line (indent > parentIndent): a sequence, a mapping or a scalar. */
  protected parseLineNode(parentIndent: number, anchor: string | null): void {
    if (this.atSeqItem()) {
      this.parseBlockSeq(this.lineIndent, anchor);
      return;
    }
    this.parseNodeAt(this.position, parentIndent, anchor, true);
  }

  /**
   * A node starting at `p` on the current line. `keyOk`: it may be the first key of a
   * block mapping (at the document level, after `- `, or on its own line); `anchor`
   * then belongs to that mapping (it came on an earlier line).
   */
  protected parseNodeAt(p: number, parentIndent: number, anchor: string | null, keyOk: boolean): void {
    const c = this.src.charCodeAt(p);
    switch (c) {
      case AMP:
        if (anchor !== null) bail('two anchors');
        this.anchoredNode(p, parentIndent, keyOk);
        return;
      case STAR:
        if (anchor !== null) bail('alias with an anchor');
        this.aliasNode(p);
        return;
      case DQUOTE:
      case SQUOTE:
        this.quotedNode(p, parentIndent, anchor, keyOk);
        return;
      case LBRACKET:
      case LBRACE:
        this.flowNode(p, parentIndent, anchor);
        return;
      case PIPE:
      case GT:
        this.blockScalarNode(p, parentIndent, anchor);
        return;
      case DASH:
      case QUESTION:
      case COLON:
        if (isBlank(this.src.charCodeAt(p + 1))) bail('indicator');
        if (c !== DASH) bail('plain scalar starting with ? or :');
        break;
      case BANG:
      case PERCENT:
      case AT:
      case BACKTICK:
      case COMMA:
      case RBRACKET:
      case RBRACE:
      case HASH:
        bail('unsupported node start');
    }
    this.plainNode(p, parentIndent, anchor, keyOk);
  }

  /** `&name` at `p`, then its node: on the same line, on the next lines, or empty. */
  private anchoredNode(p: number, parentIndent: number, keyOk: boolean): void {
    const src = this.src;
    const q = this.anchorEnd(p + 1);
    const name = src.slice(p + 1, q);
    this.anchorCount++;
    const r = this.skipSpaces(q);
    const d = src.charCodeAt(r);
    if (d === LF || d === CR || d === HASH || r >= this.inputLength) {
      const commented = this.nextLineAfter(q);
      if (this.lineKind === LINE_CONTENT && this.lineIndent > parentIndent) this.parseLineNode(parentIndent, name);
      else {
        // keyOk is false only for a mapping value here (see dropComments).
        if (!keyOk && this.lineKind === LINE_DOC_START && parentIndent === 0) this.dropComments(p, this.position, parentIndent);
        this.emptyNode(name, r, commented);
      }
      return;
    }
    if (r === q || d === TAB) bail('anchor without space, or with a tab');
    // On the same line: an anchor before a key would belong to the key.
    this.parseNodeAt(r, parentIndent, name, false);
  }

  /** `*name` at `p`, the whole value. */
  private aliasNode(p: number): void {
    const src = this.src;
    const q = this.anchorEnd(p + 1);
    const name = src.slice(p + 1, q);
    const r = this.skipSpaces(q);
    if (src.charCodeAt(r) === COLON) bail('alias as a key');
    this.finishValueLine(q);
    this.sink.alias(name, p, q);
  }

  /** A quoted scalar at `p`: a value, or the first key of a block mapping. */
  private quotedNode(p: number, parentIndent: number, anchor: string | null, keyOk: boolean): void {
    const src = this.src;
    const qs = readQuoted(src, p, parentIndent + 1);
    let r = qs.end;
    while (src.charCodeAt(r) === SPACE || src.charCodeAt(r) === TAB) r++;
    if (src.charCodeAt(r) === COLON && isBlank(src.charCodeAt(r + 1))) {
      if (!keyOk || qs.multiline) bail('quoted key here');
      this.setKey(p, qs.end, r, qs.value, false, qs.esc);
      this.parseBlockMap(p - this.lineStart, anchor);
      return;
    }
    this.finishValueLine(qs.end);
    this.sink.string(qs.value, qs.esc, anchor, p, qs.end);
  }

  /** A flow collection at `p`, the whole value. */
  private flowNode(p: number, parentIndent: number, anchor: string | null): void {
    const q = this.src.charCodeAt(p) === LBRACKET ? this.parseFlowSeq(p, parentIndent, anchor, 1) : this.parseFlowMap(p, parentIndent, anchor, 1);
    const r = this.skipSpaces(q);
    if (this.src.charCodeAt(r) === COLON) bail('flow collection as a key');
    const comments = this.commentCount;
    const next = this.finishLine(q);
    // The comment after the collection, on its closing line, is the collection's.
    if (this.tracksRanges && this.commentCount !== comments) this.sink.flowComment(this.commentOffsets![this.commentOffsets!.length - 1]!);
    this.nextContentLine(next);
    this.endValue(next);
  }

  /** A block scalar (`|` or `>`) at `p`. */
  private blockScalarNode(p: number, parentIndent: number, anchor: string | null): void {
    const header = readBlockScalarHeader(this.src, p);
    if (header.commentAt !== -1) this.comment(header.commentAt);
    const body = readBlockScalarBody(this.src, header, parentIndent);
    this.nextContentLine(body.next);
    this.valueKind = VALUE_BLOCK_SCALAR;
    this.valueEnd = body.end;
    // Its end-of-line comment is the header's, and the IR keeps its style.
    if (this.tracksRanges) this.sink.blockScalar(((header.folded ? '>' : '|') + header.chomp) as BlockScalarStyle, p);
    this.sink.string(body.value, true, anchor, p, body.end);
  }

  /** A plain scalar at `p`: a value, or the first key of a block mapping. */
  private plainNode(p: number, parentIndent: number, anchor: string | null, keyOk: boolean): void {
    const stop = this.scanPlainLine(p);
    if (stop === PLAIN_AT_COLON) {
      if (!keyOk) bail('key on a value line');
      this.setKey(p, this.plainEnd, this.plainStop, this.src.slice(p, this.plainEnd), true, this.plainNeedsEscape);
      this.parseBlockMap(p - this.lineStart, anchor);
      return;
    }
    this.plainValue(p, stop, parentIndent, anchor);
  }
}
