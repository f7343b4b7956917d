/**
 * `sortKeys`: a copy of the IR with every mapping's entries sorted (format-options.ts says the
 * order and why), applied before either writer so JSON and YAML output agree. Subtrees shared by
 * expanded aliases are sorted once and stay shared, so the copy is no larger than the IR.
 */
import * as deadline from './deadline';
import { compareCodePoints } from './format-options';
import { jsonKeyText } from './json-key-text';
import type { MapEntry, YDocument, YNode } from './types';

const { TICKS_PER_CHECK, checkDeadline } = deadline;

export function sortDocumentKeys(documents: YDocument[]): YDocument[] {
  const sorter = new KeySorter();
  return documents.map((doc) => (doc.contents === null ? doc : { ...doc, contents: sorter.node(doc.contents) }));
}

/** An alias used as a key (anchors kept) sorts by its text, `*name`. */
const aliasKey = (name: string) => `*${name}`;

class KeySorter {
  private readonly done = new Map<YNode, YNode>();
  private ticks = 0;

  node(node: YNode): YNode {
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
