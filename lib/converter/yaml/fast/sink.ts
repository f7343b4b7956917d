/**
 * What the fast reader reports while it reads, in document order. A sink turns it into
 * JSON text (json-sink.ts) or into the IR (ir-sink.ts). Offsets are UTF-16 indexes into
 * the input. A sink may bail (throw a Bail) on anything it cannot reproduce exactly.
 */
import type { BlockScalarStyle } from '../../types';

export interface FastSink {
  /** `start`: the `---` marker, or the first content of a document without one. */
  beginDocument(start: number, explicit: boolean): void;
  endDocument(end: number): void;
  endStream(): void;

  beginMap(anchor: string | null, start: number): void;
  /** A key: `plain` keys are typed by the schema (`1`, `true`, `null`); quoted ones are strings. */
  key(text: string, plain: boolean, esc: boolean, start: number, end: number): void;
  /** `<<: *a` / `<<: [*a, *b]`: the aliases, in order; `listEnd`: after the `]` (-1: a single alias). */
  merge(names: string[], starts: number[], ends: number[], keyStart: number, listEnd: number): void;
  /** `end`: where the last entry's value ends (its range end in the reference). */
  endMap(end: number): void;

  beginSeq(anchor: string | null, start: number): void;
  item(start: number): void;
  endSeq(end: number): void;

  /** A plain scalar; `esc`: its text may need escaping in JSON. */
  plain(text: string, esc: boolean, anchor: string | null, start: number, end: number): void;
  /** A quoted or block scalar: always a string. */
  string(text: string, esc: boolean, anchor: string | null, start: number, end: number): void;
  /** A node with no content (`key:` with nothing after it): null. */
  empty(anchor: string | null, at: number): void;
  alias(name: string, start: number, end: number): void;
  /** The comment at `at` follows the flow collection just read, on the line where it closes. */
  flowComment(at: number): void;
  /** The next string() is a block scalar of this style whose header is at `start` (told only to a sink that places comments). */
  blockScalar(style: BlockScalarStyle, start: number): void;
}
