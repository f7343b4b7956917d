// Where the nodes of a YAML stream start, for the pointers a validation asks about: a second pass
// over the text, run only when ajv found violations. The single-pass reader (lib/converter/yaml/fast)
// with a sink that records offsets reads what it read for the values; what it leaves to the
// reference path (tags, directives, explicit keys...) is walked on the `yaml` package's AST.
// Neither enters an alias or a merge: a violation inside an expanded alias is placed at the alias
// (`*x`), a property that came from a merge at its `<<` (see placeOf).
import { Alias, isMap, isScalar, isSeq, parseAllDocuments, type Node as YamlNode } from 'yaml';
import { jsonKeyText } from '@/lib/converter/json-key-text';
import { FastReader } from '@/lib/converter/yaml/fast/reader';
import type { FastSink } from '@/lib/converter/yaml/fast/sink';
import { isBail } from '@/lib/converter/bail';
import { resolvePlain } from '@/lib/converter/yaml/resolve-scalar';
import { childPointer, type PlaceIndex } from './pointer';

/** The JSON text of a plain key, as the converter writes it (`1`, `true`, `null`, `~` -> `null`). */
function plainKeyText(text: string): string {
  return jsonKeyText(resolvePlain(text, '1.2'));
}

interface Frame {
  /** This collection's pointer, or null when nothing under it is wanted. */
  pointer: string | null;
  index: number;
}

/** Records offsets for the wanted pointers of each document; skips everything under an unwanted node. */
class PlaceSink implements FastSink {
  readonly indexes: PlaceIndex[] = [];
  private index: PlaceIndex = new Map();
  private wanted: Set<string> = new Set();
  private frames: Frame[] = [];
  /** The pointer of the node about to start, when wanted. */
  private slot: string | null = null;

  /** Past the last document anything is wanted in, reading on finds nothing: the pass stops there. */
  private readonly lastWanted: number;

  constructor(private readonly wantedByDocument: ReadonlyArray<Set<string> | undefined>) {
    this.lastWanted = wantedByDocument.length - 1;
  }

  beginDocument(): void {
    this.index = new Map();
    this.wanted = this.wantedByDocument[this.indexes.length] ?? new Set();
    this.indexes.push(this.index);
    this.frames = [];
    this.slot = this.wanted.has('') ? '' : null;
  }
  endDocument(): void {
    if (this.indexes.length - 1 >= this.lastWanted) throw ENOUGH;
  }
  endStream(): void {}

  private node(start: number): void {
    const slot = this.slot;
    if (slot === null) return;
    const place = this.index.get(slot);
    if (place === undefined) this.index.set(slot, { value: start });
    else place.value = start;
  }

  private open(start: number): void {
    this.node(start);
    this.frames.push({ pointer: this.slot, index: -1 });
    this.slot = null;
  }

  private close(): void {
    this.frames.pop();
    this.slot = null;
  }

  beginMap(_anchor: string | null, start: number): void {
    this.open(start);
  }
  key(text: string, plain: boolean, _esc: boolean, start: number): void {
    const frame = this.frames[this.frames.length - 1]!;
    this.slot = null;
    if (frame.pointer === null) return;
    const pointer = childPointer(frame.pointer, plain ? plainKeyText(text) : text);
    if (!this.wanted.has(pointer)) return;
    // A key given again over a merged one: the explicit key is where the value comes from.
    this.index.set(pointer, { key: start, value: start });
    this.slot = pointer;
  }
  merge(_names: string[], _starts: number[], _ends: number[], keyStart: number): void {
    const frame = this.frames[this.frames.length - 1]!;
    this.slot = null;
    if (frame.pointer === null) return;
    const place = this.index.get(frame.pointer);
    if (place !== undefined && place.merge === undefined) place.merge = keyStart;
  }
  endMap(): void {
    this.close();
  }
  beginSeq(_anchor: string | null, start: number): void {
    this.open(start);
  }
  item(): void {
    const frame = this.frames[this.frames.length - 1]!;
    frame.index++;
    this.slot = null;
    if (frame.pointer === null) return;
    const pointer = childPointer(frame.pointer, frame.index);
    if (this.wanted.has(pointer)) this.slot = pointer;
  }
  endSeq(): void {
    this.close();
  }
  plain(_text: string, _esc: boolean, _anchor: string | null, start: number): void {
    this.node(start);
  }
  string(_text: string, _esc: boolean, _anchor: string | null, start: number): void {
    this.node(start);
  }
  empty(_anchor: string | null, at: number): void {
    this.node(at);
  }
  alias(_name: string, start: number): void {
    this.node(start);
  }
  flowComment(): void {}
  blockScalar(): void {}
}

/** Thrown by the sink once the documents with violations are read. */
const ENOUGH = Symbol('enough');

/** The places of the wanted pointers of each document of `input` (a stream the converter read without errors). */
export function yamlPlaces(input: string, wantedByDocument: ReadonlyArray<Set<string> | undefined>): PlaceIndex[] {
  const sink = new PlaceSink(wantedByDocument);
  try {
    new FastReader(input, sink).read();
    return sink.indexes;
  } catch (err) {
    if (err === ENOUGH) return sink.indexes;
    if (!isBail(err)) throw err;
  }
  return referencePlaces(input, wantedByDocument);
}

/** The same from the `yaml` package's AST (node ranges), for the YAML the single-pass reader leaves to it. */
function referencePlaces(input: string, wantedByDocument: ReadonlyArray<Set<string> | undefined>): PlaceIndex[] {
  const documents = parseAllDocuments(input, { merge: true, uniqueKeys: false });
  const list = Array.isArray(documents) ? documents : [];
  return list.map((document, i) => {
    const index: PlaceIndex = new Map();
    const wanted = wantedByDocument[i] ?? new Set<string>();
    const root = document.contents;
    if (root !== null && wanted.has('')) walk(root as YamlNode, '', index, wanted);
    return index;
  });
}

function walk(node: YamlNode, pointer: string, index: PlaceIndex, wanted: Set<string>): void {
  const place = index.get(pointer) ?? { value: node.range?.[0] ?? 0 };
  place.value = node.range?.[0] ?? place.value;
  index.set(pointer, place);
  if (node instanceof Alias) return;
  if (isMap(node)) {
    for (const pair of node.items) {
      const key = pair.key as YamlNode | null;
      const keyStart = key?.range?.[0] ?? place.value;
      if (isScalar(key) && key.type === 'PLAIN' && key.source === '<<') {
        place.merge ??= keyStart;
        continue;
      }
      const text = isScalar(key) ? (key.type === 'PLAIN' ? plainKeyText(String(key.source)) : String(key.value)) : JSON.stringify(key?.toJSON());
      const child = childPointer(pointer, text);
      if (!wanted.has(child)) continue;
      const value = pair.value as YamlNode | null;
      index.set(child, { key: keyStart, value: value?.range?.[0] ?? keyStart });
      if (value) walk(value, child, index, wanted);
    }
  } else if (isSeq(node)) {
    node.items.forEach((item, i) => {
      const child = childPointer(pointer, i);
      if (wanted.has(child) && item) walk(item as YamlNode, child, index, wanted);
    });
  }
}
