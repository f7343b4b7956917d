/**
 * Builds the IR (types.ts) from what the fast reader reads, node for node what
 * read-yaml.ts's IrReader builds from the `yaml` package's document: the same scalar
 * typing, merge keys, shared subtrees for aliases (or alias nodes when anchors are kept),
 * the same alias budget, and comments placed by the same two rules (all comments before
 * an offset; the next comment if on the same line) applied at the same offsets. Bails on
 * what the reference reports as an error or warns about (other than .inf/.nan).
 */
import { jsonKeyText } from '../../json-key-text';
import { MAX_EXPANDED_DEPTH, aliasExpansionBudget, nodeWeight, expandedSize as sizeOf } from '../../limits';
import type { BlockScalarStyle, Format, MapEntry, MapNode, SeqNode, YDocument, YNode } from '../../types';
import { type YamlVersion, resolvePlain } from '../resolve-scalar';
import { DEFAULT_YAML_VERSION } from '../../yaml-version';
import { type Built, expandedCopy, expandedEntry, placeLeftoverComments, withComments } from '../built-node';
import { bail } from '../../bail';
import { Positions } from './positions';
import type { FastSink } from './sink';
import { checkDeadline } from '../../deadline';
import { CR } from '../../chars';

export interface IrSinkOptions {
  comments: boolean;
  anchors: boolean;
  target: Format;
  /** How plain scalars are typed (the reader bails on `%YAML` directives, so one version per stream). */
  yamlVersion?: YamlVersion;
}

const MAP = 0;
const SEQ = 1;

interface Frame {
  kind: number;
  flow: boolean;
  ir: MapNode | SeqNode;
  size: number;
  height: number;
  anchor: string | null;
  /**
   * The anchor's entry, filled when the node ends. Not looked up by name then: an anchor of the
   * same name inside the node has replaced it (the later definition in the text wins, as in readYaml).
   */
  anchorState: AnchorState | null;
  /** Mapping: entry index by key identity; which entries came from a merge. */
  index: Map<string, number> | null;
  fromMerge: Set<number> | null;
  /** Mapping: the mappings merged into it so far (one merged again adds nothing). */
  merged: Set<YNode> | null;
  /** JSON text of explicit keys, and the values of number keys (the `yaml` package's duplicate check). */
  jsonKeys: Set<string> | null;
  numKeys: Set<number> | null;
  /** Mapping: the key waiting for its value, the comments taken before it, where it ends. */
  key: Built | null;
  keyBefore: string[] | undefined;
  keyEnd: number;
  /** Sequence: an item was announced; its comments are taken where its value starts. */
  itemPending: boolean;
  itemBefore: string[] | undefined;
  /** As a mapping value: the `key: # comment` comment it carries when delivered. */
  trailing: string | undefined;
  /** Mapping: the comments of merge entries merged away, for the next entry (or the mapping's end). */
  merges: string[] | undefined;
}

interface AnchorState {
  /** null while the anchored node is being read. */
  built: Built | null;
  isMap: boolean;
}

export class IrSink implements FastSink {
  readonly documents: YDocument[] = [];
  readonly warnings: string[] = [];
  /** With comments: those of a stream that holds no document (readYaml's `streamComments`). */
  streamComments: string[] | undefined;
  private readonly frames: Frame[] = [];
  private anchors = new Map<string, AnchorState>();
  private expanded = 0;
  private readonly budget: number;
  private readonly positions: Positions;
  private nextComment = 0;
  // The document being read.
  private docBefore: string[] | undefined;
  private rootPending = false;
  private root: YNode | null = null;
  /** The value delivered last (a flow collection takes the comment after it: flowComment). */
  private lastValue: Built | null = null;
  /** The block scalar's style and header offset, for the string() that follows blockScalar(). */
  private blockStyle: BlockScalarStyle | null = null;
  private blockStart = 0;

  constructor(
    private readonly src: string,
    private readonly options: IrSinkOptions,
    /** Offsets of the comments' `#`, filled by the reader as it goes. */
    private readonly commentOffsets: number[],
  ) {
    this.budget = aliasExpansionBudget(src.length);
    this.positions = new Positions(src);
  }

  /* comments (IrReader's takeComments / takeSameLineComment) ---------------- */

  private commentText(i: number): string {
    const src = this.src;
    const at = this.commentOffsets[i]!;
    let end = src.indexOf('\n', at);
    if (end === -1) end = src.length;
    else if (src.charCodeAt(end - 1) === CR) end--;
    return src.slice(at + 1, end);
  }

  private takeComments(offset: number): string[] | undefined {
    let out: string[] | undefined;
    const offsets = this.commentOffsets;
    while (this.nextComment < offsets.length && offsets[this.nextComment]! < offset) {
      const i = this.nextComment++;
      if (this.options.comments) (out ??= []).push(this.commentText(i));
    }
    return out;
  }

  private takeSameLineComment(from: number, before = Infinity): string | undefined {
    const offsets = this.commentOffsets;
    if (this.nextComment >= offsets.length) return undefined;
    const at = offsets[this.nextComment]!;
    if (at < from || at >= before) return undefined;
    const lineEnd = this.src.indexOf('\n', from);
    if (lineEnd !== -1 && at > lineEnd) return undefined;
    const i = this.nextComment++;
    return this.options.comments ? this.commentText(i) : undefined;
  }

  /* documents ------------------------------------------------------------------ */

  beginDocument(): void {
    this.anchors = new Map();
    this.rootPending = true;
    this.docBefore = undefined;
    this.root = null;
  }

  endDocument(end: number): void {
    const after = this.takeComments(end);
    const doc: YDocument = { contents: this.root };
    if (this.options.comments && (this.docBefore || after)) {
      doc.comments = {};
      if (this.docBefore) doc.comments.before = this.docBefore;
      if (after) doc.comments.after = after;
    }
    this.documents.push(doc);
  }

  endStream(): void {
    this.streamComments = placeLeftoverComments(this.documents, this.takeComments(Infinity));
  }

  /* values ------------------------------------------------------------------------ */

  /** A value starts at `start`: the comments its parent takes there (IrReader's order). */
  private valueStart(start: number): void {
    const f = this.frames[this.frames.length - 1];
    if (f === undefined) {
      if (this.rootPending) {
        this.docBefore = this.takeComments(start);
        this.rootPending = false;
      }
    } else if (f.kind === SEQ) {
      if (f.itemPending) {
        f.itemBefore = this.takeComments(start);
        f.itemPending = false;
      }
    }
  }

  /** A finished value goes to its parent. `scalarLike`: scalars and aliases take a same-line comment at `end`. */
  private deliver(b: Built, shared: boolean, scalarLike: boolean, end: number, own?: Frame): void {
    const f = this.frames[this.frames.length - 1];
    if (f === undefined) {
      const v = scalarLike ? withComments(b, shared, undefined, this.trailingAt(end)) : b;
      this.root = v.ir;
      this.lastValue = v;
      return;
    }
    if (f.kind === SEQ) {
      const trailing = scalarLike ? this.trailingAt(end) : undefined;
      const v = withComments(b, shared, f.itemBefore, trailing);
      f.itemBefore = undefined;
      const items = (f.ir as SeqNode).items;
      items.push(v.ir);
      this.lastValue = v;
      f.size += v.size;
      if (v.height >= f.height) f.height = v.height + 1;
      return;
    }
    const trailing = scalarLike ? this.trailingAt(end) : own?.trailing;
    const v = withComments(b, shared, f.keyBefore, trailing);
    this.addEntry(f, f.key!, v);
    this.lastValue = v;
    f.key = null;
    f.keyBefore = undefined;
  }

  /**
   * The end-of-line comment of the scalar or alias ending at `end` (IrReader.placed): after
   * it, or for a block scalar on its header line. (Comments inside flow collections bail.)
   */
  private trailingAt(end: number): string | undefined {
    const style = this.blockStyle;
    if (style === null) return this.takeSameLineComment(end);
    this.blockStyle = null;
    return this.takeSameLineComment(this.blockStart);
  }

  /** The block scalar (at `start`) whose value string() delivers next. */
  blockScalar(style: BlockScalarStyle, start: number): void {
    this.blockStyle = style;
    this.blockStart = start;
  }

  /**
   * The comment at `at` follows the flow collection just delivered, on its closing line: its
   * end-of-line comment, or, when it has one after `key:` already, its last end comment
   * (IrReader.placed).
   */
  flowComment(at: number): void {
    if (this.commentOffsets[this.nextComment] !== at) return;
    const text = this.commentText(this.nextComment++);
    const b = this.lastValue;
    if (!this.options.comments || b === null) return;
    if (b.ir.comments?.trailing === undefined) withComments(b, false, undefined, text);
    else ((b.ir as MapNode | SeqNode).endComments ??= []).push(text);
  }

  private addEntry(f: Frame, k: Built, v: Built): MapEntry {
    const map = f.ir as MapNode;
    const id = this.idOf(k.ir);
    const entry: MapEntry = { key: k.ir, value: v.ir };
    const at = f.index!.get(id);
    if (at === undefined) {
      f.index!.set(id, map.entries.length);
      map.entries.push(entry);
    } else {
      // An explicit key may override a merged one; anything else is a warning case or an error.
      if (!f.fromMerge!.has(at)) bail('same key twice');
      f.fromMerge!.delete(at);
      map.entries[at] = entry;
    }
    f.size += k.size + v.size;
    const h = Math.max(k.height, v.height);
    if (h >= f.height) f.height = h + 1;
    return entry;
  }

  /** Key identity: for JSON output the key's JSON text, for YAML its kind and text (IrReader's idOf). */
  private idOf(key: YNode): string {
    const text = jsonKeyText(key, (name) => '*' + name);
    return this.options.target === 'json' ? text : key.kind + ':' + text;
  }

  private push(kind: number, anchor: string | null, start: number): Frame {
    this.valueStart(start);
    const parent = this.frames[this.frames.length - 1];
    let trailing: string | undefined;
    // `key: # comment` above a block collection belongs to that collection.
    if (parent !== undefined && parent.kind === MAP) trailing = this.takeSameLineComment(parent.keyEnd, start);
    if (this.frames.length >= MAX_EXPANDED_DEPTH) bail('too deep');
    const ir: MapNode | SeqNode = kind === MAP ? { kind: 'map', entries: [] } : { kind: 'seq', items: [] };
    // Block collections start at a key or `-`; flow ones at their bracket.
    const c = this.src.charCodeAt(start);
    const flow = c === 91 || c === 123;
    if (flow && this.options.comments) ir.flow = true;
    const f: Frame = {
      kind,
      flow,
      ir,
      size: 1,
      height: 1,
      anchor,
      anchorState: null,
      index: kind === MAP ? new Map() : null,
      fromMerge: kind === MAP ? new Set() : null,
      merged: null,
      jsonKeys: kind === MAP ? new Set() : null,
      numKeys: null,
      key: null,
      keyBefore: undefined,
      keyEnd: 0,
      itemPending: false,
      itemBefore: undefined,
      trailing,
      merges: undefined,
    };
    if (anchor !== null) {
      f.anchorState = { built: null, isMap: kind === MAP };
      this.anchors.set(anchor, f.anchorState);
    }
    this.frames.push(f);
    return f;
  }

  private pop(end: number): void {
    const f = this.frames.pop()!;
    const ec = concatComments(f.merges, this.takeComments(end));
    if (ec) (f.ir as MapNode | SeqNode).endComments = ec;
    const b: Built = { ir: f.ir, size: f.size, height: f.height };
    if (f.anchor !== null) {
      if (this.options.anchors) b.ir.anchor = f.anchor;
      f.anchorState!.built = b;
    }
    this.deliver(b, false, false, end, f);
  }

  beginMap(anchor: string | null, start: number): void {
    this.push(MAP, anchor, start);
  }

  key(text: string, plain: boolean, _esc: boolean, start: number, end: number): void {
    const f = this.frames[this.frames.length - 1]!;
    f.keyBefore = concatComments(f.merges, this.takeComments(start));
    f.merges = undefined;
    const ir = plain ? this.plainNode(text, start) : ({ kind: 'string', value: text } as YNode);
    // The `yaml` package refuses keys with equal values; keys with the same JSON text are a
    // warning case (or the same error): both left to the reference.
    const json = jsonKeyText(ir);
    const at = f.index!.get(this.idOf(ir));
    if (f.jsonKeys!.has(json) && (at === undefined || !f.fromMerge!.has(at))) bail('keys with the same text');
    f.jsonKeys!.add(json);
    if (ir.kind === 'number') {
      if (json.length > 15) bail('long number key');
      const n = ir.special === true ? (json === '.nan' ? NaN : json === '.inf' ? Infinity : -Infinity) : Number(json);
      const nums = (f.numKeys ??= new Set());
      if (nums.has(n)) bail('equal number keys');
      nums.add(n);
    }
    f.key = { ir, size: nodeWeight(ir), height: 0 };
    f.keyEnd = end;
  }

  merge(names: string[], starts: number[], ends: number[], keyStart: number, listEnd: number): void {
    const f = this.frames[this.frames.length - 1]!;
    const before = this.takeComments(keyStart);
    for (const name of names) {
      const a = this.anchors.get(name);
      if (a === undefined) bail('unknown alias');
      // A merge of anything but mappings is a warning case.
      if (!a.isMap) bail('merge of a non-mapping');
    }
    const map = f.ir as MapNode;
    if (this.options.anchors) {
      // Kept as a `<<` entry: an alias, or a flow sequence of aliases built like one.
      let v: Built;
      if (listEnd === -1) {
        const alias: Built = { ir: { kind: 'alias', name: names[0]! }, size: 1, height: 0 };
        v = withComments(alias, true, before, this.takeSameLineComment(ends[0]!));
      } else {
        const items: YNode[] = [];
        const seq: SeqNode = { kind: 'seq', items };
        if (this.options.comments) seq.flow = true;
        for (let i = 0; i < names.length; i++) {
          const itemBefore = this.takeComments(starts[i]!);
          const trailing = this.takeSameLineComment(ends[i]!, listEnd);
          items.push(withComments({ ir: { kind: 'alias', name: names[i]! }, size: 1, height: 0 }, true, itemBefore, trailing).ir);
        }
        const ec = this.takeComments(listEnd);
        if (ec) seq.endComments = ec;
        v = withComments({ ir: seq, size: 1 + names.length, height: 1 }, false, before, this.takeSameLineComment(listEnd));
      }
      map.entries.push({ key: { kind: 'string', value: '<<' }, value: v.ir, merge: true });
      f.size += 1 + v.size;
      if (v.height >= f.height) f.height = v.height + 1;
      return;
    }
    f.merges = concatComments(f.merges, before);
    for (let s = 0; s < names.length; s++) {
      const b = this.anchors.get(names[s]!)!.built;
      // Merging a mapping into itself: the reference refuses it.
      if (b === null) bail('recursive merge');
      if (this.frames.length + b.height > MAX_EXPANDED_DEPTH) bail('deep alias');
      const merged = (f.merged ??= new Set());
      if (merged.has(b.ir)) {
        f.merges = concatComments(f.merges, this.sameLineComments(ends[s]!));
        continue;
      }
      merged.add(b.ir);
      for (const e of (b.ir as MapNode).entries) {
        const id = this.idOf(e.key);
        if (f.index!.has(id)) {
          this.count(1);
          continue;
        }
        f.index!.set(id, map.entries.length);
        f.fromMerge!.add(map.entries.length);
        map.entries.push(this.options.comments ? expandedEntry(e) : e);
        const n = sizeOf(e.key) + sizeOf(e.value);
        this.count(n);
        f.size += n;
        if (b.height - 1 >= f.height) f.height = b.height;
      }
      f.merges = concatComments(f.merges, this.sameLineComments(ends[s]!));
    }
    if (listEnd !== -1) f.merges = concatComments(f.merges, this.sameLineComments(listEnd));
  }

  private sameLineComments(from: number): string[] | undefined {
    const text = this.takeSameLineComment(from);
    return text === undefined ? undefined : [text];
  }

  endMap(end: number): void {
    this.pop(end);
  }

  beginSeq(anchor: string | null, start: number): void {
    this.push(SEQ, anchor, start);
  }

  item(): void {
    const f = this.frames[this.frames.length - 1]!;
    f.itemPending = true;
    f.itemBefore = undefined;
  }

  endSeq(end: number): void {
    this.pop(end);
  }

  /* scalars ------------------------------------------------------------------------ */

  private plainNode(text: string, start: number): YNode {
    const ir = resolvePlain(text, this.options.yamlVersion ?? DEFAULT_YAML_VERSION);
    if (ir.kind === 'number' && ir.special === true && this.options.target === 'json') {
      this.warnings.push(`${ir.text} at ${this.positions.where(start)} has no JSON form; it became the string "${ir.text}".`);
    }
    return ir;
  }

  private scalarValue(ir: YNode, anchor: string | null, start: number, end: number): void {
    this.valueStart(start);
    const b: Built = { ir, size: nodeWeight(ir), height: 0 };
    if (anchor !== null) {
      if (this.options.anchors) ir.anchor = anchor;
      this.anchors.set(anchor, { built: b, isMap: false });
    }
    this.deliver(b, false, true, end);
  }

  plain(text: string, _esc: boolean, anchor: string | null, start: number, end: number): void {
    this.scalarValue(this.plainNode(text, start), anchor, start, end);
  }

  string(text: string, _esc: boolean, anchor: string | null, start: number, end: number): void {
    const ir: YNode = { kind: 'string', value: text };
    if (this.blockStyle !== null && this.options.comments) ir.block = this.blockStyle;
    this.scalarValue(ir, anchor, start, end);
  }

  empty(anchor: string | null, at: number): void {
    this.scalarValue({ kind: 'null' }, anchor, at, at);
  }

  alias(name: string, start: number, end: number): void {
    this.valueStart(start);
    const a = this.anchors.get(name);
    if (a === undefined) bail('unknown alias');
    let b: Built;
    if (this.options.anchors) b = { ir: { kind: 'alias', name }, size: 1, height: 0 };
    else {
      if (a.built === null) bail('recursive alias');
      b = a.built;
      if (this.frames.length + b.height > MAX_EXPANDED_DEPTH) bail('deep alias');
      this.count(b.size);
      if (this.options.comments) b = expandedCopy(b);
    }
    this.deliver(b, true, true, end);
  }

  private count(n: number): void {
    checkDeadline();
    this.expanded += n;
    if (this.expanded > this.budget) bail('alias expansion budget');
  }
}

function concatComments(a: string[] | undefined, b: string[] | undefined): string[] | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return [...a, ...b];
}
