/**
 * Flow collections for the fast reader: `[a, b]` and `{a: 1, b: 2}`, nested, over one or
 * more lines, with the nodes inside them (quoted and plain scalars, aliases, anchored
 * nodes). Comments, pairs inside sequences, empty values and merges inside flow mappings
 * bail, as do lines not indented past the block around them.
 */
import { bail } from '../../bail';
import * as chars from '../../chars';
import * as limits from '../../limits';
import * as flowScalars from './flow-scalars';
import * as state from './reader-state';
import { PlainScalarReader } from './plain-scalars';

/* Read once: under a CommonJS transform (tsx, vitest) every use of an imported name is a getter call (see json-to-yaml-fast.ts). */
const { AMP, COLON, COMMA, CR, DQUOTE, HASH, LBRACE, LBRACKET, LF, RBRACE, RBRACKET, SPACE, SQUOTE, STAR, TAB } = chars;
const { MAX_FAST_DEPTH } = limits;
const { readQuoted } = flowScalars;
const { PLAIN_AT_COLON } = state;

export class FlowCollectionReader extends PlainScalarReader {
  /**
   * White space inside a flow collection, line breaks included: a new line must be
   * indented more than the block around it (`parentIndent`), except for the closing
   * bracket of the outermost collection. Comments inside flow collections bail.
   */
  protected flowSpace(p: number, parentIndent: number, level: number): number {
    const src = this.src;
    for (;;) {
      const c = src.charCodeAt(p);
      if (c === SPACE || c === TAB) {
        p++;
        continue;
      }
      if (c === LF || c === CR) {
        if (c === CR && src.charCodeAt(p + 1) !== LF) bail('carriage return');
        const lineStart = p + (c === CR ? 2 : 1);
        let q = lineStart;
        while (src.charCodeAt(q) === SPACE) q++;
        const n = q - lineStart;
        while (src.charCodeAt(q) === SPACE || src.charCodeAt(q) === TAB) q++;
        const d = src.charCodeAt(q);
        if (d === LF || d === CR) {
          p = q;
          continue;
        }
        if (Number.isNaN(d) || d === HASH) bail('comment or end of input in a flow collection');
        if (n === 0 && (src.startsWith('---', lineStart) || src.startsWith('...', lineStart))) bail('marker in a flow collection');
        if (n <= parentIndent && !((d === RBRACKET || d === RBRACE) && n === parentIndent && level === 1)) {
          bail('flow collection line not indented');
        }
        return q;
      }
      if (c === HASH) bail('comment in a flow collection');
      return p;
    }
  }

  /** `[...]` at `p`, `level` flow collections deep; returns where it ends (after the `]`). */
  protected parseFlowSeq(p: number, parentIndent: number, anchor: string | null, level: number): number {
    if (++this.depth > MAX_FAST_DEPTH) bail('too deep');
    const src = this.src;
    this.sink.beginSeq(anchor, p);
    let q = this.flowSpace(p + 1, parentIndent, level);
    if (src.charCodeAt(q) !== RBRACKET) {
      for (;;) {
        this.sink.item(q);
        q = this.parseFlowNode(q, parentIndent, level, null);
        q = this.flowSpace(q, parentIndent, level);
        const c = src.charCodeAt(q);
        if (c === COMMA) {
          q = this.flowSpace(q + 1, parentIndent, level);
          if (src.charCodeAt(q) === RBRACKET) break;
        } else if (c === RBRACKET) break;
        else bail('flow sequence');
      }
    }
    this.sink.endSeq(q + 1);
    this.depth--;
    return q + 1;
  }

  /** `{...}` at `p`, `level` flow collections deep; returns where it ends (after the `}`). */
  protected parseFlowMap(p: number, parentIndent: number, anchor: string | null, level: number): number {
    if (++this.depth > MAX_FAST_DEPTH) bail('too deep');
    const src = this.src;
    this.sink.beginMap(anchor, p);
    let q = this.flowSpace(p + 1, parentIndent, level);
    if (src.charCodeAt(q) !== RBRACE) {
      for (;;) {
        q = this.flowSpace(this.flowMapKey(q, parentIndent), parentIndent, level);
        const v = src.charCodeAt(q);
        if (v === COMMA || v === RBRACE) bail('empty value in a flow mapping');
        q = this.parseFlowNode(q, parentIndent, level, null);
        q = this.flowSpace(q, parentIndent, level);
        const d = src.charCodeAt(q);
        if (d === COMMA) {
          q = this.flowSpace(q + 1, parentIndent, level);
          if (src.charCodeAt(q) === RBRACE) break;
        } else if (d === RBRACE) break;
        else bail('flow mapping');
      }
    }
    this.sink.endMap(q + 1);
    this.depth--;
    return q + 1;
  }

  /** The key of a flow mapping's entry at `q`, quoted or plain, and its `:`; returns where its value may start. */
  private flowMapKey(q: number, parentIndent: number): number {
    const src = this.src;
    const c = src.charCodeAt(q);
    if (c === DQUOTE || c === SQUOTE) {
      const qs = readQuoted(src, q, parentIndent + 1);
      let r = qs.end;
      while (src.charCodeAt(r) === SPACE || src.charCodeAt(r) === TAB) r++;
      if (qs.multiline || src.charCodeAt(r) !== COLON) bail('flow mapping key');
      this.sink.key(qs.value, false, qs.esc, q, qs.end);
      return r + 1;
    }
    if (!this.flowPlainStartOk(q, c)) bail('flow mapping key');
    if (this.scanPlainFlow(q) !== PLAIN_AT_COLON) bail('flow mapping key');
    const text = src.slice(q, this.plainEnd);
    if (text === '<<') bail('merge in a flow mapping');
    this.sink.key(text, true, this.plainNeedsEscape, q, this.plainEnd);
    return this.plainStop + 1;
  }

  /** A node inside a flow collection at `p`; returns where it ends. */
  protected parseFlowNode(p: number, parentIndent: number, level: number, anchor: string | null): number {
    const src = this.src;
    const c = src.charCodeAt(p);
    switch (c) {
      case LBRACKET:
        return this.parseFlowSeq(p, parentIndent, anchor, level + 1);
      case LBRACE:
        return this.parseFlowMap(p, parentIndent, anchor, level + 1);
      case DQUOTE:
      case SQUOTE: {
        const qs = readQuoted(src, p, parentIndent + 1);
        let r = qs.end;
        while (src.charCodeAt(r) === SPACE || src.charCodeAt(r) === TAB) r++;
        if (src.charCodeAt(r) === COLON) bail('pair in a flow collection');
        this.sink.string(qs.value, qs.esc, anchor, p, qs.end);
        return qs.end;
      }
      case STAR: {
        if (anchor !== null) bail('alias with an anchor');
        const q = this.anchorEnd(p + 1);
        this.sink.alias(src.slice(p + 1, q), p, q);
        return q;
      }
      case AMP:
        if (anchor !== null) bail('two anchors');
        return this.flowAnchoredNode(p, parentIndent, level);
    }
    if (!this.flowPlainStartOk(p, c)) bail('flow node start');
    const stop = this.scanPlainFlow(p);
    if (stop === PLAIN_AT_COLON) bail('pair in a flow collection');
    this.sink.plain(src.slice(p, this.plainEnd), this.plainNeedsEscape, anchor, p, this.plainEnd);
    return this.plainEnd;
  }

  /** `&name` at `p` and the node it names (possibly empty: `[&a , b]`); returns where the node ends. */
  private flowAnchoredNode(p: number, parentIndent: number, level: number): number {
    const src = this.src;
    const q = this.anchorEnd(p + 1);
    const name = src.slice(p + 1, q);
    this.anchorCount++;
    const d = src.charCodeAt(q);
    if (d !== SPACE && d !== TAB && d !== LF && d !== CR) bail('anchor without space');
    const r = this.flowSpace(q, parentIndent, level);
    const e = src.charCodeAt(r);
    if (e === COMMA || e === RBRACKET || e === RBRACE) {
      // `[&a , b]`: an anchored empty node. With a line break before the `,` (`[&a\n, b]`)
      // the reference refuses it ("Unexpected , in flow sequence"): hand it over.
      for (let i = q; i < r; i++) if (src.charCodeAt(i) === LF || src.charCodeAt(i) === CR) bail('anchored empty node before a line break');
      this.sink.empty(name, r);
      return r;
    }
    return this.parseFlowNode(r, parentIndent, level, name);
  }
}
