/**
 * How the YAML writer spells a string scalar: plain, double-quoted or block literal.
 *
 * The rule: the output must read back as exactly the same string with a YAML 1.2
 * (core schema) reader and with a YAML 1.1 reader. A string is written plain only when
 * it is unambiguous for both; anything doubtful is double-quoted (being conservative
 * costs a pair of quotes, being wrong changes the data). Strings with line breaks become
 * block literals when a literal carries them exactly, double-quoted otherwise.
 *
 * One pass over the characters decides; no regular expressions on the hot path.
 * Universal code: no Node built-ins.
 */

/** Written as is. */
export const STYLE_PLAIN = 0;
/** Written with `doubleQuote`. */
export const STYLE_DOUBLE = 1;
/** A block literal (`|`); the flags below complete its header. */
export const STYLE_LITERAL = 2;
/** Literal flag: strip chomping (`|-`), the string has no final line break. */
export const LITERAL_STRIP = 4;
/** Literal flag: keep chomping (`|+`), the string ends with two or more line breaks. */
export const LITERAL_KEEP = 8;
/** Literal flag: an explicit indentation indicator (`|2`) is needed. */
export const LITERAL_INDENT = 16;

/** Position flags for `chooseStringStyle`. */
/** A mapping key: never a block literal. */
export const POS_KEY = 1;
/** The root node of a document: no indentation indicator can be relative to it. */
export const POS_ROOT = 2;
/** The last thing in the output: a `|+` literal would leave blank lines at the very end. */
export const POS_TAIL = 4;

/**
 * First-character classes (ASCII):
 * 1 = an indicator or white space that cannot start a plain scalar;
 * 2 = `-` (plain only as `-x`, never `- `, `-1`, `---`);
 * 3 = a digit, `+` or `.` (may start a number, `.inf` or `...`);
 * 4 = may start a reserved word (booleans, nulls, `<<`, `=`);
 * 5 = `e`/`E` (the `yaml` package's YAML 1.1 schema reads `e1` as a float: NaN).
 */
const FIRST = new Uint8Array(128);
for (const ch of '?:,[]{}#&*!|>\'"%@` \t') FIRST[ch.charCodeAt(0)] = 1;
FIRST[0x2d] = 2;
for (const ch of '0123456789+.') FIRST[ch.charCodeAt(0)] = 3;
for (const ch of 'yYnNtTfFoO~<=') FIRST[ch.charCodeAt(0)] = 4;
FIRST[0x65] = 5;
FIRST[0x45] = 5;

/**
 * Characters that may follow a leading digit in something a YAML 1.1 or 1.2 reader could
 * take for a number or a timestamp: digits, hex digits, base prefixes (x, o, b), `_`,
 * `.`, `:` (sexagesimal, times), signs, exponents, `T`/`t`/`Z`/`z` and space (timestamps).
 * A string that starts with a digit and uses only these is quoted.
 */
const NUMERIC = new Uint8Array(128);
for (const ch of '0123456789abcdefABCDEFxXoObB_.:+- tTzZ') NUMERIC[ch.charCodeAt(0)] = 1;
/** After a leading `.`: what a YAML 1.1 float can contain (`.5`, `.5e+3`, `._`, `..`). */
const DOTTED = new Uint8Array(128);
for (const ch of '0123456789._eE+-') DOTTED[ch.charCodeAt(0)] = 1;

/**
 * Whether `s` (`n` units) is, ignoring ASCII case, a word some YAML 1.1 or 1.2 reader
 * resolves to a non-string or treats specially: y yes n no true false on off null ~ << =.
 * Compares character codes (`| 0x20` lower-cases an ASCII letter, and maps nothing else
 * onto one): no lower-cased copy, no set lookup. No non-ASCII character lower-cases to
 * an ASCII letter of these words, so ASCII case folding is all `toLowerCase` would add.
 */
function isReservedWord(s: string, n: number): boolean {
  const a = s.charCodeAt(0) | 0x20;
  switch (n) {
    case 1:
      return a === 0x79 || a === 0x6e || a === 0x7e || a === 0x3d; // y n ~ =
    case 2: {
      const b = s.charCodeAt(1) | 0x20;
      return (a === 0x6e && b === 0x6f) || (a === 0x6f && b === 0x6e) || s === '<<'; // no on <<
    }
    case 3:
      return lowerIs(s, 'yes') || lowerIs(s, 'off');
    case 4:
      return lowerIs(s, 'true') || lowerIs(s, 'null');
    case 5:
      return lowerIs(s, 'false');
    default:
      return false;
  }
}

/** `s` equals the lower-case ASCII `word` ignoring ASCII case (same length assumed). */
function lowerIs(s: string, word: string): boolean {
  for (let i = 0; i < word.length; i++) if ((s.charCodeAt(i) | 0x20) !== word.charCodeAt(i)) return false;
  return true;
}

/** White space other than space and tab, not already excluded as non-printable. */
function isUnicodeSpace(c: number): boolean {
  return c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x202f || c === 0x205f || c === 0x3000;
}

/**
 * Chooses the style of a string. Returns STYLE_PLAIN, STYLE_DOUBLE, or STYLE_LITERAL
 * combined with LITERAL_* flags. `pos` combines POS_* flags.
 */
export function chooseStringStyle(s: string, pos: number): number {
  const n = s.length;
  if (n === 0) return STYLE_DOUBLE;
  let newline = false;
  let tab = false;
  let breaksPlain = false; // `: `, ` #`, or a final `:`
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x7f) {
      if (c >= 0x20) {
        if (c === 0x3a) {
          // `:` followed by white space or the end ends a plain key.
          const d = i + 1 < n ? s.charCodeAt(i + 1) : 0x20;
          if (d === 0x20 || d === 0x09 || d === 0x0a) breaksPlain = true;
        } else if (c === 0x23 && i > 0) {
          // `#` after white space starts a comment.
          const p = s.charCodeAt(i - 1);
          if (p === 0x20 || p === 0x09 || p === 0x0a) breaksPlain = true;
        }
        continue;
      }
      if (c === 0x0a) newline = true;
      else if (c === 0x09) tab = true;
      else return STYLE_DOUBLE; // C0 controls, CR
    } else if (c <= 0x9f) {
      return STYLE_DOUBLE; // DEL, C1 controls (NEL is a line break in YAML 1.1)
    } else if (c >= 0xd800) {
      if (c <= 0xdbff) {
        const d = s.charCodeAt(i + 1); // NaN past the end
        if (d >= 0xdc00 && d <= 0xdfff) i++;
        else return STYLE_DOUBLE; // lone high surrogate
      } else if (c <= 0xdfff || c === 0xfeff || c >= 0xfffe) {
        return STYLE_DOUBLE; // lone low surrogate, BOM, U+FFFE, U+FFFF
      }
    } else if (c === 0x2028 || c === 0x2029) {
      return STYLE_DOUBLE; // line breaks in YAML 1.1
    }
  }
  if (newline) return (pos & POS_KEY) !== 0 ? STYLE_DOUBLE : literalStyle(s, pos);
  if (tab || breaksPlain) return STYLE_DOUBLE;
  return isPlainSafe(s, n) ? STYLE_PLAIN : STYLE_DOUBLE;
}

/** For a one-line string without control characters, tabs, `: ` or ` #`: can it be plain? */
function isPlainSafe(s: string, n: number): boolean {
  const c0 = s.charCodeAt(0);
  const last = s.charCodeAt(n - 1);
  if (last === 0x20 || (last >= 0xa0 && isUnicodeSpace(last))) return false;
  if (c0 >= 0x80) return !isUnicodeSpace(c0);
  switch (FIRST[c0]) {
    case 1:
      return false;
    case 2: {
      // `-x` is plain; `-`, `- x`, `---`, `-1`, `-.5`, `-.inf` are not.
      if (n === 1) return false;
      const c1 = s.charCodeAt(1);
      if (c1 === 0x20) return false;
      if (c1 === 0x2d && s.charCodeAt(2) === 0x2d) return false;
      return !looksNumeric(s, n, 1);
    }
    case 3:
      if (c0 === 0x2e && s.startsWith('...')) return false;
      return !looksNumeric(s, n, c0 === 0x2b ? 1 : 0);
    case 4:
      return !isReservedWord(s, n);
    case 5:
      return !looksNumeric(s, n, 0);
    default:
      return true;
  }
}

/**
 * Could a reader take `s` for a number, a timestamp, `.inf` or `.nan`? `i` is the index
 * after an optional sign. Conservative: false positives only cost quotes.
 */
function looksNumeric(s: string, n: number, i: number): boolean {
  const c = s.charCodeAt(i);
  if (c >= 0x30 && c <= 0x39) {
    for (let j = i + 1; j < n; j++) {
      const d = s.charCodeAt(j);
      if (d >= 0x80 || NUMERIC[d] === 0) return false;
    }
    return true;
  }
  if (c === 0x65 || c === 0x45) {
    // A bare exponent (`e1`, `-E+5`): not a number in YAML, but the `yaml` package's YAML 1.1
    // float pattern has an optional mantissa and reads it as NaN. Quote it.
    let j = i + 1;
    const sign = s.charCodeAt(j);
    if (sign === 0x2b || sign === 0x2d) j++;
    if (j >= n) return false;
    for (; j < n; j++) {
      const d = s.charCodeAt(j);
      if ((d < 0x30 || d > 0x39) && d !== 0x5f) return false;
    }
    return true;
  }
  if (c === 0x2e) {
    const word = s.slice(i + 1, i + 4).toLowerCase();
    if (word === 'inf' || word === 'nan') return true;
    for (let j = i + 1; j < n; j++) {
      const d = s.charCodeAt(j);
      if (d >= 0x80 || DOTTED[d] === 0) return false;
    }
    return true;
  }
  return false;
}

/** For a string with `\n` and only printable characters (tabs allowed): literal flags, or STYLE_DOUBLE. */
function literalStyle(s: string, pos: number): number {
  const n = s.length;
  let end = n;
  while (end > 0 && s.charCodeAt(end - 1) === 0x0a) end--;
  // Only line breaks: a literal would need keep chomping of empty lines; quotes are clearer.
  if (end === 0) return STYLE_DOUBLE;
  const trailing = n - end;
  if (trailing >= 2 && (pos & POS_TAIL) !== 0) return STYLE_DOUBLE;
  // A line of only spaces or tabs is where readers (and editors) disagree: quote instead.
  let lineBlank = true;
  let lineLength = 0;
  for (let i = 0; i < end; i++) {
    const c = s.charCodeAt(i);
    if (c === 0x0a) {
      if (lineBlank && lineLength > 0) return STYLE_DOUBLE;
      lineBlank = true;
      lineLength = 0;
    } else {
      lineLength++;
      if (c !== 0x20 && c !== 0x09) lineBlank = false;
    }
  }
  if (lineBlank && lineLength > 0) return STYLE_DOUBLE;
  const c0 = s.charCodeAt(0);
  const indicator = c0 === 0x20 || c0 === 0x0a;
  // At the root there is no parent indentation to count from: quote instead.
  if (indicator && (pos & POS_ROOT) !== 0) return STYLE_DOUBLE;
  let style = STYLE_LITERAL;
  if (indicator) style |= LITERAL_INDENT;
  if (trailing === 0) style |= LITERAL_STRIP;
  else if (trailing >= 2) style |= LITERAL_KEEP;
  return style;
}

/** The header of a block literal for a style from `chooseStringStyle`, e.g. `|`, `|-`, `|2+`. */
export function literalHeader(style: number): string {
  let h = (style & LITERAL_INDENT) !== 0 ? '|2' : '|';
  if ((style & LITERAL_STRIP) !== 0) h += '-';
  else if ((style & LITERAL_KEEP) !== 0) h += '+';
  return h;
}

const HEX = '0123456789ABCDEF';

function escapeChar(c: number): string {
  switch (c) {
    case 0x00:
      return '\\0';
    case 0x09:
      return '\\t';
    case 0x0a:
      return '\\n';
    case 0x0d:
      return '\\r';
    case 0x22:
      return '\\"';
    case 0x5c:
      return '\\\\';
    default:
      if (c < 0x100) return '\\x' + HEX[c >> 4] + HEX[c & 15];
      return '\\u' + HEX[(c >> 12) & 15] + HEX[(c >> 8) & 15] + HEX[(c >> 4) & 15] + HEX[c & 15];
  }
}

/**
 * A double-quoted YAML scalar on one line: `\` and `"` escaped, and every character that
 * is not printable in YAML, or is a line break in YAML 1.1, escaped (`\n`, `\t`, `\r`,
 * `\0`, `\xHH`, `\uHHHH`; a lone surrogate as `\uD800`). Other characters are kept as is.
 */
export function doubleQuote(s: string): string {
  const n = s.length;
  let out = '"';
  let from = 0;
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0x20 && c < 0x7f) {
      if (c !== 0x22 && c !== 0x5c) continue;
    } else if (c >= 0xa0) {
      if (c < 0x2028) continue;
      if (c >= 0xd800 && c <= 0xdbff) {
        const d = s.charCodeAt(i + 1);
        if (d >= 0xdc00 && d <= 0xdfff) {
          i++;
          continue;
        }
      } else if (c > 0x2029 && c < 0xd800) {
        continue;
      } else if (c > 0xdfff && c !== 0xfeff && c < 0xfffe) {
        continue;
      }
    }
    if (i > from) out += s.slice(from, i);
    out += escapeChar(c);
    from = i + 1;
  }
  if (from === 0) return '"' + s + '"';
  if (from < n) out += s.slice(from);
  return out + '"';
}

/*
 * Formatting options (lib/converter/format-options.ts): the quote styles and flow context.
 * Only the writer's non-default paths call these; `chooseStringStyle` stays as it is.
 */

/** Written with `singleQuote` (negative: never mistaken for a literal's flags). */
export const STYLE_SINGLE = -1;

/** `,[]{}` end a plain scalar inside a flow collection. */
/** `,[]{}`: they end a plain scalar, an anchor or an alias name inside a flow collection. */
export function hasFlowIndicator(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 0x2c || c === 0x5b || c === 0x5d || c === 0x7b || c === 0x7d) return true;
  }
  return false;
}

/**
 * Whether single quotes carry `s` exactly on one line: every character printable in YAML 1.2
 * and no line break of YAML 1.1 or 1.2 (single quotes cannot escape anything but `'`).
 */
export function canSingleQuote(s: string): boolean {
  const n = s.length;
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x20) {
      if (c !== 0x09) return false;
    } else if (c >= 0x7f && c <= 0x9f) {
      return false;
    } else if (c >= 0xd800 && c <= 0xdbff) {
      const d = s.charCodeAt(i + 1);
      if (!(d >= 0xdc00 && d <= 0xdfff)) return false;
      i++;
    } else if ((c >= 0xdc00 && c <= 0xdfff) || c === 0x2028 || c === 0x2029 || c === 0xfeff || c >= 0xfffe) {
      return false;
    }
  }
  return true;
}

/** A single-quoted YAML scalar (`'` doubled); only for strings `canSingleQuote` accepts. */
export function singleQuote(s: string): string {
  return "'" + s.replaceAll("'", "''") + "'";
}

/** Position flag: inside a flow collection (no block literal, no flow indicator in a plain scalar). */
export const POS_FLOW = 64;

/**
 * What the YAML 1.2 core schema reads as null, a boolean, an integer or a float (YAML 1.2.2,
 * 10.3.2, tag resolution); anything else is a string to a YAML 1.2 reader.
 */
const CORE_NON_STRING =
  /^(?:null|Null|NULL|~|true|True|TRUE|false|False|FALSE|[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+|[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$/;

/**
 * `chooseStringStyle` for `portable: false`: also plain where only a YAML 1.1 reader would read
 * the string as something else (`on`, `yes`, `1:30`, `2001-12-14`...). `<<` stays quoted: a merge
 * key to the readers that apply them, this converter's included, whatever the version.
 */
export function chooseStringStyleFor12(s: string, pos: number): number {
  const style = chooseStringStyle(s, pos);
  return style === STYLE_DOUBLE && quotedForYaml11Only(s, pos) ? STYLE_PLAIN : style;
}

/**
 * For a string `chooseStringStyle` double-quotes: was it only for how a reader types it, and
 * does YAML 1.2 read it as this string? Typing is decided by the first character (FIRST classes
 * 2 to 5); past that character's own checks (`-`, `- `, `---`, `...`), everything else the choice
 * looks at is the same with a letter in its place, which no reader types.
 */
function quotedForYaml11Only(s: string, pos: number): boolean {
  const n = s.length;
  const c0 = s.charCodeAt(0);
  if (n === 0 || c0 >= 0x80 || FIRST[c0]! < 2) return false;
  if (c0 === 0x2d && (n === 1 || s.charCodeAt(1) === 0x20 || s.startsWith('---'))) return false;
  if (c0 === 0x2e && s.startsWith('...')) return false;
  if (s === '<<' || CORE_NON_STRING.test(s)) return false;
  return chooseStringStyle(`a${s.slice(1)}`, pos) === STYLE_PLAIN;
}

/**
 * The style of a string under a quote style: "plain" is `chooseStringStyle`; "single" and
 * "double" quote every value (keys, `POS_KEY`: only those that need quotes) in that quote, keep
 * block literals for strings with line breaks, and fall back to double quotes where single
 * quotes cannot carry the string. `pos` may add POS_FLOW. `portable` false: plain as
 * `chooseStringStyleFor12` says.
 */
export function chooseStyleWith(s: string, pos: number, quote: 'plain' | 'single' | 'double', portable = true): number {
  const baseStyle = portable ? chooseStringStyle : chooseStringStyleFor12;
  let style = baseStyle(s, pos & ~POS_FLOW);
  if ((pos & POS_FLOW) !== 0) {
    if (style >= STYLE_LITERAL) style = STYLE_DOUBLE;
    // Plain in a flow collection only when plain-safe as a key (one line), with no flow indicator and
    // no `:` (YAML 1.1 readers refuse `:` in a plain scalar inside a flow collection).
    else if (
      style === STYLE_PLAIN &&
      (hasFlowIndicator(s) || s.indexOf(':') >= 0 || ((pos & POS_KEY) === 0 && baseStyle(s, POS_KEY) !== STYLE_PLAIN))
    ) {
      style = STYLE_DOUBLE;
    }
  }
  if (quote === 'plain' || style >= STYLE_LITERAL) return style;
  if (style === STYLE_PLAIN && (pos & POS_KEY) !== 0) return STYLE_PLAIN;
  return quote === 'single' && canSingleQuote(s) ? STYLE_SINGLE : STYLE_DOUBLE;
}
