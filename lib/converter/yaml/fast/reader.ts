/**
 * A single-pass reader for the YAML that real files are made of: block mappings and
 * sequences, plain, quoted and block scalars, flow collections, comments, anchors,
 * aliases and merge keys. It reports what it reads to a sink (JSON text or IR) and bails
 * (throws a Bail) on anything it does not read exactly as the reference path
 * (read-yaml.ts: the `yaml` package plus our typing) would: tags, directives, explicit
 * keys, complex keys, `...`, tabs as indentation, and everything invalid, so that the
 * reference reports the errors.
 *
 * One class in layers, one file per grammar region, each built on the one before it:
 *   reader-state.ts       the state (every field) and where the reference's ranges end
 *   lines.ts              lines: the next content line, the end of a value's line, markers
 *   plain-scalars.ts      plain scalars, on one line or over several
 *   flow-collections.ts   `[...]` and `{...}` and the nodes inside them
 *   block-collections.ts  block sequences and mappings, keys, merge keys
 *   block-nodes.ts        the node at a place in block context: anchor, alias, scalar, collection
 *   reader.ts             documents and the stream (here)
 * Quoted and block scalars' values are plain functions (flow-scalars.ts, block-scalar.ts).
 */
import { bail } from '../../bail';
import * as chars from '../../chars';
import * as state from './reader-state';
import { BlockNodeReader } from './block-nodes';
import type { FastSink } from './sink';

/* Read once: under a CommonJS transform (tsx, vitest) every use of an imported name is a getter call (see json-to-yaml-fast.ts). */
const { BOM } = chars;
const { LINE_CONTENT, LINE_DOC_END, LINE_DOC_START, LINE_EOF, VALUE_EMPTY } = state;

export interface FastReadStats {
  comments: number;
  anchors: number;
  documents: number;
}

export class FastReader extends BlockNodeReader {
  constructor(
    src: string,
    sink: FastSink,
    /** Where to record the offset of every comment; given, the reader also works out the ranges comments are placed by. */
    commentOffsets: number[] | null = null,
  ) {
    super(src, sink, commentOffsets);
  }

  read(): FastReadStats {
    const src = this.src;
    const start = src.charCodeAt(0) === BOM ? 1 : 0;
    // The lexer takes a byte order mark at any line start before the first document, and
    // after one the parser does not count the first line's indentation: left to it.
    if (src.indexOf('\ufeff', 1) !== -1) bail('byte order mark');
    this.nextContentLine(start);
    if (start === 1 && this.lineKind === LINE_CONTENT && this.lineStart === 1) bail('content on the line of a byte order mark');
    let documents = 0;
    if (this.lineKind === LINE_CONTENT) {
      this.sink.beginDocument(this.position, false);
      this.parseLineNode(-1, null);
      this.sink.endDocument(this.documentEnd());
      documents++;
    }
    while (this.lineKind === LINE_DOC_START) {
      this.explicitDocument();
      documents++;
    }
    if (this.lineKind !== LINE_EOF) bail(this.lineKind === LINE_DOC_END ? 'document end marker' : 'content after the document');
    this.sink.endStream();
    return { comments: this.commentCount, anchors: this.anchorCount, documents };
  }

  /** A document from its `---` (the current position) to the next marker or the end. */
  private explicitDocument(): void {
    const at = this.position;
    const next = this.finishLine(at + 3);
    this.sink.beginDocument(at, true);
    this.nextContentLine(next);
    if (this.lineKind === LINE_CONTENT) this.parseLineNode(-1, null);
    else {
      this.sink.empty(null, this.skipSpaces(at + 3));
      this.valueKind = VALUE_EMPTY;
    }
    this.sink.endDocument(this.documentEnd());
  }
}
