/**
 * JSON -> JSON (pretty-printing) in one pass over the JSON text, without building the IR:
 * `convert`'s path for JSON input without preserveComments. The output is exactly what
 * readJson + writeJson write (two-space indentation, the source's key order and number
 * digits, strings as JSON.stringify writes them); a document this path does not take (a
 * syntax error, a duplicate key, nesting deeper than MAX_DEPTH) gives null, and `convert`
 * hands it to the reference path. test/differential/differential-json.test.ts holds the
 * two equal.
 */
import { MAX_DEPTH } from '../limits';
import { JsonScanner, KeyChecker, bail, orHandOver } from './json-scanner';
import type { FastConversion } from './json-to-yaml-fast';
import { utf8ByteLength } from '../utf8';
import * as deadline from '../deadline';

/* Read once: under a CommonJS transform (tsx, vitest) each use of an imported name is a getter call. */
const { TICKS_PER_CHECK, checkDeadline } = deadline;

/**
 * JSON (or JSONC) text to pretty-printed JSON text, or null when the reference path must
 * take the document. `input` has no lone surrogate (`convert` refuses those first).
 */
export function jsonToJsonFast(input: string): FastConversion | null {
  return orHandOver(() => new JsonToJson(input).run());
}

const QUOTE = 34;
const COMMA = 44;
const MINUS = 45;
const COLON = 58;
const OPEN_BRACKET = 91;
const CLOSE_BRACKET = 93;
const OPEN_BRACE = 123;
const CLOSE_BRACE = 125;

/** Output is moved, flattened, to `chunks` past this many UTF-16 units (see json-to-yaml-fast.ts). */
const CHUNK = 16384;

/** `indents[n]`: a line break and n levels of two-space indentation. */
const INDENTS: string[] = ['\n'];
function indent(level: number): string {
  while (INDENTS.length <= level) INDENTS.push(INDENTS[INDENTS.length - 1]! + '  ');
  return INDENTS[level]!;
}
/** `',' + indent(level)`, cached. */
const COMMA_INDENTS: string[] = [];
function commaIndent(level: number): string {
  return (COMMA_INDENTS[level] ??= ',' + indent(level));
}

class JsonToJson extends JsonScanner {
  private out = '';
  /** Turns since the deadline was last checked (TICKS_PER_CHECK). */
  private ticks = 0;
  private readonly chunks: string[] = [];
  private readonly keys = new KeyChecker();
  /** Per open collection (index = depth, 1-based): is it an object, entries so far. */
  private readonly isMap = new Uint8Array(MAX_DEPTH + 2);
  private readonly counts = new Int32Array(MAX_DEPTH + 2);
  private depth = 0;

  run(): FastConversion {
    this.skipTrivia();
    if (this.pos >= this.len) this.out = 'null';
    else if (this.value()) this.collections();
    this.skipTrivia();
    if (this.pos < this.len) bail();
    const chunks = this.chunks;
    chunks.push(this.out + '\n');
    const output = chunks.length === 1 ? chunks[0]! : chunks.join('');
    return { output, outputBytes: utf8ByteLength(output), commentsCount: this.commentsCount };
  }

  /** Called between entries: moves a long current chunk, flattened, to `chunks`. */
  private spill(): void {
    const chunk = this.out;
    chunk.charCodeAt(0);
    this.chunks.push(chunk);
    this.out = '';
  }

  /** Reads the string at `pos` and writes it as JSON.stringify writes its value. */
  private string_(): string {
    const start = this.pos;
    const v = this.string();
    // Without escapes, the source text is what JSON.stringify writes (`convert` has refused
    // lone surrogates, the one thing it would escape there).
    this.out += this.escaped ? JSON.stringify(v) : this.src.slice(start, this.pos);
    return v;
  }

  /** Writes the value at `pos`: a scalar or empty collection whole; a non-empty collection is opened (true). */
  private value(): boolean {
    if (++this.ticks === TICKS_PER_CHECK) {
      this.ticks = 0;
      checkDeadline();
    }
    const s = this.src;
    const c = s.charCodeAt(this.pos);
    if (c === QUOTE) {
      this.string_();
      return false;
    }
    if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      this.pos++;
      this.skipTrivia();
      // `{` + 2 is `}`, `[` + 2 is `]`. An empty collection is a level of nesting too.
      if (s.charCodeAt(this.pos) === c + 2) {
        if (this.depth >= MAX_DEPTH) bail();
        this.pos++;
        this.out += c === OPEN_BRACE ? '{}' : '[]';
        return false;
      }
      if (this.pos >= this.len) bail();
      const d = ++this.depth;
      if (d > MAX_DEPTH) bail();
      const map = c === OPEN_BRACE;
      this.isMap[d] = map ? 1 : 0;
      this.counts[d] = 0;
      this.out += map ? '{' : '[';
      if (map) this.keys.open(d);
      return true;
    }
    if (c === MINUS || (c >= 48 && c <= 57)) {
      this.out += this.number();
      return false;
    }
    this.out += this.literal(c);
    return false;
  }

  /** Writes the entries of the open collections until the root one closes. */
  private collections(): void {
    const s = this.src;
    for (;;) {
      // The start of an entry of the collection at `depth`: `pos` is at its first character.
      const d = this.depth;
      const k = this.counts[d]!;
      this.counts[d] = k + 1;
      this.out += k === 0 ? indent(d) : commaIndent(d);
      if (this.out.length > CHUNK) this.spill();
      if (this.isMap[d] === 1) {
        if (s.charCodeAt(this.pos) !== QUOTE) bail();
        this.keys.add(d, this.string_());
        this.out += ': ';
        this.skipTrivia();
        if (s.charCodeAt(this.pos) !== COLON) bail();
        this.pos++;
        this.skipTrivia();
        if (this.pos >= this.len) bail();
      }
      if (this.value()) continue;

      // After a value: the next entry, or the end of one or more collections.
      for (;;) {
        this.skipTrivia();
        const map = this.isMap[this.depth] === 1;
        const closer = map ? CLOSE_BRACE : CLOSE_BRACKET;
        let c = s.charCodeAt(this.pos);
        if (c === COMMA) {
          this.pos++;
          this.skipTrivia();
          c = s.charCodeAt(this.pos);
          if (c !== closer) {
            if (this.pos >= this.len) bail();
            break;
          }
        }
        if (c !== closer) bail();
        this.pos++;
        this.out += indent(--this.depth) + (map ? '}' : ']');
        if (this.depth === 0) return;
      }
    }
  }
}
