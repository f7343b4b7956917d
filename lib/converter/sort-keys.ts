/**
 * `sortKeys`: a copy of the IR with every mapping's entries sorted (format-options.ts says the
 * order and why), applied before either writer so JSON and YAML output agree. Subtrees shared by
 * expanded aliases are sorted once and stay shared, so the copy is no larger than the IR.
 *
 * With anchors kept (preserveAnchors), sorting can put an alias before its anchor (`b: &x [1]`,
 * `a: {c: *x}` sorts `a` first), which no YAML reader accepts: `anchorsFirst` then moves each
 * anchored node to the first place, in the sorted order, that refers to it, and writes an alias
 * where it was (the comments of the two places stay at their places).
 */
import * as deadline from './deadline';
import { compareCodePoints } from './format-options';
import { jsonKeyText } from './json-key-text';
import type { MapEntry, YDocument, YNode } from './types';

const { TICKS_PER_CHECK, checkDeadline } = deadline;

export function sortDocumentKeys(documents: YDocument[]): YDocument[] {
  const sorter = new KeySorter();
  return documents.map((doc) => {
    if (doc.contents === null) return doc;
    sorter.anchors = false;
    const contents = sorter.node(doc.contents);
    return { ...doc, contents: sorter.anchors ? anchorsFirst(doc.contents, contents, sorter) : contents };
  });
}

/** An alias used as a key (anchors kept) sorts by its text, `*name`. */
const aliasKey = (name: string) => `*${name}`;

class KeySorter {
  private readonly done = new Map<YNode, YNode>();
  private ticks = 0;
  /** Set when the document has an anchor or an alias (anchors kept). */
  anchors = false;

  /** The sorted copy of a node of the input (a scalar or an alias is its own copy). */
  sortedOf(node: YNode): YNode {
    return this.done.get(node) ?? node;
  }

  node(node: YNode): YNode {
    if (node.anchor !== undefined || node.kind === 'alias') this.anchors = true;
    if (node.kind !== 'map' && node.kind !== 'seq') return node;
    const seen = this.done.get(node);
    if (seen !== undefined) return seen;
    if (++this.ticks === TICKS_PER_CHECK) {
      this.ticks = 0;
      checkDeadline();
    }
    let sorted: YNode;
    if (node.kind === 'seq') {
      sorted = { ...node, items: node.items.map((item) => this.node(item)) };
    } else {
      const entries = node.entries.map((e): MapEntry => ({ ...e, key: this.node(e.key), value: this.node(e.value) }));
      sorted = { ...node, entries: sortEntries(entries) };
    }
    this.done.set(node, sorted);
    return sorted;
  }
}

/** Merge entries first in their order, then the others by key (a stable sort). */
function sortEntries(entries: MapEntry[]): MapEntry[] {
  const merges = entries.filter((e) => e.merge === true);
  const keyed = entries.filter((e) => e.merge !== true).map((entry) => ({ entry, text: jsonKeyText(entry.key, aliasKey) }));
  keyed.sort((a, b) => compareCodePoints(a.text, b.text));
  return merges.length === 0 ? keyed.map((k) => k.entry) : [...merges, ...keyed.map((k) => k.entry)];
}

function tick(counter: { ticks: number }): void {
  if (++counter.ticks === TICKS_PER_CHECK) {
    counter.ticks = 0;
    checkDeadline();
  }
}

/** Children in the order a writer meets them: a mapping's key, then its value; a sequence's items. */
function children(node: YNode): YNode[] {
  if (node.kind === 'seq') return node.items;
  if (node.kind === 'map') return node.entries.flatMap((e) => [e.key, e.value]);
  return [];
}

/**
 * Every anchored node before the aliases that name it, in the sorted document. Which anchored node
 * an alias names is read in the input's order (YAML lets a later `&x` redefine `x`); a name defined
 * more than once is then made unique (`x`, `x_2`, ...), since a moved definition could otherwise
 * come between an alias and the node it named.
 */
function anchorsFirst(input: YNode, sorted: YNode, sorter: KeySorter): YNode {
  const counter = { ticks: 0 };
  // 1. In the input's order: the node each alias names, and how often each name is defined.
  const target = new Map<YNode, YNode>();
  const defined = new Map<string, YNode[]>();
  const bound = new Map<string, YNode>();
  const stack: YNode[] = [input];
  while (stack.length > 0) {
    const node = stack.pop()!;
    tick(counter);
    if (node.kind === 'alias') {
      const named = bound.get(node.name);
      if (named !== undefined) target.set(node, sorter.sortedOf(named));
      continue;
    }
    if (node.anchor !== undefined) {
      bound.set(node.anchor, node);
      const list = defined.get(node.anchor);
      if (list === undefined) defined.set(node.anchor, [node]);
      else list.push(node);
    }
    const kids = children(node);
    for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]!);
  }
  const names = new Map<YNode, string>();
  for (const [name, nodes] of defined) {
    if (nodes.length < 2) continue;
    let n = 1;
    for (const node of nodes.slice(1)) {
      let unique: string;
      do unique = `${name}_${++n}`;
      while (defined.has(unique));
      names.set(sorter.sortedOf(node), unique);
    }
  }
  const nameOf = (node: YNode) => names.get(node) ?? node.anchor!;

  // 2. In the sorted order: the first place that refers to an anchored node gets it; the others an alias.
  const written = new Set<YNode>();
  const alias = (node: YNode, comments: YNode['comments']): YNode =>
    comments === undefined ? { kind: 'alias', name: nameOf(node) } : { kind: 'alias', name: nameOf(node), comments };
  const walk = (node: YNode): YNode => {
    tick(counter);
    if (node.kind === 'alias') {
      const named = target.get(node);
      if (named === undefined) return node;
      if (written.has(named)) return alias(named, node.comments);
      // The definition comes here, with this place's comments; where it was, an alias with its own.
      const moved = define(named);
      const { comments: _, ...bare } = moved;
      return node.comments === undefined ? (bare as YNode) : ({ ...bare, comments: node.comments } as YNode);
    }
    if (node.anchor !== undefined) {
      if (written.has(node)) return alias(node, node.comments);
      return define(node);
    }
    return copyWith(node);
  };
  const define = (node: YNode): YNode => {
    written.add(node);
    const copy = copyWith(node);
    const name = nameOf(node);
    return name === node.anchor ? copy : { ...copy, anchor: name };
  };
  const copyWith = (node: YNode): YNode => {
    if (node.kind === 'seq') return { ...node, items: node.items.map((item) => walk(item)) };
    if (node.kind === 'map') {
      return { ...node, entries: node.entries.map((e): MapEntry => ({ ...e, key: walk(e.key), value: walk(e.value) })) };
    }
    return node;
  };
  return walk(sorted);
}
