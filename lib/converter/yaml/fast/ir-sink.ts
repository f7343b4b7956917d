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
import type { Format, MapEntry, MapNode, SeqNode, YDocument, YNode } from '../../types';
import { type YamlVersion, resolvePlain } from '../resolve-scalar';
import { DEFAULT_YAML_VERSION } from '../../yaml-version';
import { type Built, withComments } from '../built-node';
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
}

/** A scalar or alias read inside a flow collection: it may take the comment after the collection. */
interface Leaf {
  built: Built;
  shared: boolean;
  end: number;
  items: YNode[] | null;
  index: number;
  entry: MapEntry | null;
}

interface AnchorState {
  /** null while the anchored node is being read. */
  built: Built | null;
  isMap: boolean;
}

export class IrSink implements FastSink {
  readonly documents: YDocument[] = [];
  readonly warnings: string[] = [];
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
  private flowDepth = 0;
  private leaves: Leaf[] = [];
  /** The value delivered last, and a block scalar that may still take a comment (see afterBlockScalar). */
  private lastValue: Built | null = null;
  private pendingBlock: Built | null = null;
  private pendingFrom = 0;

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
    return src.slice(src.startsWith('# ', at) ? at + 2 : at + 1, end);
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
    this.settleBlock();
    this.anchors = new Map();
    this.rootPending = true;
    this.docBefore = undefined;
    this.root = null;
  }

  endDocument(end: number): void {
    this.settleBlock();
    const after = this.takeComments(end);
    const doc: YDocument = { contents: this.root };
    if (this.options.comments && (this.docBefore || after)) {
      doc.comments = {};
      if (this.docBefore) doc.comments.before = this.docBefore;
      if (after) doc.comments.after = after;
    }
    this.documents.push(doc);
  }

  endStream(): void {}

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
      this.root = b.ir;
      this.lastValue = b;
      return;
    }
    if (f.kind === SEQ) {
      const trailing = scalarLike ? this.takeSameLineComment(end) : undefined;
      const v = withComments(b, shared, f.itemBefore, trailing);
      f.itemBefore = undefined;
      const items = (f.ir as SeqNode).items;
      if (f.flow && scalarLike) this.leaves.push({ built: v, shared, end, items, index: items.length, entry: null });
      items.push(v.ir);
      this.lastValue = v;
      f.size += v.size;
      if (v.height >= f.height) f.height = v.height + 1;
      return;
    }
    const trailing = scalarLike ? this.takeSameLineComment(end) : own?.trailing;
    const v = withComments(b, shared, f.keyBefore, trailing);
    const entry = this.addEntry(f, f.key!, v);
    this.lastValue = v;
    if (f.flow && scalarLike) this.leaves.push({ built: v, shared, end, items: null, index: 0, entry });
    f.key = null;
    f.keyBefore = undefined;
  }

  /**
   * The block scalar just delivered ends at the start of a line the reader has not read: the
   * reference looks for its trailing comment on that line, when nothing before is pending.
   * Decided when the comments of that line are known (at the next event).
   */
  afterBlockScalar(end: number): void {
    // A document's content takes no trailing comment; only collection members do.
    if (this.frames.length === 0) return;
    this.pendingBlock = this.lastValue;
    this.pendingFrom = end;
    this.settleBlock();
  }

  /** Gives the pending block scalar its trailing comment, once it is known whether there is one. */
  private settleBlock(): void {
    const b = this.pendingBlock;
    if (b === null) return;
    const offsets = this.commentOffsets;
    if (this.nextComment >= offsets.length) return; // that line's comments are not read yet
    this.pendingBlock = null;
    const at = offsets[this.nextComment]!;
    const lineEnd = this.src.indexOf('\n', this.pendingFrom);
    if (at < this.pendingFrom || (lineEnd !== -1 && at > lineEnd)) return;
    const text = this.commentText(this.nextComment++);
    if (this.options.comments) withComments(b, false, undefined, text);
  }

  /**
   * A comment after a flow collection, on its closing line: the reference hands it to the
   * first scalar or alias of the collection on that line (the first to look for a comment
   * on its own line finds it), when nothing before it is still pending.
   */
  flowComment(at: number): void {
    this.settleBlock();
    const leaves = this.leaves;
    this.leaves = [];
    if (this.commentOffsets[this.nextComment] !== at) return;
    for (const leaf of leaves) {
      if (leaf.end > at || this.src.lastIndexOf('\n', at) >= leaf.end) continue;
      const text = this.commentText(this.nextComment++);
      if (!this.options.comments) return;
      const v = withComments(leaf.built, leaf.shared, undefined, text);
      if (leaf.items !== null) leaf.items[leaf.index] = v.ir;
      else leaf.entry!.value = v.ir;
      return;
    }
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
    if (flow && this.flowDepth++ === 0) this.leaves = [];
    const f: Frame = {
      kind,
      flow,
      ir,
      size: 1,
      height: 1,
      anchor,
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
    };
    if (anchor !== null) this.anchors.set(anchor, { built: null, isMap: kind === MAP });
    this.frames.push(f);
    return f;
  }

  private pop(end: number): void {
    const f = this.frames.pop()!;
    if (f.flow) this.flowDepth--;
    const ec = this.takeComments(end);
    if (ec) (f.ir as MapNode | SeqNode).endComments = ec;
    const b: Built = { ir: f.ir, size: f.size, height: f.height };
    if (f.anchor !== null) {
      if (this.options.anchors) b.ir.anchor = f.anchor;
      this.anchors.get(f.anchor)!.built = b;
    }
    this.deliver(b, false, false, end, f);
  }

  beginMap(anchor: string | null, start: number): void {
    this.settleBlock();
    this.push(MAP, anchor, start);
  }

  key(text: string, plain: boolean, _esc: boolean, start: number, end: number): void {
    this.settleBlock();
    const f = this.frames[this.frames.length - 1]!;
    f.keyBefore = this.takeComments(start);
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
    this.settleBlock();
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
      if (listEnd === -1) v = withComments({ ir: { kind: 'alias', name: names[0]! }, size: 1, height: 0 }, true, before);
      else {
        const items: YNode[] = [];
        const seq: SeqNode = { kind: 'seq', items };
        for (let i = 0; i < names.length; i++) {
          const itemBefore = this.takeComments(starts[i]!);
          const trailing = this.takeSameLineComment(ends[i]!);
          items.push(withComments({ ir: { kind: 'alias', name: names[i]! }, size: 1, height: 0 }, true, itemBefore, trailing).ir);
        }
        const ec = this.takeComments(listEnd);
        if (ec) seq.endComments = ec;
        v = withComments({ ir: seq, size: 1 + names.length, height: 1 }, false, before);
      }
      map.entries.push({ key: { kind: 'string', value: '<<' }, value: v.ir, merge: true });
      f.size += 1 + v.size;
      if (v.height >= f.height) f.height = v.height + 1;
      return;
    }
    for (let s = 0; s < names.length; s++) {
      const b = this.anchors.get(names[s]!)!.built;
      // Merging a mapping into itself: the reference refuses it.
      if (b === null) bail('recursive merge');
      if (this.frames.length + b.height > MAX_EXPANDED_DEPTH) bail('deep alias');
      const merged = (f.merged ??= new Set());
      if (merged.has(b.ir)) {
        this.takeSameLineComment(ends[s]!);
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
        map.entries.push(e);
        const n = sizeOf(e.key) + sizeOf(e.value);
        this.count(n);
        f.size += n;
        if (b.height - 1 >= f.height) f.height = b.height;
      }
      this.takeSameLineComment(ends[s]!);
    }
  }

  endMap(end: number): void {
    this.settleBlock();
    this.pop(end);
  }

  beginSeq(anchor: string | null, start: number): void {
    this.settleBlock();
    this.push(SEQ, anchor, start);
  }

  item(): void {
    this.settleBlock();
    const f = this.frames[this.frames.length - 1]!;
    f.itemPending = true;
    f.itemBefore = undefined;
  }

  endSeq(end: number): void {
    this.settleBlock();
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
    this.settleBlock();
    this.scalarValue(this.plainNode(text, start), anchor, start, end);
  }

  string(text: string, _esc: boolean, anchor: string | null, start: number, end: number): void {
    this.settleBlock();
    this.scalarValue({ kind: 'string', value: text }, anchor, start, end);
  }

  empty(anchor: string | null, at: number): void {
    this.settleBlock();
    this.scalarValue({ kind: 'null' }, anchor, at, at);
  }

  alias(name: string, start: number, end: number): void {
    this.settleBlock();
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
    }
    this.deliver(b, true, true, end);
  }

  private count(n: number): void {
    checkDeadline();
    this.expanded += n;
    if (this.expanded > this.budget) bail('alias expansion budget');
  }
}
