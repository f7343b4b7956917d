import { jsonKeyText } from '../json-key-text';
import type { MapEntry, MapNode, SeqNode, YDocument, YNode } from '../types';
import * as deadline from '../deadline';

/* Read once: under a CommonJS transform (tsx, vitest) each use of an imported name is a getter call. */
const { TICKS_PER_CHECK, checkDeadline } = deadline;

export interface WriteJsonOptions {
  /** Write JSONC: comments as `//` lines before the key or element, end-of-line comments at the end of the line. */
  comments: boolean;
  /** Called for things the output cannot say exactly (two keys with the same string form). */
  onWarning?: (message: string) => void;
  /** Spaces per level (default 2). */
  indent?: number;
  /** One line, no white space at all (comments must be off: they need lines). */
  compact?: boolean;
  /** With `comments`: the comments of a stream with no document (readYaml's `streamComments`), before its `null`. */
  streamComments?: string[];
}

/**
 * Writes documents as JSON text with two-space indentation (or `indent`, or compact) and a final newline:
 * no document -> `null`, one -> its value, several -> an array of them.
 */
export function writeJson(documents: YDocument[], options: WriteJsonOptions): string {
  const layout = options.compact === true ? COMPACT : options.indent === undefined || options.indent === 2 ? PRETTY : prettyLayout(options.indent);
  const writer = new JsonWriter(options.comments, options.onWarning, layout);
  if (options.comments && documents.length === 0) writer.streamComments(options.streamComments);
  return writer.write(documents);
}

/** Below this many entries, keys are compared pairwise to find duplicates instead of through a Set. */
const PAIRWISE_KEY_CHECK = 8;

const FLUSH_LENGTH = 1 << 16;

/** The white space between tokens: a line break and indentation per level, and after a key's colon. */
interface Layout {
  /** One level of indentation (empty when compact). */
  unit: string;
  /** What starts a new line (empty when compact). */
  newline: string;
  /** After `"key":`. */
  colon: string;
}

function prettyLayout(indent: number): Layout {
  return { unit: ' '.repeat(indent), newline: '\n', colon: ': ' };
}
const PRETTY = prettyLayout(2);
const COMPACT: Layout = { unit: '', newline: '', colon: ':' };

/** The entries of a map as written: one per distinct key string, at the first key's place, with the last value. */
interface Members {
  keys: string[];
  values: YNode[];
}

class JsonWriter {
  /** Turns since the deadline was last checked (TICKS_PER_CHECK). */
  private ticks = 0;
  /** The output being built; flushed into `done` in flat chunks (see `flushIfLong`). */
  private out = '';
  private readonly done: string[] = [];
  /** `indents[n]` is a line break followed by n levels of indentation (empty strings when compact). */
  private readonly indents: string[];

  constructor(
    /** Write comments (off while writing inside an expanded alias: see YNode `expanded`). */
    private comments: boolean,
    private readonly onWarning: ((message: string) => void) | undefined,
    private readonly layout: Layout,
  ) {
    this.indents = [layout.newline];
  }

  /** The comment lines of a stream that holds no document. */
  streamComments(lines: string[] | undefined): void {
    this.commentLines(lines, '', '\n');
  }

  write(documents: YDocument[]): string {
    if (documents.length === 0) {
      this.out += 'null\n';
      return this.finish();
    }
    const c = this.comments;
    if (documents.length === 1) {
      const doc = documents[0]!;
      if (c) this.commentLines(doc.comments?.before, '', '\n');
      this.value(doc.contents, 0);
      if (c) this.trailingAfterInline(doc.contents);
      this.out += '\n';
      if (c) this.commentLines(doc.comments?.after, '', '\n');
      return this.finish();
    }
    const ind = this.indent(1);
    this.out += '[';
    for (let i = 0; i < documents.length; i++) {
      const doc = documents[i]!;
      if (c) this.commentLines(doc.comments?.before, ind, '');
      this.out += ind;
      this.value(doc.contents, 1);
      if (i < documents.length - 1) this.out += ',';
      if (c) {
        this.trailingAfterInline(doc.contents);
        this.commentLines(doc.comments?.after, ind, '');
      }
    }
    this.out += this.layout.newline + ']\n';
    return this.finish();
  }

  private value(node: YNode | null, level: number): void {
    if (++this.ticks === TICKS_PER_CHECK) {
      this.ticks = 0;
      checkDeadline();
    }
    if (node === null) {
      this.out += 'null';
      return;
    }
    switch (node.kind) {
      case 'string':
        this.out += JSON.stringify(node.value);
        return;
      case 'number':
        this.out += node.special === true ? JSON.stringify(node.text) : node.text;
        return;
      case 'bool':
        this.out += node.value ? 'true' : 'false';
        return;
      case 'null':
        this.out += 'null';
        return;
      case 'seq':
        this.seq(node, level);
        return;
      case 'map':
        this.map(node, level);
        return;
      case 'alias':
        throw aliasError(node.name);
    }
  }

  private seq(node: SeqNode, level: number): void {
    if (node.items.length === 0 && !(this.comments && hasLines(node.endComments))) {
      this.out += '[]';
      return;
    }
    this.entries(node, null, node.items, level);
  }

  private map(node: MapNode, level: number): void {
    if (node.entries.length === 0 && !(this.comments && hasLines(node.endComments))) {
      this.out += '{}';
      return;
    }
    const { keys, values } = this.members(node.entries);
    this.entries(node, keys, values, level);
  }

  /**
   * An array (`keys` null) or an object, not empty or with end comments: the opening bracket
   * and its end-of-line comment, one line per entry (comment lines above it, its comma, its
   * end-of-line comment), the end comments, the closing bracket on a line of its own.
   */
  private entries(node: SeqNode | MapNode, keys: string[] | null, values: YNode[], level: number): void {
    const outer = this.comments;
    const n = values.length;
    const ind = this.indent(level + 1);
    this.out += keys === null ? '[' : '{';
    if (outer) this.trailing(node);
    // Inside an expanded alias, the comments are the anchored node's: written there only.
    const c = outer && node.expanded !== true;
    this.comments = c;
    for (let i = 0; i < n; i++) {
      const value = values[i]!;
      if (c) this.commentLines(value.comments?.before, ind, '');
      this.out += keys === null ? ind : ind + JSON.stringify(keys[i]) + this.layout.colon;
      this.value(value, level + 1);
      if (i < n - 1) this.out += ',';
      if (c) this.trailingAfterInline(value);
      this.flushIfLong();
    }
    if (c && node.endComments !== undefined) this.commentLines(node.endComments, ind, '');
    this.comments = outer;
    this.out += this.indent(level) + (keys === null ? ']' : '}');
  }

  /** Key strings and values of a map, merging entries whose keys have the same string form. */
  private members(entries: MapEntry[]): Members {
    const n = entries.length;
    const keys = new Array<string>(n);
    const values = new Array<YNode>(n);
    for (let i = 0; i < n; i++) {
      const e = entries[i]!;
      keys[i] = jsonKeyText(e.key);
      values[i] = e.value;
    }
    if (!hasDuplicate(keys)) return { keys, values };

    const firstIndex = new Map<string, number>();
    const outKeys: string[] = [];
    const outValues: YNode[] = [];
    const warned = new Set<string>();
    for (let i = 0; i < n; i++) {
      const k = keys[i]!;
      const at = firstIndex.get(k);
      if (at === undefined) {
        firstIndex.set(k, outKeys.length);
        outKeys.push(k);
        outValues.push(values[i]!);
      } else {
        outValues[at] = values[i]!;
        if (!warned.has(k)) {
          warned.add(k);
          this.onWarning?.(
            `Two or more keys of one mapping become the same JSON key ${JSON.stringify(k)}; only the last value is kept, at the first key's place.`,
          );
        }
      }
    }
    return { keys: outKeys, values: outValues };
  }

  /** The end-of-line comment of a collection, after its opening bracket. */
  private trailing(node: YNode): void {
    const t = node.comments?.trailing;
    if (t !== undefined) this.out += ' ' + commentText(t.replace(/[\r\n]+/g, ' '));
  }

  /** The end-of-line comment of a value written on one line (a scalar or an empty collection). */
  private trailingAfterInline(node: YNode | null): void {
    if (node === null) return;
    if (
      (node.kind === 'seq' && (node.items.length > 0 || hasLines(node.endComments))) ||
      (node.kind === 'map' && (node.entries.length > 0 || hasLines(node.endComments)))
    ) {
      return;
    }
    this.trailing(node);
  }

  /** Writes each comment line as `<prefix>// text<suffix>`. */
  private commentLines(lines: string[] | undefined, prefix: string, suffix: string): void {
    if (lines === undefined) return;
    for (const entry of lines) {
      for (const line of entry.split(/\r\n|\r|\n/)) this.out += prefix + commentText(line) + suffix;
    }
  }

  /**
   * A string built by many `+=` is a tree of small pieces that the GC must trace and copy
   * until it is flattened; flattening it every 64K characters keeps the heap small.
   */
  private flushIfLong(): void {
    if (this.out.length > FLUSH_LENGTH) {
      const chunk = this.out;
      chunk.charCodeAt(0); // flattens the chunk
      this.done.push(chunk);
      this.out = '';
    }
  }

  private finish(): string {
    this.done.push(this.out);
    return this.done.join('');
  }

  private indent(level: number): string {
    const indents = this.indents;
    while (indents.length <= level) indents.push(indents[indents.length - 1]! + this.layout.unit);
    return indents[level]!;
  }
}

function hasLines(lines: string[] | undefined): boolean {
  return lines !== undefined && lines.length > 0;
}

/** `//` and the text as the IR keeps it (what followed the source's `#` or `//`). */
function commentText(text: string): string {
  return '//' + text;
}

function hasDuplicate(keys: string[]): boolean {
  const n = keys.length;
  if (n < 2) return false;
  if (n <= PAIRWISE_KEY_CHECK) {
    for (let i = 1; i < n; i++) {
      const k = keys[i];
      for (let j = 0; j < i; j++) if (keys[j] === k) return true;
    }
    return false;
  }
  return new Set(keys).size !== n;
}

function aliasError(name: string): Error {
  return new Error(`writeJson: alias *${name} reached the JSON writer; aliases must be expanded before writing JSON.`);
}
