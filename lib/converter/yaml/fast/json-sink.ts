/**
 * Writes what the fast reader reads straight as JSON text, byte for byte what
 * writeJson(readYaml(...)) writes: two-space indentation, typed scalars with their exact
 * digits, aliases and merge keys expanded (from the JSON text kept for each anchor,
 * re-indented where it is reused), warnings for .inf/.nan. Bails on what the reference
 * treats as an error or a warning case (duplicate keys, keys with the same JSON text,
 * unknown or recursive aliases, merges of non-mappings) and near the safety limits.
 */
import * as limits from '../../limits';
import { utf8ByteLength } from '../../utf8';
import { type YamlVersion, resolvePlain } from '../resolve-scalar';
import { bail } from '../../bail';
import { plainScalarJson, plainScalarJson11 } from './plain-json';
import { Positions } from './positions';
import type { FastSink } from './sink';
import { TICKS_PER_CHECK, checkDeadline } from '../../deadline';

/* Read once: under a CommonJS transform (tsx, vitest) every use of an imported name is a getter call (see json-to-yaml-fast.ts). */
const { MAX_EXPANDED_DEPTH, MAX_OUTPUT_LENGTH, aliasExpansionBudget, scalarWeight: weight } = limits;

const MAP = 0;
const SEQ = 1;

/** Output is flushed into flat chunks of about this many characters. */
const FLUSH_LENGTH = 1 << 16;
/** Below this many keys, duplicates are looked for by scanning (cheaper than a Set for most mappings). */
const KEY_SCAN_LIMIT = 24;

/** The JSON text of an anchored node, and what merging and expanding it needs. */
interface AnchorRecord {
  done: boolean;
  isMap: boolean;
  text: string;
  /** Indentation level the text was written at. */
  level: number;
  /** Nodes in the expanded subtree (never fewer than the reference counts). */
  size: number;
  height: number;
  /** For a mapping: its final entries (quoted key, key identity, value JSON written at `level` + 1, sizes, heights). */
  keys: string[] | null;
  ids: string[] | null;
  values: string[] | null;
  sizes: number[] | null;
  heights: number[] | null;
  /** `text` re-indented for other levels. */
  byLevel: (string | undefined)[] | null;
  /** `values` re-indented for mappings at other levels (merges). */
  valuesByLevel: (string[] | undefined)[] | null;
}

class Frame {
  kind = MAP;
  level = 0;
  /** Members written straight to the output. */
  count = 0;
  size = 1;
  height = 1;
  /** What the current key weighs (limits.ts scalarWeight; never less than the reference's). */
  keyWeight = 1;
  /** Mapping: the anchors merged into it so far (one merged again adds nothing). */
  merged: Set<AnchorRecord> | null = null;
  /** Key identities (JSON key text) so far, explicit and merged. */
  ids: string[] = [];
  idSet: Set<string> | null = null;
  /** Numeric values of explicit number keys (the `yaml` package's duplicate check compares values). */
  nums: number[] = [];
  numSet: Set<number> | null = null;
  /** Members held back (after a merge, or for an anchored mapping), written at the end. */
  buffered = false;
  bufKeys: string[] = [];
  bufIds: string[] = [];
  bufValues: string[] = [];
  bufSizes: number[] = [];
  bufHeights: number[] = [];
  /** Buffered slots filled by a merge, which an explicit key may still override. */
  bufMerged: boolean[] = [];
  /** id -> slot, built once the buffer is long. */
  slotOf: Map<string, number> | null = null;
  /** The buffers went to an anchor record: new ones for the next use of this frame. */
  given = false;
  slot = -1;
  /** The output set aside while a value (or an anchored sequence) is captured. */
  savedOut = '';
  capturing = false;
  anchor: AnchorRecord | null = null;

  reset(kind: number, level: number): void {
    this.kind = kind;
    this.level = level;
    this.count = 0;
    this.size = 1;
    this.height = 1;
    this.merged = null;
    if (this.ids.length > 0) this.ids.length = 0;
    this.idSet = null;
    if (this.nums.length > 0) this.nums.length = 0;
    this.numSet = null;
    this.buffered = false;
    this.slotOf = null;
    this.slot = -1;
    this.savedOut = '';
    this.capturing = false;
    this.anchor = null;
  }

  startBuffering(): void {
    this.buffered = true;
    if (this.given) {
      this.bufKeys = [];
      this.bufIds = [];
      this.bufValues = [];
      this.bufSizes = [];
      this.bufHeights = [];
      this.bufMerged = [];
      this.given = false;
    } else {
      this.bufKeys.length = 0;
      this.bufIds.length = 0;
      this.bufValues.length = 0;
      this.bufSizes.length = 0;
      this.bufHeights.length = 0;
      this.bufMerged.length = 0;
    }
  }

  /** Adds a buffered member; returns its slot. */
  addSlot(id: string, key: string, value: string, size: number, height: number, merged: boolean): number {
    const slot = this.bufIds.length;
    this.bufIds.push(id);
    this.bufKeys.push(key);
    this.bufValues.push(value);
    this.bufSizes.push(size);
    this.bufHeights.push(height);
    this.bufMerged.push(merged);
    if (this.slotOf !== null) this.slotOf.set(id, slot);
    else if (slot >= KEY_SCAN_LIMIT) this.slotOf = new Map(this.bufIds.map((k, i) => [k, i]));
    return slot;
  }

  slotFor(id: string): number {
    return this.slotOf !== null ? (this.slotOf.get(id) ?? -1) : this.bufIds.indexOf(id);
  }

  hasId(id: string): boolean {
    if (this.idSet !== null) return this.idSet.has(id);
    const ids = this.ids;
    for (let i = 0; i < ids.length; i++) if (ids[i] === id) return true;
    return false;
  }

  addId(id: string): void {
    if (this.idSet !== null) this.idSet.add(id);
    else {
      this.ids.push(id);
      if (this.ids.length > KEY_SCAN_LIMIT) this.idSet = new Set(this.ids);
    }
  }

  /** Adds a number key's value; false when an equal one is there already. */
  addNum(n: number): boolean {
    if (this.numSet !== null) {
      if (this.numSet.has(n)) return false;
      this.numSet.add(n);
      return true;
    }
    const nums = this.nums;
    for (let i = 0; i < nums.length; i++) if (nums[i] === n || (n !== n && nums[i] !== nums[i])) return false;
    nums.push(n);
    if (nums.length > KEY_SCAN_LIMIT) this.numSet = new Set(nums);
    return true;
  }
}

function isSpecialStart(c: number): boolean {
  // The first characters of null, bool and number forms (resolvePlain's fast exit, YAML 1.2).
  return (
    (c >= 48 && c <= 57) || c === 43 || c === 45 || c === 46 || c === 126 || c === 110 || c === 78 || c === 116 || c === 84 || c === 102 || c === 70
  );
}

/** Under YAML 1.1 also `yes`, `on`, `off` (and their case variants) are booleans. */
function isSpecialStart11(c: number): boolean {
  return isSpecialStart(c) || c === 121 || c === 89 || c === 111 || c === 79; // y Y o O
}

/**
 * A plain scalar starting like a null, bool or number form that is none of them: a word
 * such as `name` or `timeout` (only the exact core words are null or bool).
 */
function isPlainWord(s: string): boolean {
  switch (s.charCodeAt(0)) {
    case 110: // n
    case 78: // N
      return !(s === 'null' || s === 'Null' || s === 'NULL');
    case 116: // t
    case 84: // T
      return !(s === 'true' || s === 'True' || s === 'TRUE');
    case 102: // f
    case 70: // F
      return !(s === 'false' || s === 'False' || s === 'FALSE');
  }
  return false;
}

function quote(text: string, esc: boolean): string {
  return esc ? JSON.stringify(text) : '"' + text + '"';
}

export interface JsonSinkResult {
  output: string;
  outputBytes: number;
  warnings: string[];
}

export class JsonSink implements FastSink {
  readonly warnings: string[] = [];
  /** Output not flushed yet (V8 builds it as a rope; flushing flattens it). */
  private out = '';
  /** Flushed output: flat chunks, joined as a rope at the end (never flattened here: that would copy it). */
  private chunks: string[] = [];
  private doneLength = 0;
  private doneBytes = 0;
  private captureDepth = 0;
  private readonly frames: Frame[] = [];
  private depth = 0;
  private level = 0;
  private docLevel = 0;
  private docIndex = 0;
  private anchors = new Map<string, AnchorRecord>();
  private expanded = 0;
  /** Turns since the deadline was last checked (TICKS_PER_CHECK). */
  private ticks = 0;
  private readonly budget: number;
  private readonly indents: string[] = ['\n'];
  private readonly positions: Positions;
  private readonly onSpecial: (text: string) => void;
  private specialAt = 0;
  /** yamlVersion "1.1": plain scalars typed as PyYAML types them (the 1.2 shortcuts are skipped). */
  private readonly yaml11: boolean;
  private readonly version: YamlVersion;

  constructor(src: string, version: YamlVersion = '1.2') {
    this.version = version;
    this.yaml11 = version === '1.1';
    this.budget = aliasExpansionBudget(src.length);
    this.positions = new Positions(src);
    this.onSpecial = (text) => this.specialWarning(text, this.specialAt);
  }

  result(): JsonSinkResult {
    this.flush();
    const chunks = this.chunks;
    let output = chunks.length === 0 ? '' : chunks[0]!;
    for (let i = 1; i < chunks.length; i++) output += chunks[i]!;
    return { output, outputBytes: this.doneBytes, warnings: this.warnings };
  }

  /* stream ------------------------------------------------------------------ */

  beginDocument(): void {
    this.anchors = new Map();
    if (this.docIndex === 1) {
      // A second document: the output becomes an array, the first document one level deeper.
      this.flush();
      const shift = this.indent(1);
      this.doneBytes = 0;
      this.doneLength = 0;
      this.chunks = this.chunks.map((c, i) => {
        const moved = (i === 0 ? '[' + shift : '') + c.replaceAll('\n', shift);
        this.doneLength += moved.length;
        this.doneBytes += utf8ByteLength(moved);
        return moved;
      });
      if (this.chunks.length === 0) this.write('[' + shift);
      this.docLevel = 1;
    }
    if (this.docIndex > 0) this.write(',' + this.indent(1));
    this.level = this.docLevel;
  }

  endDocument(): void {
    this.docIndex++;
    this.flushIfLong();
  }

  endStream(): void {
    this.write(this.docIndex === 0 ? 'null\n' : this.docLevel === 0 ? '\n' : '\n]\n');
  }

  /* collections --------------------------------------------------------------- */

  private push(kind: number): Frame {
    if (this.depth === this.frames.length) this.frames.push(new Frame());
    const f = this.frames[this.depth++]!;
    f.reset(kind, this.level);
    this.level++;
    return f;
  }

  private anchorRecord(name: string, isMap: boolean): AnchorRecord {
    const rec: AnchorRecord = {
      done: false,
      isMap,
      text: '',
      level: 0,
      size: 0,
      height: 0,
      keys: null,
      ids: null,
      values: null,
      sizes: null,
      heights: null,
      byLevel: null,
      valuesByLevel: null,
    };
    // Set now, like the reference: an alias inside the node is recursive, and a later
    // anchor of the same name inside it wins over this one.
    this.anchors.set(name, rec);
    return rec;
  }

  beginMap(anchor: string | null): void {
    const f = this.push(MAP);
    if (anchor !== null) {
      f.anchor = this.anchorRecord(anchor, true);
      f.startBuffering();
    }
  }

  key(text: string, plain: boolean, esc: boolean, start: number): void {
    const f = this.frames[this.depth - 1]!;
    let id = text;
    let num = 0;
    let isNum = false;
    const c = text.charCodeAt(0);
    if (plain && text.length > 0 && (this.yaml11 ? isSpecialStart11(c) : isSpecialStart(c) && !isPlainWord(text))) {
      const node = resolvePlain(text, this.version);
      switch (node.kind) {
        case 'number':
          id = node.text;
          isNum = true;
          // Longer numbers may compare differently in the `yaml` package: left to it.
          if (id.length > 15) bail('long number key');
          if (node.special === true) {
            num = id === '.nan' ? NaN : id === '.inf' ? Infinity : -Infinity;
            this.specialWarning(id, start);
          } else num = Number(id);
          esc = false;
          break;
        case 'bool':
          id = node.value ? 'true' : 'false';
          esc = false;
          break;
        case 'null':
          id = 'null';
          esc = false;
          break;
      }
    }
    let override = -1;
    if (f.hasId(id)) {
      // Only a key that came from a merge may be given again (explicit keys win over merged ones).
      override = f.buffered ? f.slotFor(id) : -1;
      if (override === -1 || !f.bufMerged[override]) bail('duplicate key');
      f.bufMerged[override] = false;
    } else f.addId(id);
    if (isNum && !f.addNum(num)) bail('equal number keys');
    f.keyWeight = weight(text.length);

    if (f.buffered) {
      f.slot = override !== -1 ? override : f.addSlot(id, quote(id, esc), '', 0, 0, false);
      f.savedOut = this.out;
      this.out = '';
      f.capturing = true;
      this.captureDepth++;
      return;
    }
    this.out += f.count === 0 ? '{' : ',';
    this.out += this.indent(f.level + 1);
    if (esc) {
      this.out += JSON.stringify(id);
      this.out += ': ';
    } else {
      this.out += '"';
      this.out += id;
      this.out += '": ';
    }
    f.count++;
  }

  merge(names: string[]): void {
    const f = this.frames[this.depth - 1]!;
    const sources: AnchorRecord[] = [];
    for (let i = 0; i < names.length; i++) {
      const rec = this.anchors.get(names[i]!);
      if (rec === undefined) bail('unknown alias');
      if (!rec.done) bail('recursive alias');
      if (!rec.isMap) bail('merge of a non-mapping');
      sources.push(rec);
    }
    if (!f.buffered) f.startBuffering();
    for (const rec of sources) {
      if (this.depth + rec.height > MAX_EXPANDED_DEPTH) bail('deep alias');
      const merged = (f.merged ??= new Set());
      if (merged.has(rec)) continue;
      merged.add(rec);
      const ids = rec.ids!;
      const values = this.valuesAt(rec, f.level);
      for (let i = 0; i < ids.length; i++) {
        const id = ids[i]!;
        if (f.hasId(id)) {
          this.count(1);
          continue;
        }
        f.addId(id);
        const size = rec.sizes![i]!;
        f.addSlot(id, rec.keys![i]!, values[i]!, size, rec.heights![i]!, true);
        f.size += size;
        this.count(size);
      }
      if (rec.height > f.height) f.height = rec.height;
    }
  }

  endMap(): void {
    const f = this.frames[--this.depth]!;
    this.level = f.level;
    let text: string;
    if (f.buffered) {
      const n = f.bufKeys.length;
      if (n === 0) text = f.count === 0 ? '{}' : this.indent(f.level) + '}';
      else {
        const ind = this.indent(f.level + 1);
        text = (f.count === 0 ? '{' : ',') + ind + f.bufKeys[0] + ': ' + f.bufValues[0];
        for (let i = 1; i < n; i++) text += ',' + ind + f.bufKeys[i] + ': ' + f.bufValues[i];
        text += this.indent(f.level) + '}';
      }
      const rec = f.anchor;
      if (rec !== null) {
        rec.text = text;
        rec.level = f.level;
        rec.size = f.size;
        rec.height = f.height;
        rec.keys = f.bufKeys;
        rec.ids = f.bufIds;
        rec.values = f.bufValues;
        rec.sizes = f.bufSizes;
        rec.heights = f.bufHeights;
        rec.done = true;
        f.given = true;
      }
    } else text = f.count === 0 ? '{}' : this.indent(f.level) + '}';
    this.write(text);
    this.valueDone(f.size, f.height);
  }

  beginSeq(anchor: string | null): void {
    const f = this.push(SEQ);
    if (anchor !== null) {
      f.anchor = this.anchorRecord(anchor, false);
      f.savedOut = this.out;
      this.out = '';
      f.capturing = true;
      this.captureDepth++;
    }
  }

  item(): void {
    const f = this.frames[this.depth - 1]!;
    this.out += f.count === 0 ? '[' : ',';
    this.out += this.indent(f.level + 1);
    f.count++;
  }

  endSeq(): void {
    const f = this.frames[--this.depth]!;
    this.level = f.level;
    this.write(f.count === 0 ? '[]' : this.indent(f.level) + ']');
    const rec = f.anchor;
    if (rec !== null) {
      const text = this.out;
      this.out = f.savedOut;
      this.out += text;
      this.captureDepth--;
      rec.text = text;
      rec.level = f.level;
      rec.size = f.size;
      rec.height = f.height;
      rec.done = true;
    }
    this.valueDone(f.size, f.height);
  }

  /* scalars ----------------------------------------------------------------- */

  plain(text: string, esc: boolean, anchor: string | null, start: number): void {
    const c = text.charCodeAt(0);
    if (anchor === null && !esc && !(this.yaml11 ? isSpecialStart11(c) : isSpecialStart(c))) {
      // The common case: a word, written as a JSON string without building one.
      this.out += '"';
      this.out += text;
      this.out += '"';
      this.valueDone(weight(text.length), 0);
      return;
    }
    this.specialAt = start;
    this.scalar(this.yaml11 ? plainScalarJson11(text, esc, this.onSpecial) : plainScalarJson(text, esc, this.onSpecial), anchor);
  }

  string(text: string, esc: boolean, anchor: string | null): void {
    if (anchor === null && !esc) {
      this.out += '"';
      this.out += text;
      this.out += '"';
      this.valueDone(weight(text.length), 0);
      return;
    }
    this.scalar(quote(text, esc), anchor);
  }

  empty(anchor: string | null): void {
    this.scalar('null', anchor);
  }

  private scalar(json: string, anchor: string | null): void {
    this.write(json);
    if (anchor !== null) {
      const rec = this.anchorRecord(anchor, false);
      rec.text = json;
      rec.size = weight(json.length);
      rec.done = true;
    }
    this.valueDone(weight(json.length), 0);
  }

  alias(name: string): void {
    const rec = this.anchors.get(name);
    if (rec === undefined) bail('unknown alias');
    if (!rec.done) bail('recursive alias');
    if (this.depth + rec.height > MAX_EXPANDED_DEPTH) bail('deep alias');
    this.count(rec.size);
    this.write(this.reindented(rec, this.level));
    this.valueDone(rec.size, rec.height);
  }

  /** The values of an anchored mapping's entries, for a mapping at `level`. */
  private valuesAt(rec: AnchorRecord, level: number): string[] {
    if (level === rec.level) return rec.values!;
    const cache = (rec.valuesByLevel ??= []);
    let values = cache[level];
    if (values === undefined) {
      const shift = level - rec.level;
      values = rec.values!.map((v) => reindent(v, shift, this));
      cache[level] = values;
    }
    return values;
  }

  flowComment(): void {}

  blockScalar(): void {}

  private reindented(rec: AnchorRecord, level: number): string {
    if (level === rec.level || rec.height === 0) return rec.text;
    const cache = (rec.byLevel ??= []);
    let t = cache[level];
    if (t === undefined) {
      t = reindent(rec.text, level - rec.level, this);
      cache[level] = t;
    }
    return t;
  }

  /* bookkeeping ---------------------------------------------------------------- */

  private valueDone(size: number, height: number): void {
    if (++this.ticks === TICKS_PER_CHECK) {
      this.ticks = 0;
      checkDeadline();
    }
    if (this.depth === 0) return;
    const f = this.frames[this.depth - 1]!;
    if (f.kind === MAP) {
      f.size += f.keyWeight + size;
      if (f.capturing) {
        f.bufValues[f.slot] = this.out;
        this.out = f.savedOut;
        f.bufSizes[f.slot] = f.keyWeight + size;
        f.bufHeights[f.slot] = height;
        f.capturing = false;
        this.captureDepth--;
      }
    } else f.size += size;
    if (height + 1 > f.height) f.height = height + 1;
    this.flushIfLong();
  }

  /** Counts nodes added by aliases and merges against the budget; over it, the reference decides. */
  private count(n: number): void {
    checkDeadline();
    this.expanded += n;
    if (this.expanded > this.budget) bail('alias expansion budget');
  }

  private specialWarning(text: string, start: number): void {
    this.warnings.push(`${text} at ${this.positions.where(start)} has no JSON form; it became the string "${text}".`);
  }

  indent(level: number): string {
    const indents = this.indents;
    while (indents.length <= level) indents.push(indents[indents.length - 1]! + '  ');
    return indents[level]!;
  }

  private write(s: string): void {
    this.out += s;
  }

  private flushIfLong(): void {
    if (this.captureDepth === 0 && this.out.length > FLUSH_LENGTH) this.flush();
  }

  private flush(): void {
    const chunk = this.out;
    if (chunk.length === 0) return;
    chunk.charCodeAt(0); // flattens the chunk
    this.out = '';
    this.doneLength += chunk.length;
    if (this.doneLength > MAX_OUTPUT_LENGTH) bail('output too long');
    this.doneBytes += utf8ByteLength(chunk);
    this.chunks.push(chunk);
  }
}

/** JSON text written at one level, moved `shift` levels deeper (or shallower). */
function reindent(text: string, shift: number, sink: JsonSink): string {
  if (shift === 0) return text;
  if (shift > 0) return text.replaceAll('\n', sink.indent(shift));
  return text.replaceAll(sink.indent(-shift), '\n');
}
