/**
 * JSON -> JSON (pretty-printing) in one pass over the JSON text, without building the IR:
 * `convert`'s path for JSON input without preserveComments. The output is exactly what
 * readJson + writeJson write (two-space indentation, the source's key order and number
 * digits, strings as JSON.stringify writes them); a document this path does not take (a
 * syntax error, a duplicate key, nesting deeper than MAX_DEPTH) gives null, and `convert`
 * hands it to the reference path. test/differential/differential-json.test.ts holds the
 * two equal.
 */
import { bail, orHandOver } from '../bail';
import * as chars from '../chars';
import { type FastConversion, JsonWalker } from './json-walker';

/* Read once: under a CommonJS transform (tsx, vitest) each use of an imported name is a getter call. */
const { DQUOTE, DASH, ZERO, NINE, LBRACE, LBRACKET } = chars;

/**
 * JSON (or JSONC) text to pretty-printed JSON text, or null when the reference path must
 * take the document. `input` has no lone surrogate (`convert` refuses those first).
 */
export function jsonToJsonFast(input: string): FastConversion | null {
  return orHandOver(() => new JsonToJson(input).run());
}

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

class JsonToJson extends JsonWalker {
  run(): FastConversion {
    this.skipTrivia();
    if (this.pos >= this.len) this.out = 'null';
    else if (this.value()) this.collections();
    return this.finish('\n');
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
    this.tick();
    const c = this.src.charCodeAt(this.pos);
    if (c === DQUOTE) {
      this.string_();
      return false;
    }
    if (c === LBRACE || c === LBRACKET) {
      const opened = this.openCollection(c);
      if (c === LBRACE) this.out += opened ? '{' : '{}';
      else this.out += opened ? '[' : '[]';
      return opened;
    }
    if (c === DASH || (c >= ZERO && c <= NINE)) {
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
      this.out += this.countEntry(d) === 0 ? indent(d) : commaIndent(d);
      this.spillIfLong();
      if (this.isMap[d] === 1) {
        if (s.charCodeAt(this.pos) !== DQUOTE) bail();
        this.keys.add(d, this.string_());
        this.out += ': ';
        this.colon();
      }
      if (this.value()) continue;
      // After a value: the next entry, or the end of one or more collections.
      while (!this.nextEntry()) {
        const closer = this.isMap[this.depth] === 1 ? '}' : ']';
        this.out += indent(--this.depth) + closer;
        if (this.depth === 0) return;
      }
    }
  }
}
