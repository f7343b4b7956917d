/**
 * JSON -> YAML in one pass over the JSON text, without building the IR: `convert`'s path
 * for JSON input without preserveComments. The output is exactly what readJson + writeYaml
 * write (the same layout, and the same scalar-style functions decide every string); a
 * document this path does not take (a syntax error, a duplicate key, nesting deeper than
 * MAX_DEPTH) gives null, and `convert` hands it to the reference path.
 * test/differential/differential-json.test.ts holds the two equal.
 */
import { bail, orHandOver } from '../bail';
import * as chars from '../chars';
import * as limits from '../limits';
import * as writeYaml from '../yaml/write-yaml';
import * as style from '../yaml/yaml-scalar-style';
import { type FastConversion, JsonWalker } from './json-walker';

/*
 * Imported bindings are read once here: under a CommonJS transform (tsx, vitest) every use
 * of an imported name is a getter call, which made this loop up to twice as slow.
 */
const { indent, literalBody, yamlNumberText } = writeYaml;
const { chooseStringStyle, doubleQuote, literalHeader } = style;
const { LITERAL_KEEP, POS_KEY, POS_ROOT, POS_TAIL, STYLE_DOUBLE, STYLE_PLAIN } = style;
const { MAX_DEPTH, MAX_IMPLICIT_KEY } = limits;
const { DQUOTE, DASH, ZERO, NINE, LBRACE, LBRACKET } = chars;

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

/** `indent(n) + '- '`, cached. */
const DASHES: string[] = [];
function dash(col: number): string {
  return (DASHES[col] ??= indent(col) + '- ');
}

class JsonToYaml extends JsonWalker {
  /**
   * Per depth, per entry index: the last key without escapes read there, its text as
   * written (`text`), and with its indentation (`line`).
   */
  private readonly keyCache: string[][] = [];
  private readonly textCache: string[][] = [];
  private readonly lineCache: string[][] = [];
  /** Per open collection (index = depth, 1-based): its column, does its first entry continue the `- ` line. */
  private readonly cols = new Int32Array(MAX_DEPTH + 2);
  private readonly inline = new Uint8Array(MAX_DEPTH + 2);

  run(): FastConversion {
    this.skipTrivia();
    if (this.pos >= this.len) this.out = 'null\n';
    else if (this.value(AT_ROOT, 0)) this.collections();
    return this.finish('');
  }

  /**
   * Writes the value at `pos` after its prefix (`key`, `- `, or nothing at the root); `col`
   * is the column of the collection holding it. A scalar or empty collection is written
   * whole, with its line break; a non-empty collection is opened (true) and `collections`
   * writes its entries.
   */
  private value(at: number, col: number): boolean {
    this.tick();
    const c = this.src.charCodeAt(this.pos);
    if (c === LBRACE || c === LBRACKET) {
      if (!this.openCollection(c)) {
        if (at === AT_VALUE) this.out += c === LBRACE ? ': {}\n' : ': []\n';
        else this.out += c === LBRACE ? '{}\n' : '[]\n';
        return false;
      }
      const d = this.depth;
      this.cols[d] = at === AT_ROOT ? 0 : col + 2;
      // `- a: 1`, `- - a`: a collection in a sequence starts on the `- ` line.
      this.inline[d] = at === AT_ITEM ? 1 : 0;
      if (at === AT_VALUE) this.out += ':\n';
      return true;
    }
    const sep = at === AT_VALUE ? ': ' : '';
    if (c === DQUOTE) {
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
    if (c === DASH || (c >= ZERO && c <= NINE)) {
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
      const k = this.countEntry(d);
      const first = k === 0 && this.inline[d] === 1;
      this.spillIfLong();
      let opened: boolean;
      if (this.isMap[d] === 1) {
        if (s.charCodeAt(this.pos) !== DQUOTE) bail();
        // Objects of one shape repeat their keys in the same order: the k-th key of the last
        // object at this depth is tried first, compared in place, with its written text.
        const keys = (this.keyCache[d] ??= []);
        const cached = keys[k];
        const start = this.pos + 1;
        if (cached !== undefined && s.startsWith(cached, start) && s.charCodeAt(start + cached.length) === DQUOTE) {
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
        this.colon();
        opened = this.value(AT_VALUE, col);
      } else {
        this.out += first ? '- ' : dash(col);
        opened = this.value(AT_ITEM, col);
      }
      if (opened) continue;

      // After a value: the next entry, or the end of one or more collections.
      while (!this.nextEntry()) if (--this.depth === 0) return;
    }
  }
}
