/**
 * What the two single-pass JSON writers (json-to-yaml-fast.ts, json-to-json-fast.ts) share
 * beyond the tokens of json-scanner.ts: the open collections (one level per depth, up to
 * MAX_DEPTH), their keys checked for duplicates, the punctuation between entries, and the
 * output built in flat chunks. Each writer adds only what it writes. Anything readJson would
 * read differently, or report, bails (../bail.ts), as in the scanner.
 */
import { bail } from '../bail';
import * as chars from '../chars';
import * as deadline from '../deadline';
import * as limits from '../limits';
import { utf8ByteLength } from '../utf8';
import { JsonScanner, KeyChecker } from './json-scanner';

/* Read once: under a CommonJS transform (tsx, vitest) each use of an imported name is a getter call. */
const { COLON, COMMA, LBRACE, RBRACE, RBRACKET } = chars;
const { TICKS_PER_CHECK, checkDeadline } = deadline;
const { MAX_DEPTH } = limits;

export interface FastConversion {
  output: string;
  /** Size of `output` in UTF-8 bytes. */
  outputBytes: number;
  /** Comments in the input, counted as readJson counts them. */
  commentsCount: number;
}

/**
 * Output is appended to a string and moved, flattened, to `chunks` past this many UTF-16
 * units: appending builds a rope of small nodes, and flattening it while they are young
 * (reading a character flattens a rope in V8), then joining flat chunks once, is faster
 * than any alternative tried (an array of pieces, UTF-8 bytes in a buffer).
 */
const CHUNK = 16384;

export class JsonWalker extends JsonScanner {
  /** The current chunk of output: every write appends here. */
  protected out = '';
  private readonly chunks: string[] = [];
  /** Turns since the deadline was last checked (TICKS_PER_CHECK). */
  private ticks = 0;
  protected readonly keys = new KeyChecker();
  /** Per open collection (index = depth, 1-based): is it an object, entries so far. */
  protected readonly isMap = new Uint8Array(MAX_DEPTH + 2);
  protected readonly counts = new Int32Array(MAX_DEPTH + 2);
  /** Collections open; 0 at the top level. */
  protected depth = 0;

  /** An entry starts in the collection at depth `d`: its index there (0 for the first). */
  protected countEntry(d: number): number {
    const k = this.counts[d]!;
    this.counts[d] = k + 1;
    return k;
  }

  /** Called once per value: checks the deadline every TICKS_PER_CHECK values. */
  protected tick(): void {
    if (++this.ticks === TICKS_PER_CHECK) {
      this.ticks = 0;
      checkDeadline();
    }
  }

  /**
   * At `{` or `[` (`c`): an empty collection is read whole (false); a non-empty one is opened
   * at `depth` + 1, `pos` at its first entry (true). An empty collection is a level of
   * nesting too.
   */
  protected openCollection(c: number): boolean {
    this.pos++;
    this.skipTrivia();
    // `{` + 2 is `}`, `[` + 2 is `]`.
    if (this.src.charCodeAt(this.pos) === c + 2) {
      if (this.depth >= MAX_DEPTH) bail();
      this.pos++;
      return false;
    }
    if (this.pos >= this.len) bail();
    const d = ++this.depth;
    if (d > MAX_DEPTH) bail();
    const map = c === LBRACE;
    this.isMap[d] = map ? 1 : 0;
    this.counts[d] = 0;
    if (map) this.keys.open(d);
    return true;
  }

  /** After an object member's key: its colon, up to the first character of its value. */
  protected colon(): void {
    this.skipTrivia();
    if (this.src.charCodeAt(this.pos) !== COLON) bail();
    this.pos++;
    this.skipTrivia();
    if (this.pos >= this.len) bail();
  }

  /**
   * After a value in the collection at `depth`: reads `,` up to the next entry (true), or
   * the collection's closing bracket (false: the caller closes the level and asks again).
   */
  protected nextEntry(): boolean {
    const s = this.src;
    this.skipTrivia();
    const closer = this.isMap[this.depth] === 1 ? RBRACE : RBRACKET;
    let c = s.charCodeAt(this.pos);
    if (c === COMMA) {
      this.pos++;
      this.skipTrivia();
      c = s.charCodeAt(this.pos);
      if (c !== closer) {
        if (this.pos >= this.len) bail();
        return true;
      }
    }
    if (c !== closer) bail();
    this.pos++;
    return false;
  }

  /** Called between entries: moves a long current chunk, flattened, to `chunks`. */
  protected spillIfLong(): void {
    const chunk = this.out;
    if (chunk.length <= CHUNK) return;
    chunk.charCodeAt(0);
    this.chunks.push(chunk);
    this.out = '';
  }

  /** The top-level value has been written: only trivia may follow. The output ends with `last`. */
  protected finish(last: string): FastConversion {
    this.skipTrivia();
    if (this.pos < this.len) bail();
    const chunks = this.chunks;
    chunks.push(this.out + last);
    const output = chunks.length === 1 ? chunks[0]! : chunks.join('');
    return { output, outputBytes: utf8ByteLength(output), commentsCount: this.commentsCount };
  }
}
