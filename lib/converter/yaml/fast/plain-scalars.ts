/**
 * Plain scalars for the fast reader: which characters may start one (block and flow
 * context), scanning one line of one (up to `: `, ` #`, the line break or, in a flow
 * collection, a flow indicator), and a block value that goes on over the next lines.
 */
import { bail } from '../../bail';
import * as chars from '../../chars';
import * as flowScalars from './flow-scalars';
import * as state from './reader-state';
import { LineReader } from './lines';

/* Read once: under a CommonJS transform (tsx, vitest) every use of an imported name is a getter call (see json-to-yaml-fast.ts). */
const { AMP, AT, BACKSLASH, BACKTICK, BANG, COLON, COMMA, CR, DASH, DQUOTE, GT, HASH, LBRACE, LBRACKET, LF } = chars;
const { PERCENT, PIPE, QUESTION, RBRACE, RBRACKET, SPACE, SQUOTE, STAR, TAB } = chars;
const { continuesScalar, needsJsonEscape, unfoldLines } = flowScalars;
const { PLAIN_AT_COLON, PLAIN_AT_COMMENT, PLAIN_AT_EOL, PLAIN_AT_FLOW, isBlank, isFlowIndicator } = state;

export class PlainScalarReader extends LineReader {
  /** Whether a plain scalar may start with `c` (in block context). */
  protected plainStartOk(p: number, c: number): boolean {
    switch (c) {
      case AMP:
      case STAR:
      case BANG:
      case PIPE:
      case GT:
      case SQUOTE:
      case DQUOTE:
      case PERCENT:
      case AT:
      case BACKTICK:
      case COMMA:
      case LBRACKET:
      case RBRACKET:
      case LBRACE:
      case RBRACE:
      case HASH:
      case QUESTION:
      case COLON:
        return false;
      case DASH:
        return !isBlank(this.src.charCodeAt(p + 1));
    }
    return true;
  }

  /** Whether a plain scalar may start with `c` inside a flow collection. */
  protected flowPlainStartOk(p: number, c: number): boolean {
    if (c === DASH || c === QUESTION || c === COLON) {
      const d = this.src.charCodeAt(p + 1);
      return !(isBlank(d) || isFlowIndicator(d)) && c === DASH;
    }
    return this.plainStartOk(p, c);
  }

  /**
   * A plain scalar in block context on one line, from `p`: sets plainEnd (after its last
   * character), plainStop (where scanning stopped) and plainNeedsEscape; returns what
   * stopped it (a PLAIN_AT_*).
   */
  protected scanPlainLine(p: number): number {
    const src = this.src;
    let esc = false;
    let end = p;
    let i = p;
    for (;;) {
      const c = src.charCodeAt(i);
      if (c > COLON) {
        if (c === BACKSLASH) esc = true;
        end = ++i;
        continue;
      }
      if (c === SPACE || c === TAB) {
        if (src.charCodeAt(i + 1) === HASH) return this.plainScanned(end, i, esc, PLAIN_AT_COMMENT);
        if (c === TAB) esc = true;
        i++;
        continue;
      }
      if (c === COLON) {
        if (isBlank(src.charCodeAt(i + 1))) return this.plainScanned(end, i, esc, PLAIN_AT_COLON);
        end = ++i;
        continue;
      }
      if (c === LF || c === CR || Number.isNaN(c)) {
        if (c === CR && src.charCodeAt(i + 1) !== LF) bail('carriage return');
        return this.plainScanned(end, i, esc, PLAIN_AT_EOL);
      }
      if (c === DQUOTE || c < SPACE) esc = true;
      end = ++i;
    }
  }

  /** A plain scalar inside a flow collection, on one line (like scanPlainLine). */
  protected scanPlainFlow(p: number): number {
    const src = this.src;
    let esc = false;
    let end = p;
    let i = p;
    for (;;) {
      const c = src.charCodeAt(i);
      if (c === SPACE || c === TAB) {
        if (src.charCodeAt(i + 1) === HASH) return this.plainScanned(end, i, esc, PLAIN_AT_COMMENT);
        if (c === TAB) esc = true;
        i++;
        continue;
      }
      if (c === COLON) {
        const d = src.charCodeAt(i + 1);
        if (isBlank(d) || isFlowIndicator(d)) return this.plainScanned(end, i, esc, PLAIN_AT_COLON);
        end = ++i;
        continue;
      }
      if (c === LF || c === CR || Number.isNaN(c)) return this.plainScanned(end, i, esc, PLAIN_AT_EOL);
      if (isFlowIndicator(c)) return this.plainScanned(end, i, esc, PLAIN_AT_FLOW);
      if (c === BACKSLASH || c === DQUOTE || c < SPACE) esc = true;
      end = ++i;
    }
  }

  /** A plain scalar value that started at `start` and was scanned to the end of its first line. */
  protected plainValue(start: number, stop: number, parentIndent: number, anchor: string | null): void {
    const src = this.src;
    let end = this.plainEnd;
    let esc = this.plainNeedsEscape;
    if (stop === PLAIN_AT_COMMENT) {
      this.finishValueLine(this.plainStop);
      this.sink.plain(src.slice(start, end), esc, anchor, start, end);
      return;
    }
    // The end of the line: the scalar may go on over the next lines (the lexer's rule).
    let lineStart = this.lineAfter(this.plainStop);
    let valueEnd = lineStart;
    let multiline = false;
    const indentNext = parentIndent + 1;
    for (;;) {
      if (lineStart >= this.inputLength) break;
      let cs = continuesScalar(src, lineStart, indentNext);
      if (cs === -1) break;
      // At the document level the lexer does not skip the indentation: white space all the same.
      while (src.charCodeAt(cs) === SPACE) cs++;
      const c = src.charCodeAt(cs);
      if (c === LF || (c === CR && src.charCodeAt(cs + 1) === LF)) {
        lineStart = cs + (c === LF ? 1 : 2);
        continue;
      }
      if (Number.isNaN(c) || c === HASH) break;
      if (c === TAB || c === CR) bail('tab or carriage return in a multi-line plain scalar');
      const s = this.scanPlainLine(cs);
      if (s === PLAIN_AT_COLON) bail('implicit key inside a multi-line plain scalar');
      multiline = true;
      end = this.plainEnd;
      if (s === PLAIN_AT_COMMENT) {
        lineStart = this.finishLine(this.plainStop);
        valueEnd = lineStart;
        break;
      }
      lineStart = this.lineAfter(this.plainStop);
      valueEnd = lineStart;
    }
    let text: string;
    if (multiline) {
      text = unfoldLines(src.slice(start, end));
      esc = needsJsonEscape(text);
    } else text = src.slice(start, end);
    this.nextContentLine(lineStart);
    this.endValue(valueEnd);
    this.sink.plain(text, esc, anchor, start, end);
  }
}
