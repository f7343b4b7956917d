/**
 * A single-pass reader for the YAML that real files are made of: block mappings and
 * sequences, plain, quoted and block scalars, flow collections, comments, anchors,
 * aliases and merge keys. It reports what it reads to a sink (JSON text or IR) and bails
 * (throws a Bail) on anything it does not read exactly as the reference path
 * (read-yaml.ts: the `yaml` package plus our typing) would: tags, directives, explicit
 * keys, complex keys, `...`, tabs as indentation, and everything invalid, so that the
 * reference reports the errors.
 */
import { bail } from '../../bail';
import { readBlockScalarBody, readBlockScalarHeader } from './block-scalar';
import { continuesScalar, needsJsonEscape, readQuoted, unfoldLines } from './flow-scalars';
import type { FastSink } from './sink';
import { TICKS_PER_CHECK, checkDeadline } from '../../deadline';
import * as limits from '../../limits';

/* Read once: under a CommonJS transform (tsx, vitest) every use of an imported name is a getter call (see json-to-yaml-fast.ts). */
const { MAX_FAST_DEPTH, MAX_KEY_LENGTH } = limits;

const SPACE = 32;
const TAB = 9;
const LF = 10;
const CR = 13;
const BANG = 33;
const DQUOTE = 34;
const HASH = 35;
const PERCENT = 37;
const AMP = 38;
const SQUOTE = 39;
const STAR = 42;
const COMMA = 44;
const DASH = 45;
const DOT = 46;
const COLON = 58;
const GT = 62;
const QUESTION = 63;
const AT = 64;
const LBRACKET = 91;
const BACKSLASH = 92;
const RBRACKET = 93;
const BACKTICK = 96;
const LBRACE = 123;
const PIPE = 124;
const RBRACE = 125;

/** What stopped the reader at a line: content, the end of input, `---` or `...`. */
const NONE: number = 0;
const EOF: number = 1;
const DOC_START: number = 2;
const DOC_END: number = 3;

/** What ended a plain scalar on its line. */
const STOP_EOL = 0;
const STOP_COLON = 1;
const STOP_COMMENT = 2;
const STOP_FLOW = 3;

/**
 * What the last value read was, for the end offsets of the collection holding it (see
 * closeCollection): a token with end tokens (plain, quoted, alias, flow collection), an
 * empty node, a block scalar, or a block collection.
 */
const V_END = 0;
const V_EMPTY = 1;
const V_BLOCK = 2;
const V_COLL = 3;


function isBlank(c: number): boolean {
  // NaN (the end of input) counts as blank, like the lexer's `undefined`.
  return c === SPACE || c === LF || c === CR || c === TAB || Number.isNaN(c);
}

function isFlowIndicator(c: number): boolean {
  return c === COMMA || c === LBRACKET || c === RBRACKET || c === LBRACE || c === RBRACE;
}

export interface FastReadStats {
  comments: number;
  anchors: number;
  documents: number;
}

export class FastReader {
  private readonly len: number;
  /** Position: after nextContentLine(), the first character of the current line's content. */
  private pos = 0;
  /** Turns since the deadline was last checked (TICKS_PER_CHECK). */
  private ticks = 0;
  /** Start of the current line. */
  private lineStart = 0;
  /** Indentation (spaces) of the current line. */
  private indent = 0;
  private stop: number = NONE;
  private depth = 0;
  comments = 0;
  anchors = 0;
  /** Offsets of every comment's `#`, in order (kept only when `ranges`). */
  readonly commentOffsets: number[] | null;
  /**
   * Work out the offsets the reference's comment placement depends on (collection ends,
   * document ends), for a sink that builds the IR with comments.
   */
  private readonly ranges: boolean;

  // Comment lines skipped by the last nextContentLine (when `ranges`): where, how indented, next line.
  private tCount = 0;
  private readonly tAt: number[] = [];
  private readonly tIndent: number[] = [];
  private readonly tNext: number[] = [];
  // The last value read (when `ranges`): its kind, where its range ends before trailing lines,
  // whether an empty one had a comment after it, and for a collection the trailing comment
  // lines (from index rFrom of the t* arrays) that the parser moves on to its parent.
  private vKind = V_END;
  private vBase = 0;
  private vComment = false;
  private rFrom = 0;

  // The last plain scalar scanned on one line.
  private sEnd = 0;
  private sStop = 0;
  private sEsc = false;

  // A block mapping key scanned ahead.
  private kStart = 0;
  private kEnd = 0;
  private kColon = 0;
  private kText = '';
  private kPlain = true;
  private kEsc = false;

  constructor(
    private readonly src: string,
    private readonly sink: FastSink,
    /** Where to record the offset of every comment; given, the reader also works out `ranges`. */
    commentOffsets: number[] | null = null,
  ) {
    this.len = src.length;
    this.ranges = commentOffsets !== null;
    this.commentOffsets = commentOffsets;
  }

  read(): FastReadStats {
    const src = this.src;
    const start = src.charCodeAt(0) === 0xfeff ? 1 : 0;
    // The lexer takes a byte order mark at any line start before the first document, and
    // after one the parser does not count the first line's indentation: left to it.
    if (src.indexOf('\ufeff', 1) !== -1) bail('byte order mark');
    this.nextContentLine(start);
    if (start === 1 && this.stop === NONE && this.lineStart === 1) bail('content on the line of a byte order mark');
    let documents = 0;
    if (this.stop === NONE) {
      this.sink.beginDocument(this.pos, false);
      this.parseLineNode(-1, null);
      this.sink.endDocument(this.documentEnd());
      documents++;
    }
    while (this.stop === DOC_START) {
      const at = this.pos;
      const next = this.finishLine(at + 3);
      this.sink.beginDocument(at, true);
      this.nextContentLine(next);
      if (this.stop === NONE) this.parseLineNode(-1, null);
      else {
        this.sink.empty(null, this.skipSpaces(at + 3));
        this.vKind = V_EMPTY;
      }
      this.sink.endDocument(this.documentEnd());
      documents++;
    }
    if (this.stop !== EOF) bail(this.stop === DOC_END ? 'document end marker' : 'content after the document');
    this.sink.endStream();
    return { comments: this.comments, anchors: this.anchors, documents };
  }

  /**
   * Up to where a document's trailing comments belong to it (the reference's document range
   * end): everything for the last one; the next `---` for a block collection or nothing
   * (the parser keeps the lines before it in the document). After a scalar or a flow
   * collection the parser closes the document one line later, so the comments after that
   * line go to the next document.
   */
  private documentEnd(): number {
    if (this.stop !== DOC_START) return Infinity;
    if (this.ranges && (this.vKind === V_END || this.vKind === V_BLOCK)) {
      // The document holds one more line, with its comment if it has one.
      if (this.tCount > 0) {
        let ls = this.tAt[0]!;
        while (ls > 0 && this.src.charCodeAt(ls - 1) !== LF) ls--;
        if (ls === this.vBase) return this.tNext[0]!;
      }
      return this.vBase;
    }
    return this.pos;
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
  private closeCollection(indent: number): number {
    const n = this.tCount;
    let range1 = this.vBase;
    let r = n;
    switch (this.vKind) {
      case V_END: {
        let a = 0;
        while (a < n && this.tIndent[a]! > indent) range1 = this.tNext[a++]!;
        r = a;
        break;
      }
      case V_EMPTY:
        if (this.vComment || n > 0) range1 = this.pos;
        break;
      case V_BLOCK:
        r = 0;
        break;
      case V_COLL:
        r = this.rFrom;
        break;
    }
    let range2 = range1;
    if (r < n) {
      let allLess = true;
      for (let j = r; j < n; j++) if (this.tIndent[j]! >= indent) allLess = false;
      if (indent !== 0 && !allLess) {
        range2 = this.pos;
        r = n;
      }
    }
    this.vKind = V_COLL;
    this.vBase = range2;
    this.rFrom = r;
    return range1;
  }

  /** The value just read ends at `base` and has end tokens. */
  private endValue(base: number): void {
    this.vKind = V_END;
    this.vBase = base;
  }

  /** An empty node at `at`; `commented`: a comment follows it on its line. */
  private emptyValue(at: number, commented: boolean): void {
    this.vKind = V_EMPTY;
    this.vBase = at;
    this.vComment = commented;
  }

  /* lines ------------------------------------------------------------------ */

  /**
   * From the start of a line: skips blank and comment lines and stops at the next line
   * with content (setting pos, indent, lineStart), or at `---`, `...` or the end.
   */
  private nextContentLine(p: number): void {
    const src = this.src;
    const len = this.len;
    this.tCount = 0;
    for (;;) {
      if (++this.ticks === TICKS_PER_CHECK) {
        this.ticks = 0;
        checkDeadline();
      }
      let q = p;
      while (src.charCodeAt(q) === SPACE) q++;
      const spaces = q - p;
      let c = src.charCodeAt(q);
      if (c === TAB) {
        // Tabs may only end up in blank or comment lines here.
        let r = q;
        while (src.charCodeAt(r) === TAB || src.charCodeAt(r) === SPACE) r++;
        c = src.charCodeAt(r);
        if (!(c === LF || c === CR || c === HASH)) bail(r >= len ? 'tab at the end of the input' : 'tab in indentation');
        q = r;
      }
      if (q >= len) {
        this.stop = EOF;
        this.pos = len;
        this.indent = -1;
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
        this.comment(q);
        const nl = src.indexOf('\n', q);
        if (nl === -1) p = len;
        else p = nl + 1;
        if (this.ranges) {
          const k = this.tCount++;
          this.tAt[k] = q;
          this.tIndent[k] = spaces;
          this.tNext[k] = p;
        }
        continue;
      }
      if (q === p && (c === DASH || c === DOT) && isBlank(src.charCodeAt(p + 3))) {
        const s = src.substr(p, 3);
        if (s === '---' || s === '...') {
          this.stop = s === '---' ? DOC_START : DOC_END;
          this.pos = p;
          this.lineStart = p;
          this.indent = -1;
          return;
        }
      }
      this.stop = NONE;
      this.lineStart = p;
      this.indent = q - p;
      this.pos = q;
      return;
    }
  }

  /**
   * The `yaml` parser loses comments in one place: after a key of a top-level mapping with
   * no value (`key:`), when `---` follows, the comments after the second line break
   * (counting from the last comment indented under the key) vanish from its syntax tree,
   * so the reference never counts or places them. Same here, token for token: `from` is
   * just after the `:`, `to` the marker.
   */
  private dropComments(from: number, to: number, mapIndent: number): void {
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
    // The reference's ranges then end inside what was dropped: not reproduced.
    if (this.ranges && comments.some((c) => c.token >= newlines[1]!)) bail('comments lost before ---');
    const cut = newlines[1]!;
    for (const c of comments) {
      if (c.token < cut) continue;
      this.comments--;
      const offsets = this.commentOffsets;
      if (offsets !== null) offsets.splice(offsets.lastIndexOf(c.at), 1);
    }
  }

  private comment(at: number): void {
    this.comments++;
    if (this.commentOffsets !== null) this.commentOffsets.push(at);
  }

  /**
   * After a value that ends at `p`: white space, an optional comment (after white space)
   * and the line break. Returns the start of the next line; anything else bails.
   */
  private finishLine(p: number): number {
    const src = this.src;
    let q = p;
    let c = src.charCodeAt(q);
    while (c === SPACE || c === TAB) c = src.charCodeAt(++q);
    if (c === LF) return q + 1;
    if (q >= this.len) return this.len;
    if (c === CR) {
      if (src.charCodeAt(q + 1) === LF) return q + 2;
      bail('carriage return');
    }
    if (c === HASH && q > p) {
      this.comment(q);
      const nl = src.indexOf('\n', q);
      return nl === -1 ? this.len : nl + 1;
    }
    return bail('unexpected content after a value');
  }

  private skipSpaces(p: number): number {
    while (this.src.charCodeAt(p) === SPACE) p++;
    return p;
  }

  /* block nodes ------------------------------------------------------------ */

  /** The node starting the current line (indent > parentIndent): a sequence, a mapping or a scalar. */
  private parseLineNode(parentIndent: number, anchor: string | null): void {
    const p = this.pos;
    if (this.src.charCodeAt(p) === DASH && isBlank(this.src.charCodeAt(p + 1))) {
      this.parseBlockSeq(this.indent, anchor);
      return;
    }
    this.parseNodeAt(p, parentIndent, anchor, true);
  }

  /**
   * A node starting at `p` on the current line. `keyOk`: it may be the first key of a
   * block mapping (at the document level, after `- `, or on its own line); `anchor`
   * then belongs to that mapping (it came on an earlier line).
   */
  private parseNodeAt(p: number, parentIndent: number, anchor: string | null, keyOk: boolean): void {
    const src = this.src;
    const c = src.charCodeAt(p);
    switch (c) {
      case AMP: {
        if (anchor !== null) bail('two anchors');
        const q = this.anchorEnd(p + 1);
        const name = src.slice(p + 1, q);
        this.anchors++;
        const r = this.skipSpaces(q);
        const d = src.charCodeAt(r);
        if (d === LF || d === CR || d === HASH || r >= this.len) {
          const comments = this.comments;
          const next = this.finishLine(q);
          const commented = this.comments !== comments;
          this.nextContentLine(next);
          if (this.stop === NONE && this.indent > parentIndent) this.parseLineNode(parentIndent, name);
          else {
            // keyOk is false only for a mapping value here (see dropComments).
            if (!keyOk && this.stop === DOC_START && parentIndent === 0) this.dropComments(p, this.pos, parentIndent);
            this.emptyValue(r, commented);
            this.sink.empty(name, r);
          }
          return;
        }
        if (r === q || d === TAB) bail('anchor without space, or with a tab');
        // On the same line: an anchor before a key would belong to the key.
        this.parseNodeAt(r, parentIndent, name, false);
        return;
      }
      case STAR: {
        if (anchor !== null) bail('alias with an anchor');
        const q = this.anchorEnd(p + 1);
        const name = src.slice(p + 1, q);
        const r = this.skipSpaces(q);
        if (src.charCodeAt(r) === COLON) bail('alias as a key');
        const next = this.finishLine(q);
        this.nextContentLine(next);
        this.endValue(next);
        this.sink.alias(name, p, q);
        return;
      }
      case DQUOTE:
      case SQUOTE: {
        const qs = readQuoted(src, p, parentIndent + 1);
        let r = qs.end;
        while (src.charCodeAt(r) === SPACE || src.charCodeAt(r) === TAB) r++;
        if (src.charCodeAt(r) === COLON && isBlank(src.charCodeAt(r + 1))) {
          if (!keyOk || qs.multiline) bail('quoted key here');
          this.kStart = p;
          this.kEnd = qs.end;
          this.kColon = r;
          this.kText = qs.value;
          this.kPlain = false;
          this.kEsc = qs.esc;
          this.parseBlockMap(p - this.lineStart, anchor);
          return;
        }
        const next = this.finishLine(qs.end);
        this.nextContentLine(next);
        this.endValue(next);
        this.sink.string(qs.value, qs.esc, anchor, p, qs.end);
        return;
      }
      case LBRACKET:
      case LBRACE: {
        const q = c === LBRACKET ? this.parseFlowSeq(p, parentIndent, anchor, 1) : this.parseFlowMap(p, parentIndent, anchor, 1);
        const r = this.skipSpaces(q);
        if (src.charCodeAt(r) === COLON) bail('flow collection as a key');
        const comments = this.comments;
        const next = this.finishLine(q);
        // The reference gives such a comment to the first scalar of the collection on its line.
        if (this.ranges && this.comments !== comments) this.sink.flowComment(this.commentOffsets![this.commentOffsets!.length - 1]!);
        this.nextContentLine(next);
        this.endValue(next);
        return;
      }
      case PIPE:
      case GT: {
        const header = readBlockScalarHeader(src, p);
        if (header.commentAt !== -1) this.comment(header.commentAt);
        const body = readBlockScalarBody(src, header, parentIndent);
        this.nextContentLine(body.next);
        this.vKind = V_BLOCK;
        this.vBase = body.end;
        this.sink.string(body.value, true, anchor, p, body.end);
        // The reference's range of a block scalar ends at the start of the next line, so a
        // comment on that line, not read yet, may still become its trailing comment.
        if (this.ranges) this.sink.afterBlockScalar(body.end);
        return;
      }
      case DASH:
      case QUESTION:
      case COLON:
        if (isBlank(src.charCodeAt(p + 1))) bail('indicator');
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
    // A plain scalar, or a key.
    const stop = this.scanPlainLine(p);
    if (stop === STOP_COLON) {
      if (!keyOk) bail('key on a value line');
      this.kStart = p;
      this.kEnd = this.sEnd;
      this.kColon = this.sStop;
      this.kText = src.slice(p, this.sEnd);
      this.kPlain = true;
      this.kEsc = this.sEsc;
      this.parseBlockMap(p - this.lineStart, anchor);
      return;
    }
    this.plainValue(p, stop, parentIndent, anchor);
  }

  /** A plain scalar value that started at `start` and was scanned to the end of its first line. */
  private plainValue(start: number, stop: number, parentIndent: number, anchor: string | null): void {
    const src = this.src;
    let end = this.sEnd;
    let esc = this.sEsc;
    if (stop === STOP_COMMENT) {
      const next = this.finishLine(this.sStop);
      this.nextContentLine(next);
      this.endValue(next);
      this.sink.plain(src.slice(start, end), esc, anchor, start, end);
      return;
    }
    // The end of the line: the scalar may go on over the next lines (the lexer's rule).
    let lineStart = this.lineAfter(this.sStop);
    let valueEnd = lineStart;
    let multiline = false;
    const indentNext = parentIndent + 1;
    for (;;) {
      if (lineStart >= this.len) break;
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
      if (s === STOP_COLON) bail('implicit key inside a multi-line plain scalar');
      multiline = true;
      end = this.sEnd;
      if (s === STOP_COMMENT) {
        lineStart = this.finishLine(this.sStop);
        valueEnd = lineStart;
        break;
      }
      lineStart = this.lineAfter(this.sStop);
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

  /** The start of the line after the line break at `p` (or the input's end). */
  private lineAfter(p: number): number {
    const c = this.src.charCodeAt(p);
    if (c === LF) return p + 1;
    if (c === CR) {
      if (this.src.charCodeAt(p + 1) === LF) return p + 2;
      bail('carriage return');
    }
    return this.len;
  }

  /**
   * A plain scalar in block context on one line, from `p`: sets sEnd (after its last
   * character), sStop (where scanning stopped) and sEsc; returns what stopped it.
   */
  private scanPlainLine(p: number): number {
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
        if (src.charCodeAt(i + 1) === HASH) {
          this.sEnd = end;
          this.sStop = i;
          this.sEsc = esc;
          return STOP_COMMENT;
        }
        if (c === TAB) esc = true;
        i++;
        continue;
      }
      if (c === COLON) {
        if (isBlank(src.charCodeAt(i + 1))) {
          this.sEnd = end;
          this.sStop = i;
          this.sEsc = esc;
          return STOP_COLON;
        }
        end = ++i;
        continue;
      }
      if (c === LF || c === CR || Number.isNaN(c)) {
        if (c === CR && src.charCodeAt(i + 1) !== LF) bail('carriage return');
        this.sEnd = end;
        this.sStop = i;
        this.sEsc = esc;
        return STOP_EOL;
      }
      if (c === DQUOTE || c < SPACE) esc = true;
      end = ++i;
    }
  }

  /** Anchor and alias names end at white space or a flow indicator. */
  private anchorEnd(p: number): number {
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

  private parseBlockSeq(indent: number, anchor: string | null): void {
    if (++this.depth > MAX_FAST_DEPTH) bail('too deep');
    const src = this.src;
    this.sink.beginSeq(anchor, this.pos);
    let end = this.pos;
    for (;;) {
      const p = this.pos;
      this.sink.item(p);
      const q = p + 1;
      const r = this.skipSpaces(q);
      const c = src.charCodeAt(r);
      if (c === TAB) bail('tab after -');
      if (c === LF || c === CR || c === HASH || r >= this.len) {
        const comments = this.comments;
        const next = this.finishLine(q);
        const commented = this.comments !== comments;
        this.nextContentLine(next);
        if (this.stop === NONE && this.indent > indent) this.parseLineNode(indent, null);
        else {
          this.emptyValue(r, commented);
          this.sink.empty(null, r);
        }
      } else if (c === DASH && isBlank(src.charCodeAt(r + 1))) {
        this.pos = r;
        this.indent = r - this.lineStart;
        this.parseBlockSeq(this.indent, null);
      } else {
        this.parseNodeAt(r, indent, null, true);
      }
      end = this.pos;
      if (this.stop !== NONE || this.indent < indent) break;
      if (this.indent > indent) bail('bad indentation after a sequence item');
      if (!(src.charCodeAt(this.pos) === DASH && isBlank(src.charCodeAt(this.pos + 1)))) break;
    }
    this.sink.endSeq(this.ranges ? this.closeCollection(indent) : end);
    this.depth--;
  }

  /** A block mapping at `indent` whose first key was scanned into the k* fields. */
  private parseBlockMap(indent: number, anchor: string | null): void {
    if (++this.depth > MAX_FAST_DEPTH) bail('too deep');
    const src = this.src;
    this.sink.beginMap(anchor, this.kStart);
    let end: number;
    for (;;) {
      if (this.kColon - this.kStart > MAX_KEY_LENGTH) bail('long key');
      if (this.kPlain && this.kText === '<<') this.parseMerge(this.kColon + 1, this.kStart);
      else {
        this.sink.key(this.kText, this.kPlain, this.kEsc, this.kStart, this.kEnd);
        this.parseMapValue(this.kColon + 1, indent);
      }
      end = this.pos;
      if (this.stop !== NONE || this.indent < indent) break;
      if (this.indent > indent) bail('bad indentation after a mapping value');
      this.scanKey(this.pos);
    }
    this.sink.endMap(this.ranges ? this.closeCollection(indent) : end);
    this.depth--;
  }

  /** A key at the start of a line of a block mapping. */
  private scanKey(p: number): void {
    const src = this.src;
    const c = src.charCodeAt(p);
    if (c === DQUOTE || c === SQUOTE) {
      const qs = readQuoted(src, p, this.indent + 1);
      let r = qs.end;
      while (src.charCodeAt(r) === SPACE || src.charCodeAt(r) === TAB) r++;
      if (qs.multiline || src.charCodeAt(r) !== COLON || !isBlank(src.charCodeAt(r + 1))) bail('not a key');
      this.kStart = p;
      this.kEnd = qs.end;
      this.kColon = r;
      this.kText = qs.value;
      this.kPlain = false;
      this.kEsc = qs.esc;
      return;
    }
    if (!this.plainStartOk(p, c)) bail('not a plain key');
    if (this.scanPlainLine(p) !== STOP_COLON) bail('not a key');
    this.kStart = p;
    this.kEnd = this.sEnd;
    this.kColon = this.sStop;
    this.kText = src.slice(p, this.sEnd);
    this.kPlain = true;
    this.kEsc = this.sEsc;
  }

  /** Whether a plain scalar may start with `c` (in block context). */
  private plainStartOk(p: number, c: number): boolean {
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

  /** The value after `key:`, on the same line or the next ones. */
  private parseMapValue(p: number, mapIndent: number): void {
    const src = this.src;
    const q = this.skipSpaces(p);
    const c = src.charCodeAt(q);
    if (c === LF || c === CR || c === HASH || q >= this.len) {
      const comments = this.comments;
      const next = this.finishLine(p);
      const commented = this.comments !== comments;
      this.nextContentLine(next);
      if (this.stop === NONE) {
        if (this.indent > mapIndent) {
          this.parseLineNode(mapIndent, null);
          return;
        }
        if (this.indent === mapIndent && src.charCodeAt(this.pos) === DASH && isBlank(src.charCodeAt(this.pos + 1))) {
          this.parseBlockSeq(mapIndent, null);
          return;
        }
      } else if (this.stop === DOC_START && mapIndent === 0) this.dropComments(p, this.pos, mapIndent);
      this.emptyValue(q, commented);
      this.sink.empty(null, q);
      return;
    }
    if (c === TAB) bail('tab after :');
    this.parseNodeAt(q, mapIndent, null, false);
  }

  /** `<<: *a` or `<<: [*a, *b]` on one line. */
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
    const next = this.finishLine(q);
    this.nextContentLine(next);
    this.endValue(next);
    this.sink.merge(names, starts, ends, keyStart, list ? q : -1);
  }

  /* flow collections --------------------------------------------------------- */

  /**
   * White space inside a flow collection, line breaks included: a new line must be
   * indented more than the block around it (`parentIndent`), except for the closing
   * bracket of the outermost collection. Comments inside flow collections bail.
   */
  private flowSpace(p: number, parentIndent: number, level: number): number {
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

  private parseFlowSeq(p: number, parentIndent: number, anchor: string | null, level: number): number {
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

  private parseFlowMap(p: number, parentIndent: number, anchor: string | null, level: number): number {
    if (++this.depth > MAX_FAST_DEPTH) bail('too deep');
    const src = this.src;
    this.sink.beginMap(anchor, p);
    let q = this.flowSpace(p + 1, parentIndent, level);
    if (src.charCodeAt(q) !== RBRACE) {
      for (;;) {
        const c = src.charCodeAt(q);
        let valueAt: number;
        if (c === DQUOTE || c === SQUOTE) {
          const qs = readQuoted(src, q, parentIndent + 1);
          let r = qs.end;
          while (src.charCodeAt(r) === SPACE || src.charCodeAt(r) === TAB) r++;
          if (qs.multiline || src.charCodeAt(r) !== COLON) bail('flow mapping key');
          this.sink.key(qs.value, false, qs.esc, q, qs.end);
          valueAt = r + 1;
        } else {
          if (!this.flowPlainStartOk(q, c)) bail('flow mapping key');
          if (this.scanPlainFlow(q) !== STOP_COLON) bail('flow mapping key');
          const text = src.slice(q, this.sEnd);
          if (text === '<<') bail('merge in a flow mapping');
          this.sink.key(text, true, this.sEsc, q, this.sEnd);
          valueAt = this.sStop + 1;
        }
        q = this.flowSpace(valueAt, parentIndent, level);
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

  private flowPlainStartOk(p: number, c: number): boolean {
    if (c === DASH || c === QUESTION || c === COLON) {
      const d = this.src.charCodeAt(p + 1);
      return !(isBlank(d) || isFlowIndicator(d)) && c === DASH;
    }
    return this.plainStartOk(p, c);
  }

  /** A node inside a flow collection at `p`; returns where it ends. */
  private parseFlowNode(p: number, parentIndent: number, level: number, anchor: string | null): number {
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
      case AMP: {
        if (anchor !== null) bail('two anchors');
        const q = this.anchorEnd(p + 1);
        const name = src.slice(p + 1, q);
        this.anchors++;
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
    if (!this.flowPlainStartOk(p, c)) bail('flow node start');
    const stop = this.scanPlainFlow(p);
    if (stop === STOP_COLON) bail('pair in a flow collection');
    this.sink.plain(src.slice(p, this.sEnd), this.sEsc, anchor, p, this.sEnd);
    return this.sEnd;
  }

  /** A plain scalar inside a flow collection, on one line (like scanPlainLine). */
  private scanPlainFlow(p: number): number {
    const src = this.src;
    let esc = false;
    let end = p;
    let i = p;
    for (;;) {
      const c = src.charCodeAt(i);
      if (c === SPACE || c === TAB) {
        const d = src.charCodeAt(i + 1);
        if (d === HASH) {
          this.sEnd = end;
          this.sStop = i;
          this.sEsc = esc;
          return STOP_COMMENT;
        }
        if (c === TAB) esc = true;
        i++;
        continue;
      }
      if (c === COLON) {
        const d = src.charCodeAt(i + 1);
        if (isBlank(d) || isFlowIndicator(d)) {
          this.sEnd = end;
          this.sStop = i;
          this.sEsc = esc;
          return STOP_COLON;
        }
        end = ++i;
        continue;
      }
      if (c === LF || c === CR || Number.isNaN(c)) {
        this.sEnd = end;
        this.sStop = i;
        this.sEsc = esc;
        return STOP_EOL;
      }
      if (isFlowIndicator(c)) {
        this.sEnd = end;
        this.sStop = i;
        this.sEsc = esc;
        return STOP_FLOW;
      }
      if (c === BACKSLASH || c === DQUOTE || c < SPACE) esc = true;
      end = ++i;
    }
  }
}
