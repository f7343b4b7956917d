/**
 * What both YAML readers (read-yaml.ts's IrReader and the fast reader's ir-sink.ts) build a
 * node into, and how they put comments on it: one definition, so the two cannot drift.
 */
import type { MapEntry, NodeComments, YDocument, YNode } from '../types';

/** An IR node as built, with what the alias budget and the depth checks need. */
export interface Built {
  ir: YNode;
  /** Nodes in the fully expanded tree rooted here. */
  size: number;
  /** Levels of nesting below this node once expanded (0 for a scalar). */
  height: number;
}

/**
 * What an alias expands to where comments are kept: the anchored node as a copy without its
 * comments, marked `expanded` so that writers skip the comments inside it (written once, at
 * the anchor).
 */
export function expandedCopy(b: Built): Built {
  return { ir: expandedNode(b.ir), size: b.size, height: b.height };
}

/**
 * `node` without its comments, marked `expanded` (see expandedCopy); a scalar with no
 * comments as it is (nothing in it to skip). Built field by field: a spread with a rest
 * pattern cost merge-heavy documents (Compose) half their speed.
 */
export function expandedNode(node: YNode): YNode {
  let copy: YNode;
  switch (node.kind) {
    case 'map':
      copy = node.flow === true ? { kind: 'map', entries: node.entries, flow: true } : { kind: 'map', entries: node.entries };
      break;
    case 'seq':
      copy = node.flow === true ? { kind: 'seq', items: node.items, flow: true } : { kind: 'seq', items: node.items };
      break;
    default:
      if (node.comments === undefined) return node;
      copy = { ...node };
      copy.comments = undefined;
  }
  if (node.anchor !== undefined) copy.anchor = node.anchor;
  if (node.tag !== undefined) copy.tag = node.tag;
  copy.expanded = true;
  return copy;
}

/** A merged entry where comments are kept: `e` with its key and value as expandedNode gives them (`e` itself when both are). */
export function expandedEntry(e: MapEntry): MapEntry {
  const key = expandedNode(e.key);
  const value = expandedNode(e.value);
  return key === e.key && value === e.value ? e : { key, value };
}

/**
 * `b` with the comments before it and the one after it on its line. A `shared` node (an
 * alias's target, used elsewhere too) gets them on a copy; any other is changed in place.
 */
export function withComments(b: Built, shared: boolean, before?: string[], trailing?: string): Built {
  if (!before && trailing === undefined) return b;
  const comments: NodeComments = { ...b.ir.comments };
  if (before) comments.before = [...before, ...(comments.before ?? [])];
  if (trailing !== undefined) comments.trailing = trailing;
  if (shared) return { ir: { ...b.ir, comments }, size: b.size, height: b.height };
  b.ir.comments = comments;
  return b;
}

/**
 * Comments no document took (those of a stream that is only comments, or after a last `...`):
 * the last document's end comments, or, with no document, the stream's (returned).
 */
export function placeLeftoverComments(documents: YDocument[], leftover: string[] | undefined): string[] | undefined {
  if (leftover === undefined) return undefined;
  const last = documents[documents.length - 1];
  if (last === undefined) return leftover;
  const comments = (last.comments ??= {});
  comments.after = [...(comments.after ?? []), ...leftover];
  return undefined;
}
