/**
 * JSON -> YAML in one pass over the JSON text, without building the IR: `convert`'s path
 * for JSON input without preserveComments. The output is exactly what readJson + writeYaml
 * write (the same layout, and the same scalar-style functions decide every string); a
 * document this path does not take (a syntax error, a duplicate key, nesting deeper than
 * MAX_DEPTH) gives null, and `convert` hands it to the reference path.
 * test/differential/differential-json.test.ts holds the two equal.
 */
import * as limits from '../limits';
import { utf8ByteLength } from '../utf8';
import * as writeYaml from '../yaml/write-yaml';
import * as style from '../yaml/yaml-scalar-style';
import { JsonScanner, KeyChecker, bail, orHandOver } from './json-scanner';
import * as deadline from '../deadline';

/*
 * Imported bindings are read once here: under a CommonJS transform (tsx, vitest) every use
 * of an imported name is a getter call, which made this loop up to twice as slow.
 */
const { indent, literalBody, yamlNumberText } = writeYaml;
const { chooseStringStyle, doubleQuote, literalHeader } = style;
const { LITERAL_KEEP, POS_KEY, POS_ROOT, POS_TAIL, STYLE_DOUBLE, STYLE_PLAIN } = style;
const { MAX_DEPTH, MAX_IMPLICIT_KEY } = limits;
const { TICKS_PER_CHECK, checkDeadline } = deadline;

const QUOTE = 34;
const COMMA = 44;
const MINUS = 45;
const COLON = 58;
const OPEN_BRACKET = 91;
const CLOSE_BRACKET = 93;
const OPEN_BRACE = 123;
const CLOSE_BRACE = 125;

export interface FastConversion {
  output: string;
  /** Size of `output` in UTF-8 bytes. */
  outputBytes: number;
  /** Comments in the input, counted as readJson counts them. */
  commentsCount: number;
}

/**
 * JSON (or JSONC) text to YAML text, or null when the reference path must take the
 * document. `input` has no lone surrogate (`convert` refuses those first).
 */
export function jsonToYamlFast(input: string): FastConversion | null {
  return orHandOver(() => new JsonToYaml(input).run());
}

/** Where a value is written (as in write-yaml.ts). */
const AT_ROOT = 0;
/** After `key`: the value writes `: `. */
const AT_VALUE = 1;
/** After `- `. */
const AT_ITEM = 2;

/**
 * Output is appended to a string and moved, flattened, to `chunks` past this many UTF-16
 * units: appending builds a rope of small nodes, and flattening it while they are young
 * (reading a character flattens a rope in V8), then joining flat chunks once, is faster
 * than any alternative tried (an array of pieces, UTF-8 bytes in a buffer).
 */
const CHUNK = 16384;

/** `indent(n) + '- '`, cached. */
const DASHES: string[] = [];
function dash(col: number): string {
  return (DASHES[col] ??= indent(col) + '- ');
}

class JsonToYaml extends JsonScanner {
  private out = '';
  /** Turns since the deadline was last checked (TICKS_PER_CHECK). */
  private ticks = 0;
  private readonly chunks: string[] = [];
  private readonly keys = new KeyChecker();
  /**
   * Per depth, per entry index: the last key without escapes read there, its text as
   * written (`text`), and with its indentation (`line`).
   */
  private readonly keyCache: string[][] = [];
  private readonly textCache: string[][] = [];
  private readonly lineCache: string[][] = [];
  /** Per open collection (index = depth, 1-based): is it a map, its column, entries so far, does its first entry continue the `- ` line. */
  private readonly isMap = new Uint8Array(MAX_DEPTH + 2);
  private readonly cols = new Int32Array(MAX_DEPTH + 2);
  private readonly counts = new Int32Array(MAX_DEPTH + 2);
  private readonly inline = new Uint8Array(MAX_DEPTH + 2);
  private depth = 0;

  run(): FastConversion {
    this.skipTrivia();
    if (this.pos >= this.len) this.out = 'null\n';
    else if (this.value(AT_ROOT, 0)) this.collections();
    this.skipTrivia();
    if (this.pos < this.len) bail();
    const chunks = this.chunks;
    chunks.push(this.out);
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

  /**
   * Writes the value at `pos` after its prefix (`key`, `- `, or nothing at the root); `col`
   * is the column of the collection holding it. A scalar or empty collection is written
   * whole, with its line break; a non-empty collection is opened (true) and `collections`
   * writes its entries.
   */
  private value(at: number, col: number): boolean {
    if (++this.ticks === TICKS_PER_CHECK) {
      this.ticks = 0;
      checkDeadline();
    }
    const s = this.src;
    const c = s.charCodeAt(this.pos);
    if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      this.pos++;
      this.skipTrivia();
      // `{` + 2 is `}`, `[` + 2 is `]`. An empty collection is a level of nesting too.
      if (s.charCodeAt(this.pos) === c + 2) {
        if (this.depth >= MAX_DEPTH) bail();
        this.pos++;
        if (at === AT_VALUE) this.out += c === OPEN_BRACE ? ': {}\n' : ': []\n';
        else this.out += c === OPEN_BRACE ? '{}\n' : '[]\n';
        return false;
      }
      if (this.pos >= this.len) bail();
      const d = ++this.depth;
      if (d > MAX_DEPTH) bail();
      const map = c === OPEN_BRACE;
      this.isMap[d] = map ? 1 : 0;
      this.cols[d] = at === AT_ROOT ? 0 : col + 2;
      this.counts[d] = 0;
      // `- a: 1`, `- - a`: a collection in a sequence starts on the `- ` line.
      this.inline[d] = at === AT_ITEM ? 1 : 0;
      if (at === AT_VALUE) this.out += ':\n';
      if (map) this.keys.open(d);
      return true;
    }
    const sep = at === AT_VALUE ? ': ' : '';
    if (c === QUOTE) {
      const v = this.string();
      let style: number;
      if (at === AT_ROOT) {
        style = chooseStringStyle(v, POS_ROOT | POS_TAIL);
      } else {
        style = chooseStringStyle(v, 0);
        // Whether the string is the very last thing written matters only for a `|+` literal.
        if ((style & LITERAL_KEEP) !== 0 && this.onlyClosersFollow()) style = chooseStringStyle(v, POS_TAIL);
      }
      if (style === STYLE_PLAIN) this.out += sep + v + '\n';
      else if (style === STYLE_DOUBLE) this.out += sep + doubleQuote(v) + '\n';
      else this.out += sep + literalHeader(style) + '\n' + literalBody(v, indent(at === AT_ROOT ? 2 : col + 2));
      return false;
    }
    if (c === MINUS || (c >= 48 && c <= 57)) {
      const text = this.number();
      this.out += sep + (this.exponent ? yamlNumberText({ kind: 'number', text }) : text) + '\n';
      return false;
    }
    this.out += sep + this.literal(c) + '\n';
    return false;
  }

  /** Writes the entries of the open collections until the root one closes. */
  private collections(): void {
    const s = this.src;
    for (;;) {
      // The start of an entry of the collection at `depth`: `pos` is at its first character.
      const d = this.depth;
      const col = this.cols[d]!;
      const k = this.counts[d]!;
      this.counts[d] = k + 1;
      const first = k === 0 && this.inline[d] === 1;
      if (this.out.length > CHUNK) this.spill();
      let opened: boolean;
      if (this.isMap[d] === 1) {
        if (s.charCodeAt(this.pos) !== QUOTE) bail();
        // Objects of one shape repeat their keys in the same order: the k-th key of the last
        // object at this depth is tried first, compared in place, with its written text.
        const keys = (this.keyCache[d] ??= []);
        const cached = keys[k];
        const start = this.pos + 1;
        if (cached !== undefined && s.startsWith(cached, start) && s.charCodeAt(start + cached.length) === QUOTE) {
          this.pos = start + cached.length + 1;
          this.keys.add(d, cached);
          this.out += first ? this.textCache[d]![k]! : this.lineCache[d]![k]!;
        } else {
          const key = this.string();
          this.keys.add(d, key);
          const text = chooseStringStyle(key, POS_KEY) === STYLE_PLAIN ? key : doubleQuote(key);
          if (text.length > MAX_IMPLICIT_KEY) {
            // Too long for an implicit key: an explicit entry, `? key` then `: value`.
            this.out += (first ? '' : indent(col)) + '? ' + text + '\n' + indent(col);
          } else {
            const line = indent(col) + text;
            this.out += first ? text : line;
            if (!this.escaped) {
              keys[k] = key;
              (this.textCache[d] ??= [])[k] = text;
              (this.lineCache[d] ??= [])[k] = line;
            }
          }
        }
        this.skipTrivia();
        if (s.charCodeAt(this.pos) !== COLON) bail();
        this.pos++;
        this.skipTrivia();
        if (this.pos >= this.len) bail();
        opened = this.value(AT_VALUE, col);
      } else {
        this.out += first ? '- ' : dash(col);
        opened = this.value(AT_ITEM, col);
      }
      if (opened) continue;

      // After a value: the next entry, or the end of one or more collections.
      for (;;) {
        this.skipTrivia();
        const closer = this.isMap[this.depth] === 1 ? CLOSE_BRACE : CLOSE_BRACKET;
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
        if (--this.depth === 0) return;
      }
    }
  }
}
