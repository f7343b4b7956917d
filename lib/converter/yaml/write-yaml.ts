import * as chars from '../chars';
import { DEFAULT_OPTIONS, type Options } from '../options';
import * as limits from '../limits';
import type { BlockScalarStyle, MapNode, NumberNode, SeqNode, YDocument, YNode } from '../types';
import * as scalarStyle from './yaml-scalar-style';
import * as deadline from '../deadline';

/*
 * Imported bindings are read once here: under a CommonJS transform (tsx, vitest) every use
 * of an imported name is a getter call, a few per cent of this writer's time.
 */
const { chooseStringStyle, chooseStyleWith, doubleQuote, hasFlowIndicator, literalHeader, singleQuote } = scalarStyle;
const { POS_FLOW, POS_KEY, POS_ROOT, POS_TAIL, STYLE_DOUBLE, STYLE_PLAIN, STYLE_SINGLE } = scalarStyle;
const { MAX_IMPLICIT_KEY } = limits;
const { LF, PLUS, DASH, GT, SPACE, TAB } = chars;
const { TICKS_PER_CHECK, checkDeadline } = deadline;

export interface WriteYamlOptions {
  /** Write `#` comments carried by the IR. */
  comments: boolean;
  /** indent, quoteStyle, lineWidth, flowLevel, portable (sortKeys is applied to the IR before; jsonStyle is JSON's). Default: today's layout. */
  format?: Pick<Options, 'indent' | 'quoteStyle' | 'lineWidth' | 'flowLevel' | 'portable'>;
  /** With `comments`: the comments of a stream with no document (readYaml's `streamComments`). */
  streamComments?: string[];
}

/**
 * Writes documents as YAML text that reads back as the same data with YAML 1.2 and
 * YAML 1.1 readers. Several documents are separated by `---`.
 */
export function writeYaml(documents: YDocument[], options: WriteYamlOptions): string {
  const w = new Writer(options.comments === true, options.format ?? DEFAULT_OPTIONS);
  const last = documents.length - 1;
  for (let i = 0; i <= last; i++) {
    const doc = documents[i];
    if (doc) w.document(doc, i, i === last);
  }
  if (options.comments === true && last < 0) w.streamComments(options.streamComments);
  return w.finish();
}

/*
 * Layout. A node is written after its "prefix" on the current line (`key:`, `-`, `?`,
 * or nothing at the root); `col` is the column of the collection that holds it. Scalars
 * follow the prefix after one space; a non-empty collection starts on the next line,
 * indented by two (the `indent` option: `unit`) (or, as a sequence item or explicit key
 * without properties or comments, compactly on the same line: `- a: 1`, `- - a`, with
 * indent 4 `-   a: 1`). Past `flowLevel`, a collection is written on one line in flow style.
 */

/** Where a node is written. */
const AT_ROOT = 0;
/** After `key:` (or `:` of an explicit entry). */
const AT_VALUE = 1;
/** After `-`. */
const AT_ITEM = 2;
/** After `?`. */
const AT_KEY = 3;

/** Distinct key strings whose written text is remembered. */
const KEY_TEXT_CACHE = 10_000;

const INDENTS: string[] = [''];

/** `&anchor !tag`, or '' when the node has neither. */
function propsOf(node: YNode): string {
  const { anchor, tag } = node;
  if (anchor === undefined) return tag === undefined || node.kind === 'alias' ? '' : tag;
  if (node.kind === 'alias') return '';
  return tag === undefined ? '&' + anchor : '&' + anchor + ' ' + tag;
}

/**
 * A number as YAML text that both YAML 1.1 and 1.2 read as the same number. RFC 8259 text
 * is kept digit for digit, except that an exponent gets a dot in the mantissa and a signed
 * exponent (`1e3` -> `1.0e+3`): YAML 1.1 reads `1e3` as a string.
 */
export function yamlNumberText(node: NumberNode): string {
  const t = node.text;
  if (node.special === true) {
    const lower = t.toLowerCase();
    if (lower.includes('nan')) return '.nan';
    return lower.charCodeAt(0) === DASH ? '-.inf' : '.inf';
  }
  let e = t.indexOf('e');
  if (e < 0) e = t.indexOf('E');
  if (e < 0) return t;
  let mantissa = t.slice(0, e);
  let exponent = t.slice(e + 1);
  if (!mantissa.includes('.')) mantissa += '.0';
  const s = exponent.charCodeAt(0);
  if (s !== PLUS && s !== DASH) exponent = '+' + exponent;
  return mantissa + t.charAt(e) + exponent;
}

/**
 * The lines of a block literal after its header, each indented by `pad` (empty lines stay
 * empty). The final line break is the header's business (chomping).
 */
export function literalBody(s: string, pad: string): string {
  const body = s.charCodeAt(s.length - 1) === LF ? s.slice(0, -1) : s;
  let from = 0;
  let out = '';
  for (;;) {
    const nl = body.indexOf('\n', from);
    const line = nl < 0 ? body.slice(from) : body.slice(from, nl);
    out += line === '' ? '\n' : pad + line + '\n';
    if (nl < 0) break;
    from = nl + 1;
  }
  return out;
}

/** `n` spaces (cached). */
export function indent(n: number): string {
  let s = INDENTS[n];
  if (s === undefined) {
    s = ' '.repeat(n);
    INDENTS[n] = s;
  }
  return s;
}

/** One comment line's text: line breaks and characters a comment cannot hold become spaces / U+FFFD. */
function cleanComment(text: string): string {
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if ((c < 0x20 && c !== 0x09) || (c >= 0x7f && c <= 0x9f) || c >= 0x2028) return cleanCommentSlow(text);
  }
  return text;
}

function cleanCommentSlow(text: string): string {
  let out = '';
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x0a || c === 0x0d || c === 0x85 || c === 0x2028 || c === 0x2029) {
      out += ' ';
    } else if ((c < 0x20 && c !== 0x09) || (c >= 0x7f && c <= 0x9f) || c === 0xfeff || c >= 0xfffe) {
      out += '\uFFFD';
    } else if (c >= 0xd800 && c <= 0xdbff) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        out += text.slice(i, i + 2);
        i++;
      } else {
        out += '\uFFFD';
      }
    } else if (c >= 0xdc00 && c <= 0xdfff) {
      out += '\uFFFD';
    } else {
      out += text.charAt(i);
    }
  }
  return out;
}

/** Splits a (possibly multi-line) comment into its lines. */
function commentLines(text: string): string[] {
  return text.split(/\r\n|[\n\r\u0085\u2028\u2029]/);
}

function isNonEmptyCollection(node: YNode): node is MapNode | SeqNode {
  return (node.kind === 'map' && node.entries.length > 0) || (node.kind === 'seq' && node.items.length > 0);
}

/** Output is built in flat chunks of about this many UTF-16 units (see `Writer.spill`). */
const CHUNK = 16384;

class Writer {
  /** Turns since the deadline was last checked (TICKS_PER_CHECK). */
  private ticks = 0;
  /** The current chunk: every write appends here. */
  out = '';
  /** Finished chunks. */
  private done = '';

  /** Written text of string keys already seen (documents repeat their keys), up to KEY_TEXT_CACHE of them. */
  private readonly keyTexts = new Map<string, string>();

  /** Spaces per level of indentation. */
  private readonly unit: number;
  /** After a `-` or `?` whose collection continues the line: pads the indicator to `unit`. */
  private readonly indicatorGap: string;
  /** Not the default quoting: strings go through `chooseStyleWith`. */
  private readonly quoted: boolean;
  private readonly quoteStyle: Options['quoteStyle'];
  /** false: plain also where only YAML 1.1 readers would read a string as something else. */
  private readonly portable: boolean;
  /** Fold long string values at this width (0: never). */
  private readonly lineWidth: number;
  /** Collections this deep or deeper are written in flow style (Infinity: never). */
  private readonly flowFrom: number;

  constructor(
    /** Write comments (off while writing inside an expanded alias: see YNode `expanded`). */
    private comments: boolean,
    format: NonNullable<WriteYamlOptions['format']>,
  ) {
    this.unit = format.indent;
    this.indicatorGap = indent(format.indent - 1);
    this.quoteStyle = format.quoteStyle;
    this.portable = format.portable;
    this.quoted = format.quoteStyle !== 'plain' || !format.portable;
    this.lineWidth = format.lineWidth ?? 0;
    this.flowFrom = format.flowLevel ?? Number.POSITIVE_INFINITY;
  }

  /**
   * Appending many small strings builds a rope (one cons cell per append) that lives until
   * the end and is costly for the garbage collector. Flattening each chunk while its cells
   * are young (reading a character flattens a rope in V8) and joining flat chunks is ~2-3x
   * faster on large documents. Called between entries; harmless in other engines.
   */
  private spill(): void {
    const chunk = this.out;
    chunk.charCodeAt(0);
    this.done += chunk;
    this.out = '';
  }

  finish(): string {
    const all = this.done + this.out;
    this.done = '';
    this.out = '';
    return all;
  }

  document(doc: YDocument, index: number, isLast: boolean): void {
    const root = doc.contents;
    const c = this.comments;
    const props = root === null ? '' : propsOf(root);
    const trailing = c && root !== null ? root.comments?.trailing : undefined;
    const rootFlow = root !== null && isNonEmptyCollection(root) && (isFlowMarked(root) || this.flowFrom === 0) ? this.flowCollection(root) : null;
    const rootCollection = root !== null && rootFlow === null && isNonEmptyCollection(root);
    const after = c ? doc.comments?.after : undefined;
    const tail = isLast && (after === undefined || after.length === 0);

    // Properties (and the end-of-line comment) of a root collection go on a `---` line.
    let markerDone = false;
    if (index > 0) {
      this.out += '---';
      if (rootCollection) {
        if (props !== '') this.out += ' ' + props;
        if (trailing !== undefined) this.trailingComment(trailing);
      }
      this.out += '\n';
      markerDone = true;
    }
    if (c) {
      this.commentBlock(doc.comments?.before, 0);
      if (root !== null) this.commentBlock(root.comments?.before, 0);
    }
    if (root === null) {
      this.out += 'null\n';
    } else if (rootCollection) {
      if (!markerDone) {
        if (props !== '') {
          this.out += '--- ' + props;
          if (trailing !== undefined) this.trailingComment(trailing);
          this.out += '\n';
        } else if (trailing !== undefined) {
          this.commentBlock([trailing], 0);
        }
      }
      this.entries(root, 0, false, tail);
    } else if (rootFlow !== null) {
      this.flowLine(rootFlow, props, trailing);
    } else {
      this.node(root, 0, AT_ROOT, tail, trailing);
    }
    if (after !== undefined) this.commentBlock(after, 0);
  }

  /** The comment lines of a stream that holds no document. */
  streamComments(lines: string[] | undefined): void {
    this.commentBlock(lines, 0);
  }

  /** `#text` lines at column `col` (the text as the IR keeps it: what followed `#`). */
  private commentBlock(lines: string[] | undefined, col: number): void {
    if (lines === undefined) return;
    const pad = indent(col);
    for (const text of lines) {
      for (const line of commentLines(text)) this.out += pad + '#' + cleanComment(line) + '\n';
    }
  }

  /** ` #text` at the end of the current line (no line break). */
  private trailingComment(text: string): void {
    this.out += ' #' + cleanComment(text);
  }

  /**
   * Writes `node` after its prefix (`key:`, `-`, `?`, or nothing at the root), ending
   * with a line break. `col` is the column of the collection holding the node.
   */
  private node(node: YNode, col: number, at: number, tail: boolean, trailing: string | undefined): void {
    if (++this.ticks === TICKS_PER_CHECK) {
      this.ticks = 0;
      checkDeadline();
    }
    if (this.comments && node.expanded === true) {
      this.expandedAlias(node, col, at, tail, trailing);
      return;
    }
    const props = propsOf(node);
    const sep = at === AT_ROOT ? '' : ' ';
    let text: string;
    switch (node.kind) {
      case 'string': {
        const s = node.value;
        if (node.block !== undefined && at !== AT_KEY && this.keptBlockScalar(s, node.block, props, sep, col, at === AT_ROOT, tail, trailing)) return;
        const pos = (at === AT_ROOT ? POS_ROOT : at === AT_KEY ? POS_KEY : 0) | (tail ? POS_TAIL : 0);
        const style = this.quoted ? chooseStyleWith(s, pos, this.quoteStyle, this.portable) : chooseStringStyle(s, pos);
        if (style === STYLE_PLAIN) text = s;
        else if (style === STYLE_DOUBLE) text = doubleQuote(s);
        else if (style === STYLE_SINGLE) text = singleQuote(s);
        else {
          this.literal(s, style, props, sep, at === AT_ROOT ? 0 : col, trailing);
          return;
        }
        if (this.lineWidth !== 0 && at !== AT_KEY) {
          const prefix = props === '' ? sep : sep + props + ' ';
          text = this.folded(text, style === STYLE_PLAIN, this.column() + prefix.length, at === AT_ROOT ? this.unit : col + this.unit);
        }
        break;
      }
      case 'number':
        text = yamlNumberText(node);
        break;
      case 'bool':
        text = node.value ? 'true' : 'false';
        break;
      case 'null':
        // With properties, an empty node (`key: &a`, `key: !Foo`) says exactly what was there.
        text = props === '' ? 'null' : '';
        break;
      case 'alias':
        text = '*' + node.name;
        break;
      case 'map':
        if (node.entries.length === 0) {
          this.emptyCollection('{}', props, sep, col, at, trailing, node.endComments);
          return;
        }
        // Kept flow style (preserveComments), or flowLevel: in flow style when the collection allows it.
        if (node.flow === true || this.flowFrom <= (at === AT_ROOT ? 0 : col / this.unit + 1)) {
          const flow = this.flowCollection(node);
          if (flow !== null) {
            this.flowLine(sep + flow, props, trailing);
            return;
          }
        }
        this.collection(node, props, col, at, tail, trailing);
        return;
      case 'seq':
        if (node.items.length === 0) {
          this.emptyCollection('[]', props, sep, col, at, trailing, node.endComments);
          return;
        }
        // Kept flow style (preserveComments), or flowLevel: in flow style when the collection allows it.
        if (node.flow === true || this.flowFrom <= (at === AT_ROOT ? 0 : col / this.unit + 1)) {
          const flow = this.flowCollection(node);
          if (flow !== null) {
            this.flowLine(sep + flow, props, trailing);
            return;
          }
        }
        this.collection(node, props, col, at, tail, trailing);
        return;
    }
    let line = sep;
    if (props !== '') line += text === '' ? props : props + ' ' + text;
    else line += text;
    this.out += line;
    if (trailing !== undefined) this.trailingComment(trailing);
    this.out += '\n';
  }

  /** An expanded alias: its own end-of-line comment (`trailing`), none of the anchored node's inside it. */
  private expandedAlias(node: YNode, col: number, at: number, tail: boolean, trailing: string | undefined): void {
    this.comments = false;
    this.node(node, col, at, tail, trailing);
    this.comments = true;
  }

  /* styles kept from the source (flow collections, block scalars: only with comments) -- */

  /**
   * A string read from a block scalar, written as one again in its style (`|`/`>`) and, where
   * the value allows, its chomping; false when the value cannot be written so (the usual
   * style is chosen then).
   */
  private keptBlockScalar(
    s: string,
    style: BlockScalarStyle,
    props: string,
    sep: string,
    col: number,
    root: boolean,
    tail: boolean,
    trailing: string | undefined,
  ): boolean {
    const header = keptBlockHeader(s, style, root, tail, this.unit);
    if (header === null) return false;
    this.out += props === '' ? sep + header : sep + props + ' ' + header;
    if (trailing !== undefined) this.trailingComment(trailing);
    const pad = indent(col + this.unit);
    this.out += '\n' + (s === '' ? '' : header.charCodeAt(0) === GT ? foldedBody(s, pad) : literalBody(s, pad));
    return true;
  }

  /** `text` (a flow collection, after its separator) with its properties and end-of-line comment, as a whole line. */
  private flowLine(text: string, props: string, trailing: string | undefined): void {
    if (props === '') this.out += text;
    else this.out += text.charCodeAt(0) === SPACE ? ' ' + props + text : props + ' ' + text;
    if (trailing !== undefined) this.trailingComment(trailing);
    this.out += '\n';
  }

  /**
   * A collection read as a flow collection, as flow text again (`[a, b]`, `{a: 1}`, on one
   * line), or null when something in it needs block style: a comment, a complex key, a key
   * too long to be implicit, properties flow text cannot carry.
   */
  private flowCollection(node: MapNode | SeqNode): string | null {
    if (this.comments && hasLines(node.endComments)) return null;
    if (node.kind === 'seq') {
      const items = node.items;
      let out = '[';
      for (let i = 0; i < items.length; i++) {
        const item = this.flowNode(items[i]!);
        if (item === null) return null;
        out += i === 0 ? item : ', ' + item;
      }
      return out + ']';
    }
    const entries = node.entries;
    let out = '{';
    for (let i = 0; i < entries.length; i++) {
      const e = entries[i]!;
      const key = e.merge === true ? '<<' : this.flowKey(e.key);
      if (key === null) return null;
      const value = this.flowNode(e.value);
      if (value === null) return null;
      out += (i === 0 ? '' : ', ') + key + ': ' + value;
    }
    return out + '}';
  }

  /** A node inside a flow collection, or null (see flowCollection). */
  private flowNode(node: YNode): string | null {
    if (++this.ticks === TICKS_PER_CHECK) {
      this.ticks = 0;
      checkDeadline();
    }
    const comments = node.comments;
    if (this.comments && comments !== undefined && (hasLines(comments.before) || comments.trailing !== undefined)) return null;
    const props = propsOf(node);
    if (props !== '' && hasFlowIndicator(props)) return null;
    let text: string | null;
    switch (node.kind) {
      case 'string':
        text = this.stringText(node.value, POS_FLOW);
        break;
      case 'number':
        text = yamlNumberText(node);
        break;
      case 'bool':
        text = node.value ? 'true' : 'false';
        break;
      case 'null':
        if (props !== '') return null; // `key: &a` has no flow spelling that keeps it empty
        text = 'null';
        break;
      case 'alias':
        text = hasFlowIndicator(node.name) ? null : '*' + node.name;
        break;
      default:
        text = this.flowCollection(node);
    }
    if (text === null) return null;
    return props === '' ? text : props + ' ' + text;
  }

  /** A key inside a flow mapping: a scalar without properties or comments, as an implicit key; or null. */
  private flowKey(key: YNode): string | null {
    if (key.kind === 'alias' || propsOf(key) !== '' || (this.comments && key.comments !== undefined)) return null;
    return this.keyText(key, true);
  }

  private literal(s: string, style: number, props: string, sep: string, col: number, trailing: string | undefined): void {
    let out = sep;
    if (props !== '') out += props + ' ';
    const header = literalHeader(style);
    // The indentation indicator is the body's indentation relative to the parent's: one unit.
    out += this.unit === 2 ? header : header.replace('|2', '|' + this.unit);
    this.out += out;
    if (trailing !== undefined) this.trailingComment(trailing);
    this.out += '\n' + literalBody(s, indent(col + this.unit));
  }

  private emptyCollection(
    text: string,
    props: string,
    sep: string,
    col: number,
    at: number,
    trailing: string | undefined,
    endComments: string[] | undefined,
  ): void {
    this.out += props === '' ? sep + text : sep + props + ' ' + text;
    if (trailing !== undefined) this.trailingComment(trailing);
    this.out += '\n';
    if (this.comments && endComments !== undefined) this.commentBlock(endComments, at === AT_ROOT ? 0 : col + this.unit);
  }

  private collection(node: MapNode | SeqNode, props: string, col: number, at: number, tail: boolean, trailing: string | undefined): void {
    const inner = at === AT_ROOT ? 0 : col + this.unit;
    // `- a: 1` / `- - a` / `? a: 1`: only when nothing has to go on the `-` line.
    const compact = (at === AT_ITEM || at === AT_KEY) && props === '' && trailing === undefined && !this.firstHasBefore(node);
    if (compact) {
      this.out += this.indicatorGap;
    } else {
      if (props !== '') this.out += ' ' + props;
      if (trailing !== undefined) this.trailingComment(trailing);
      this.out += '\n';
    }
    this.entries(node, inner, compact, tail);
  }

  /** Whether the first entry or item of a collection has comment lines above it (only when comments are on). */
  private firstHasBefore(node: MapNode | SeqNode): boolean {
    if (!this.comments) return false;
    if (node.kind === 'map') {
      const e = node.entries[0];
      if (e === undefined) return false;
      return hasLines(e.key.comments?.before) || hasLines(e.value.comments?.before);
    }
    const item = node.items[0];
    return item !== undefined && hasLines(item.comments?.before);
  }

  /**
   * The entries of a block collection at column `col` (with `inline`, the first continues the
   * current line), then its end comments. `tail`: nothing is written after the collection.
   */
  private entries(node: MapNode | SeqNode, col: number, inline: boolean, tail: boolean): void {
    const ends = this.comments ? node.endComments : undefined;
    // The last entry is the last thing written unless end comments follow (only `|+` cares).
    const lastIsTail = tail && (ends === undefined || ends.length === 0);
    if (node.kind === 'map') this.map(node, col, inline, lastIsTail);
    else this.seq(node, col, inline, lastIsTail);
    if (ends !== undefined) this.commentBlock(ends, col);
  }

  /** A block mapping's entries; `lastIsTail`: its last value is the last thing written. */
  private map(node: MapNode, col: number, inline: boolean, lastIsTail: boolean): void {
    const c = this.comments;
    const entries = node.entries;
    const n = entries.length;
    const pad = indent(col);
    for (let i = 0; i < n; i++) {
      if (this.out.length > CHUNK) this.spill();
      const e = entries[i]!;
      const key = e.key;
      const value = e.value;
      let trailing: string | undefined;
      if (c) {
        const kc = key.comments;
        const vc = value.comments;
        if (kc !== undefined || vc !== undefined) {
          this.commentBlock(kc?.before, col);
          this.commentBlock(vc?.before, col);
          trailing = vc?.trailing ?? (e.merge === true ? undefined : kc?.trailing);
        }
      }
      if (i > 0 || !inline) this.out += pad;
      const lastTail = lastIsTail && i === n - 1;
      if (e.merge === true) {
        this.out += '<<:';
        this.node(value, col, AT_VALUE, lastTail, trailing);
        continue;
      }
      const k = this.keyText(key);
      if (k !== null) {
        this.out += k + ':';
        this.node(value, col, AT_VALUE, lastTail, trailing);
      } else {
        // Explicit entry: `? key` then `: value`.
        this.out += '?';
        this.node(key, col, AT_KEY, false, c ? key.comments?.trailing : undefined);
        this.out += pad + ':';
        this.node(value, col, AT_VALUE, lastTail, c ? value.comments?.trailing : undefined);
      }
    }
  }

  /** A block sequence's items; `lastIsTail`: its last item is the last thing written. */
  private seq(node: SeqNode, col: number, inline: boolean, lastIsTail: boolean): void {
    const c = this.comments;
    const items = node.items;
    const n = items.length;
    const pad = indent(col);
    for (let i = 0; i < n; i++) {
      if (this.out.length > CHUNK) this.spill();
      const item = items[i]!;
      let trailing: string | undefined;
      if (c) {
        const ic = item.comments;
        if (ic !== undefined) {
          this.commentBlock(ic.before, col);
          trailing = ic.trailing;
        }
      }
      this.out += i > 0 || !inline ? pad + '-' : '-';
      this.node(item, col, AT_ITEM, lastIsTail && i === n - 1, trailing);
    }
  }

  /**
   * The text of an implicit key (`name`, `"a: b"`, `1`, `&a k`, `*a `), or null when it needs `? `
   * (or, `flow`: when its mapping cannot be written in flow style).
   */
  private keyText(key: YNode, flow = false): string | null {
    let text: string;
    switch (key.kind) {
      case 'string': {
        const s = key.value;
        const cached = flow ? undefined : this.keyTexts.get(s);
        if (cached !== undefined) {
          text = cached;
        } else if (flow || this.quoted) {
          text = this.stringText(s, POS_KEY | (flow ? POS_FLOW : 0));
          if (!flow && this.keyTexts.size < KEY_TEXT_CACHE) this.keyTexts.set(s, text);
        } else {
          text = chooseStringStyle(s, POS_KEY) === STYLE_PLAIN ? s : doubleQuote(s);
          if (this.keyTexts.size < KEY_TEXT_CACHE) this.keyTexts.set(s, text);
        }
        break;
      }
      case 'number':
        text = yamlNumberText(key);
        break;
      case 'bool':
        text = key.value ? 'true' : 'false';
        break;
      case 'null':
        text = 'null';
        break;
      case 'alias':
        // `*a:` would make `:` part of the alias name.
        return '*' + key.name + ' ';
      default:
        return null;
    }
    const props = propsOf(key);
    if (props !== '') {
      if (key.kind === 'null') return null; // `? &a` (empty key), not `&a null`
      text = props + ' ' + text;
    }
    return text.length > MAX_IMPLICIT_KEY ? null : text;
  }

  /* Formatting options (lib/converter/format-options.ts); the default layout never calls these. */

  /** A one-line string as written under the quote style (`pos`: POS_KEY, POS_FLOW). */
  private stringText(s: string, pos: number): string {
    const style = chooseStyleWith(s, pos, this.quoteStyle, this.portable);
    return style === STYLE_PLAIN ? s : style === STYLE_SINGLE ? singleQuote(s) : doubleQuote(s);
  }

  /** The column the next write starts at (chunks are spilled at line starts). */
  private column(): number {
    const out = this.out;
    return out.length - out.lastIndexOf('\n') - 1;
  }

  /**
   * `text` (a plain, single- or double-quoted scalar starting at column `start`) folded at
   * single spaces so that its lines fit `lineWidth` where a fold point allows; continuation
   * lines are indented to `pad`. A line break between two non-space characters reads back as
   * one space in all three styles. Plain scalars fold only before a letter, digit or non-ASCII
   * character, so a continuation line never starts with an indicator (`- `, `#`, `&`...).
   */
  private folded(text: string, plain: boolean, start: number, pad: number): string {
    const width = this.lineWidth;
    if (start + text.length <= width) return text;
    // Quoted: not next to the quotes themselves.
    const first = plain ? 1 : 2;
    const last = plain ? text.length - 2 : text.length - 3;
    let out = '';
    let lineStart = 0; // index in `text` of the current line's first character
    let column = start;
    let candidate = -1; // the last fold point on the current line
    for (let i = first; i <= last; i++) {
      if (text.charCodeAt(i) !== 0x20 || !isFoldPoint(text, i, plain)) continue;
      if (column + (i - lineStart) > width && candidate !== -1) {
        out += text.slice(lineStart, candidate) + '\n' + indent(pad);
        lineStart = candidate + 1;
        column = pad;
        candidate = -1;
      }
      // This space starts a new line if the text up to it is already too long.
      if (column + (i - lineStart) > width) {
        out += text.slice(lineStart, i) + '\n' + indent(pad);
        lineStart = i + 1;
        column = pad;
      } else {
        candidate = i;
      }
    }
    if (candidate !== -1 && column + (text.length - lineStart) > width) {
      out += text.slice(lineStart, candidate) + '\n' + indent(pad);
      lineStart = candidate + 1;
    }
    return out + text.slice(lineStart);
  }
}

/** A space where a long scalar may fold: between two non-space characters (for plain, before a safe one). */
function isFoldPoint(text: string, i: number, plain: boolean): boolean {
  const before = text.charCodeAt(i - 1);
  const after = text.charCodeAt(i + 1);
  if (before === 0x20 || before === 0x09 || after === 0x20 || after === 0x09) return false;
  return !plain || (isWordChar(before) && isWordChar(after));
}

/** An ASCII letter or digit, or a non-ASCII character that is not white space of any kind. */
function isWordChar(c: number): boolean {
  if (c < 0x80) return (c >= 0x30 && c <= 0x39) || ((c | 0x20) >= 0x61 && (c | 0x20) <= 0x7a);
  return !(c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff);
}

function hasLines(lines: string[] | undefined): boolean {
  return lines !== undefined && lines.length > 0;
}

function isFlowMarked(node: YNode): node is MapNode | SeqNode {
  return (node.kind === 'map' || node.kind === 'seq') && node.flow === true && isNonEmptyCollection(node);
}

/**
 * The header to write a string read from a block scalar of `style` in that style again, or
 * null when it cannot be: a character a block scalar cannot hold, a line of only white space,
 * only line breaks; a folded scalar also needs its first line to start with text and no line
 * more indented (which folding would keep apart), or keep chomping last in the output.
 * Chomping follows the value (`-` without a final line break, `+` for more than one), the
 * source's `+` kept for exactly one.
 */
function keptBlockHeader(s: string, style: BlockScalarStyle, root: boolean, tail: boolean, unit: number): string | null {
  const folded = style.charCodeAt(0) === GT;
  const n = s.length;
  // Empty: no line to indent. At the root, a comment line after it would be read as its content.
  if (n === 0) return root ? null : style;
  let end = n;
  while (end > 0 && s.charCodeAt(end - 1) === LF) end--;
  if (end === 0) return null;
  let lineStart = true;
  let lineBlank = true;
  let lineLength = 0;
  for (let i = 0; i < end; i++) {
    const c = s.charCodeAt(i);
    if (c === LF) {
      if (lineBlank && lineLength > 0) return null;
      lineStart = true;
      lineBlank = true;
      lineLength = 0;
      continue;
    }
    if (c === SPACE || c === TAB) {
      if (lineStart && (folded || c === TAB)) return null;
    } else {
      lineBlank = false;
      if (!isBlockScalarChar(c, s.charCodeAt(i + 1))) return null;
      if (c >= 0xd800 && c <= 0xdbff) i++, lineLength++;
    }
    lineStart = false;
    lineLength++;
  }
  if (lineBlank && lineLength > 0) return null;
  const c0 = s.charCodeAt(0);
  let header = folded ? '>' : '|';
  if (c0 === SPACE || c0 === LF) {
    // An indentation indicator, relative to the parent's indentation: not at the root; folded: never.
    if (root || folded) return null;
    header += String(unit);
  }
  const trailing = n - end;
  if (trailing === 0) return header + '-';
  // Last in the output, `+` would end it with blank lines (as chooseStringStyle refuses too).
  if (trailing >= 2) return tail ? null : header + '+';
  return style.charCodeAt(1) === PLUS && !tail ? header + '+' : header;
}

/** Printable in a block scalar (and in YAML 1.1): not a C0/C1 control, a 1.1 line break, a BOM, a lone surrogate. */
function isBlockScalarChar(c: number, next: number): boolean {
  if (c < 0x20 || (c >= 0x7f && c <= 0x9f)) return false;
  if (c === 0x2028 || c === 0x2029 || c === 0xfeff || c >= 0xfffe) return false;
  if (c >= 0xd800 && c <= 0xdbff) return next >= 0xdc00 && next <= 0xdfff;
  return !(c >= 0xdc00 && c <= 0xdfff);
}

/**
 * The lines of a folded block scalar after its header, indented by `pad`, never folding a
 * long line: each line break of the value is an empty line between its lines (a lone line
 * break between two lines would read back as a space). keptBlockHeader has made sure no line
 * starts with white space.
 */
export function foldedBody(s: string, pad: string): string {
  let end = s.length;
  while (end > 0 && s.charCodeAt(end - 1) === LF) end--;
  let out = '';
  let from = 0;
  for (;;) {
    const nl = s.indexOf('\n', from);
    const line = nl < 0 || nl >= end ? s.slice(from, end) : s.slice(from, nl);
    if (line !== '') out += pad + line + '\n';
    if (nl < 0 || nl >= end) break;
    out += '\n';
    from = nl + 1;
  }
  // Keep chomping: the value's line breaks after its first final one are empty lines.
  for (let i = end + 1; i < s.length; i++) out += '\n';
  return out;
}
