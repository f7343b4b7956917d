// A schema's regular expressions (`pattern`, the keys of `patternProperties`) run on RE2 (re2js, pure
// JavaScript, so also in the browser's worker): time linear in the string whatever the pattern, where
// V8's backtracking engine takes exponential time on `^(a+)+$` against `aaaa...!`. A pattern is written
// in ECMA-262 syntax with the `u` flag (as ajv reads it): V8 checks that syntax first (its SyntaxError
// stays the refusal it was), then the pattern is rewritten in RE2's syntax with ECMA-262's meaning where
// the two differ (`.`, `\s`, escapes, classes, property names). What RE2 cannot run in linear time
// (backreferences, lookahead, lookbehind) is refused with UnsupportedPattern, turned into a 400 by
// compile.ts.
import type { RegExpEngine } from 'ajv/dist/types';
import { RE2JS } from 're2js';

/** A pattern valid in ECMA-262 that RE2 does not run; `reason` completes "The schema's "pattern" "..." ...". */
export class UnsupportedPattern extends Error {
  constructor(
    readonly pattern: string,
    readonly reason: string,
  ) {
    super(`The pattern ${JSON.stringify(pattern)} ${reason}`);
    this.name = 'UnsupportedPattern';
  }
}

/** The pattern engine ajv is given (`code.regExp`): ECMA-262 syntax, RE2's linear-time matching. */
export const linearRegExp: RegExpEngine = Object.assign(
  (pattern: string, flags: string) => {
    // ajv passes "u" (its `unicodeRegExp`, on by default); the rewriting below is for that syntax only.
    if (flags !== 'u') throw new Error(`Schema patterns are read with the "u" flag, not ${JSON.stringify(flags)}.`);
    // Only parsed, never run: a SyntaxError here is the refusal it always was.
    new RegExp(pattern, flags);
    const compiled = compileRe2(pattern, toRe2Syntax(pattern));
    // ajv shares one compiled pattern between the places that use the same one, keyed by toString().
    return { test: (text: string) => compiled.test(text), toString: () => `/${pattern}/${flags}` };
  },
  { code: 'linearRegExp' },
);

function compileRe2(pattern: string, source: string): RE2JS {
  try {
    return RE2JS.compile(source);
  } catch (err) {
    const description = (err instanceof Error ? err.message.replace(/^error parsing regexp: /, '') : String(err)).slice(0, 200);
    // RE2 expands counted repetition, and bounds it (1,000, nested counts multiplied).
    const why = /repeat count/.test(description) ? ' (RE2 repeats at most 1,000 times, nested counts multiplied)' : '';
    throw new UnsupportedPattern(pattern, `is one RE2 cannot compile: ${description}${why}`);
  }
}

/* --------------------------------------------------------------------------------------------- */
/* ECMA-262 (u flag) -> RE2 syntax.                                                               */
/* --------------------------------------------------------------------------------------------- */

type Ranges = ReadonlyArray<readonly [number, number]>;

const MAX_CODE_POINT = 0x10ffff;
/** ECMA-262's WhiteSpace and LineTerminator: what `\s` matches (RE2's `\s` is ASCII only). */
const WHITE_SPACE: Ranges = [
  [0x09, 0x0d],
  [0x20, 0x20],
  [0xa0, 0xa0],
  [0x1680, 0x1680],
  [0x2000, 0x200a],
  [0x2028, 0x2029],
  [0x202f, 0x202f],
  [0x205f, 0x205f],
  [0x3000, 0x3000],
  [0xfeff, 0xfeff],
];
/** What `.` does not match without the `s` flag (RE2's `.` stops at `\n` only). */
const LINE_TERMINATORS: Ranges = [
  [0x0a, 0x0a],
  [0x0d, 0x0d],
  [0x2028, 0x2029],
];
const ASCII: Ranges = [[0, 0x7f]];

function complement(ranges: Ranges): Ranges {
  const out: Array<[number, number]> = [];
  let next = 0;
  for (const [low, high] of ranges) {
    if (low > next) out.push([next, low - 1]);
    next = high + 1;
  }
  if (next <= MAX_CODE_POINT) out.push([next, MAX_CODE_POINT]);
  return out;
}

const hex = (codePoint: number) => `\\x{${codePoint.toString(16)}}`;
const rangesText = (ranges: Ranges) => ranges.map(([low, high]) => (low === high ? hex(low) : `${hex(low)}-${hex(high)}`)).join('');

/** A class escape (`\d`, `\s`, `\p{L}`...): its text inside a class and on its own. */
interface CharacterSet {
  inClass: string;
  alone: string;
}
const setOf = (ranges: Ranges): CharacterSet => ({ inClass: rangesText(ranges), alone: `[${rangesText(ranges)}]` });
const sameText = (text: string): CharacterSet => ({ inClass: text, alone: text });

/** General_Category values by their long names and aliases (ECMA-262 accepts them; RE2 knows the short ones). */
const GENERAL_CATEGORIES: ReadonlyMap<string, string> = new Map([
  ['Other', 'C'],
  ['Control', 'Cc'],
  ['cntrl', 'Cc'],
  ['Format', 'Cf'],
  ['Unassigned', 'Cn'],
  ['Private_Use', 'Co'],
  ['Surrogate', 'Cs'],
  ['Letter', 'L'],
  ['Cased_Letter', 'LC'],
  ['Lowercase_Letter', 'Ll'],
  ['Modifier_Letter', 'Lm'],
  ['Other_Letter', 'Lo'],
  ['Titlecase_Letter', 'Lt'],
  ['Uppercase_Letter', 'Lu'],
  ['Mark', 'M'],
  ['Combining_Mark', 'M'],
  ['Spacing_Mark', 'Mc'],
  ['Enclosing_Mark', 'Me'],
  ['Nonspacing_Mark', 'Mn'],
  ['Number', 'N'],
  ['Decimal_Number', 'Nd'],
  ['digit', 'Nd'],
  ['Letter_Number', 'Nl'],
  ['Other_Number', 'No'],
  ['Punctuation', 'P'],
  ['punct', 'P'],
  ['Connector_Punctuation', 'Pc'],
  ['Dash_Punctuation', 'Pd'],
  ['Close_Punctuation', 'Pe'],
  ['Final_Punctuation', 'Pf'],
  ['Initial_Punctuation', 'Pi'],
  ['Other_Punctuation', 'Po'],
  ['Open_Punctuation', 'Ps'],
  ['Symbol', 'S'],
  ['Currency_Symbol', 'Sc'],
  ['Modifier_Symbol', 'Sk'],
  ['Math_Symbol', 'Sm'],
  ['Other_Symbol', 'So'],
  ['Separator', 'Z'],
  ['Line_Separator', 'Zl'],
  ['Paragraph_Separator', 'Zp'],
  ['Space_Separator', 'Zs'],
]);
const SHORT_CATEGORIES = new Set(GENERAL_CATEGORIES.values());

const DOT = setOf(complement(LINE_TERMINATORS));
const EVERYTHING = setOf([[0, MAX_CODE_POINT]]);

const RUN_IN_LINEAR_TIME = 'which this service does not run (patterns run in linear time, RE2 syntax)';
const BACKREFERENCE = `uses a backreference, ${RUN_IN_LINEAR_TIME}`;
const LOOKAHEAD = `uses a lookahead, ${RUN_IN_LINEAR_TIME}`;
const LOOKBEHIND = `uses a lookbehind, ${RUN_IN_LINEAR_TIME}`;

/** Property names RE2 knows, found by compiling `\p{name}` once. */
const knownToRe2 = new Map<string, boolean>();
function re2Knows(name: string): boolean {
  let known = knownToRe2.get(name);
  if (known === undefined) {
    try {
      RE2JS.compile(`\\p{${name}}`);
      known = true;
    } catch {
      known = false;
    }
    knownToRe2.set(name, known);
  }
  return known;
}

/**
 * Rewrites one pattern. It has passed V8's `u`-flag parser, whose grammar is strict (no stray `{`, `}`
 * or `]`, escapes only of syntax characters), so a character not handled below is a literal.
 */
export function toRe2Syntax(pattern: string): string {
  return new PatternRewriter(pattern).rewrite();
}

class PatternRewriter {
  private at = 0;
  private out = '';

  constructor(private readonly pattern: string) {}

  rewrite(): string {
    const { pattern } = this;
    while (this.at < pattern.length) {
      const c = pattern[this.at]!;
      if (c === '\\') {
        this.at++;
        const escaped = this.escape(false);
        this.out += typeof escaped === 'number' ? hex(escaped) : escaped.alone;
      } else if (c === '[') this.characterClass();
      else if (c === '(') this.group();
      else if (c === '.') {
        this.out += DOT.alone;
        this.at++;
      } else if (c === '{') {
        // A quantifier (`{2}`, `{2,}`, `{2,5}`), the same in RE2.
        const end = pattern.indexOf('}', this.at);
        this.out += pattern.slice(this.at, end + 1);
        this.at = end + 1;
      } else if ('^$|)*+?'.includes(c)) {
        this.out += c;
        this.at++;
      } else this.out += this.literal(this.sourceCharacter());
    }
    return this.out;
  }

  private refuse(reason: string): never {
    throw new UnsupportedPattern(this.pattern, reason);
  }

  private sourceCharacter(): number {
    const codePoint = this.pattern.codePointAt(this.at)!;
    this.at += codePoint > 0xffff ? 2 : 1;
    return codePoint;
  }

  private literal(codePoint: number): string {
    return /[A-Za-z0-9_ ]/.test(String.fromCodePoint(codePoint)) ? String.fromCodePoint(codePoint) : hex(codePoint);
  }

  private group(): void {
    const rest = this.pattern.slice(this.at, this.at + 4);
    if (rest.startsWith('(?=') || rest.startsWith('(?!')) this.refuse(LOOKAHEAD);
    if (rest.startsWith('(?<=') || rest.startsWith('(?<!')) this.refuse(LOOKBEHIND);
    if (rest.startsWith('(?<')) {
      // A named group: captures mean nothing to `test`, and group names are spelt differently in RE2.
      this.out += '(';
      this.at = this.pattern.indexOf('>', this.at) + 1;
    } else if (rest.startsWith('(?:')) {
      this.out += '(?:';
      this.at += 3;
    } else if (rest.startsWith('(?')) {
      // Modifiers (`(?i:...)`), which newer JavaScript engines accept: RE2 spells flags otherwise.
      this.refuse(`uses a modifier group ("(?" and flags), ${RUN_IN_LINEAR_TIME}`);
    } else {
      this.out += '(';
      this.at++;
    }
  }

  private characterClass(): void {
    const { pattern } = this;
    this.at++;
    const negated = pattern[this.at] === '^';
    if (negated) this.at++;
    let body = '';
    while (pattern[this.at] !== ']') {
      const first = this.classAtom();
      if (typeof first === 'number' && pattern[this.at] === '-' && pattern[this.at + 1] !== ']') {
        this.at++;
        // In the `u` grammar both ends of a range are single characters.
        body += `${hex(first)}-${hex(this.classAtom() as number)}`;
      } else body += typeof first === 'number' ? hex(first) : first.inClass;
    }
    this.at++;
    // `[]` matches nothing and `[^]` anything; RE2 would read a `]` right after `[` as a literal.
    if (body === '') this.out += negated ? EVERYTHING.alone : `[^${EVERYTHING.inClass}]`;
    else this.out += negated ? `[^${body}]` : `[${body}]`;
  }

  private classAtom(): number | CharacterSet {
    if (this.pattern[this.at] !== '\\') return this.sourceCharacter();
    this.at++;
    return this.escape(true);
  }

  /** After a backslash: a character (its code point) or a set of them. */
  private escape(inClass: boolean): number | CharacterSet {
    const { pattern } = this;
    const c = pattern[this.at]!;
    this.at++;
    switch (c) {
      case 'd':
      case 'D':
      case 'w':
      case 'W':
        // ASCII digits and word characters in both (no `i` flag here).
        return sameText(`\\${c}`);
      case 's':
        return setOf(WHITE_SPACE);
      case 'S':
        return setOf(complement(WHITE_SPACE));
      case 'b':
        return inClass ? 0x08 : sameText('\\b');
      case 'B':
        return sameText('\\B');
      case 'p':
      case 'P':
        return this.property(c === 'P');
      case 't':
        return 0x09;
      case 'n':
        return 0x0a;
      case 'v':
        return 0x0b;
      case 'f':
        return 0x0c;
      case 'r':
        return 0x0d;
      case 'c':
        return pattern.charCodeAt(this.at++) % 32;
      case '0':
        return 0;
      case 'x':
        this.at += 2;
        return Number.parseInt(pattern.slice(this.at - 2, this.at), 16);
      case 'u':
        return this.unicodeEscape();
      case 'k':
        return this.refuse(BACKREFERENCE);
      default:
        if (c >= '1' && c <= '9') return this.refuse(BACKREFERENCE);
        // An escaped syntax character, `/`, or `-` in a class: the character itself.
        return c.codePointAt(0)!;
    }
  }

  /** `\u{...}`, or `\uXXXX` (a surrogate pair of two such escapes is one code point under `u`). */
  private unicodeEscape(): number {
    const { pattern } = this;
    if (pattern[this.at] === '{') {
      const end = pattern.indexOf('}', this.at);
      const codePoint = Number.parseInt(pattern.slice(this.at + 1, end), 16);
      this.at = end + 1;
      return codePoint;
    }
    const unit = Number.parseInt(pattern.slice(this.at, this.at + 4), 16);
    this.at += 4;
    if (unit >= 0xd800 && unit <= 0xdbff && /^\\u[dD][c-fC-F][0-9a-fA-F]{2}/.test(pattern.slice(this.at, this.at + 6))) {
      const low = Number.parseInt(pattern.slice(this.at + 2, this.at + 6), 16);
      this.at += 6;
      return (unit - 0xd800) * 0x400 + (low - 0xdc00) + 0x10000;
    }
    return unit;
  }

  /** `\p{...}` / `\P{...}` in RE2's names: General_Category and Script values; of the binary properties, Any, ASCII and Assigned. */
  private property(negated: boolean): CharacterSet {
    const { pattern } = this;
    const end = pattern.indexOf('}', this.at);
    const body = pattern.slice(this.at + 1, end);
    this.at = end + 1;
    const written = `\\${negated ? 'P' : 'p'}{${body}}`;
    const [name, value] = body.includes('=') ? body.split('=') : [undefined, body];
    let re2Name: string | undefined;
    if (name === undefined) {
      if (value === 'ASCII') return setOf(negated ? complement(ASCII) : ASCII);
      if (value === 'Assigned') return sameText(negated ? '\\p{Cn}' : '\\P{Cn}');
      if (value === 'Any' || SHORT_CATEGORIES.has(value!)) re2Name = value;
      else re2Name = GENERAL_CATEGORIES.get(value!);
    } else if (name === 'General_Category' || name === 'gc') re2Name = GENERAL_CATEGORIES.get(value!) ?? value;
    else if (name === 'Script' || name === 'sc') re2Name = value;
    if (re2Name === undefined || !re2Knows(re2Name)) {
      return this.refuse(
        `uses the Unicode property ${written}, which RE2 does not have (it has the General_Category values, such as \\p{L}, and the scripts by their full names, such as \\p{Script=Greek})`,
      );
    }
    return sameText(`\\${negated ? 'P' : 'p'}{${re2Name}}`);
  }
}
