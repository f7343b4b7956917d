// JSON Pointers (RFC 6901) and the source positions of the nodes they name. A position index is
// built only for the pointers a validation asked about (and their ancestors), after ajv found
// violations: a valid document never pays for it.

/** One segment, escaped (`~` -> `~0`, `/` -> `~1`). */
export function escapeSegment(segment: string): string {
  return segment.indexOf('~') === -1 && segment.indexOf('/') === -1 ? segment : segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** `parent` + one segment. */
export function childPointer(parent: string, segment: string | number): string {
  return `${parent}/${typeof segment === 'number' ? segment : escapeSegment(segment)}`;
}

/** `/a/b/0` -> `/a/b`; `` has no parent (null). */
export function parentPointer(pointer: string): string | null {
  if (pointer === '') return null;
  return pointer.slice(0, pointer.lastIndexOf('/'));
}

/** Where a node starts in the source (UTF-16 offsets): its key when it is a property, its value. */
export interface NodePlace {
  /** The key's start, for a property of an object. */
  key?: number;
  /** The value's start (for an alias: the alias itself). */
  value: number;
  /** For an object with merge keys (`<<: *base`): where the first `<<` starts; merged properties are reported there. */
  merge?: number;
}

/** The places of one document's nodes, by pointer: only the pointers asked for and their ancestors. */
export type PlaceIndex = Map<string, NodePlace>;

/** Every pointer that must be indexed so that each of `pointers` (or its nearest indexed ancestor) is found. */
export function wantedPointers(pointers: Iterable<string>): Set<string> {
  const wanted = new Set<string>();
  for (const pointer of pointers) {
    for (let p: string | null = pointer; p !== null && !wanted.has(p); p = parentPointer(p)) wanted.add(p);
  }
  return wanted;
}

/** 1-based line and column (UTF-16 units) of offsets, by binary search over the line starts. */
export class LineIndex {
  private readonly starts: number[] = [0];

  constructor(text: string) {
    for (let nl = text.indexOf('\n'); nl !== -1; nl = text.indexOf('\n', nl + 1)) this.starts.push(nl + 1);
  }

  at(offset: number): { line: number; column: number } {
    const starts = this.starts;
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (starts[mid]! <= offset) low = mid;
      else high = mid - 1;
    }
    return { line: low + 1, column: offset - starts[low]! + 1 };
  }
}

/** How a violation is placed: at the node's key (a missing or extra property's object, an extra key), or at its value. */
export type Anchor = 'key' | 'value';

/**
 * The offset a violation at `pointer` is reported at. A pointer not in the index (inside an alias's
 * or a merge's expansion, which the index does not enter) is reported at its nearest indexed
 * ancestor: the alias `*x` or the `<<` that brought the value here, which is where this occurrence is.
 */
export function placeOf(index: PlaceIndex, pointer: string, anchor: Anchor): number {
  const found = index.get(pointer);
  if (found !== undefined) return anchor === 'key' && found.key !== undefined ? found.key : found.value;
  for (let child = pointer, p = parentPointer(pointer); p !== null; child = p, p = parentPointer(p)) {
    const ancestor = index.get(p);
    if (ancestor === undefined) continue;
    // A direct child missing from an object with merge keys came from the merge.
    if (ancestor.merge !== undefined && parentPointer(child) === p) return ancestor.merge;
    return ancestor.value;
  }
  return 0;
}
