/**
 * Implicit typing of YAML scalars, done here rather than by the `yaml` package so that
 * numbers keep their exact digits and both schemas (1.2 core, 1.1) are under our control.
 * Every number comes out as RFC 8259 number text.
 */
import { ConversionError } from '../errors';
import { MAX_INTEGER_DIGITS } from '../limits';
import type { YamlVersion, YNode } from '../types';

export type { YamlVersion };

/** The kind a scalar is resolved to, before it becomes an IR node. */
export type ScalarKind = 'null' | 'bool' | 'int' | 'float' | 'string';

const CORE_NULL = /^(?:~|null|Null|NULL|)$/;
const CORE_TRUE = /^(?:true|True|TRUE)$/;
const CORE_FALSE = /^(?:false|False|FALSE)$/;
const CORE_INT_DEC = /^[-+]?[0-9]+$/;
const CORE_INT_OCT = /^0o([0-7]+)$/;
const CORE_INT_HEX = /^0x([0-9a-fA-F]+)$/;
const CORE_FLOAT = /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?$/;
const CORE_INF = /^([-+]?)\.(?:inf|Inf|INF)$/;
const CORE_NAN = /^\.(?:nan|NaN|NAN)$/;

/*
 * YAML 1.1 as PyYAML (the reference 1.1 reader) reads it: the patterns below are PyYAML's
 * implicit resolvers (yaml/resolver.py, 6.0), alternative for alternative; what a match
 * becomes follows its SafeConstructor (yaml/constructor.py). So, unlike some other 1.1
 * readers: `y`/`n` are strings, an exponent needs a sign and a dot (`1.0e+3`; `1e3` is a
 * string), `-.5` is a string, `08` is a string, `-0` is 0. Where PyYAML fails to load a
 * scalar at all (`0b_`, `0x_`: no digits; `=`, the `value` tag) the text stays a string.
 * Timestamps stay strings, as in 1.2 here (contract).
 */

/** bool: `^(?:yes|Yes|YES|no|No|NO|true|True|TRUE|false|False|FALSE|on|On|ON|off|Off|OFF)$` */
const V11_TRUE = /^(?:yes|Yes|YES|true|True|TRUE|on|On|ON)$/;
const V11_FALSE = /^(?:no|No|NO|false|False|FALSE|off|Off|OFF)$/;
/** int, alternative by alternative: `[-+]?0b[0-1_]+` */
const V11_INT_BIN = /^([-+]?)0b([01_]+)$/;
/** `[-+]?0[0-7_]+` (octal: `0755`; also `0_`, `00`) */
const V11_INT_OCT = /^([-+]?)0([0-7_]+)$/;
/** `[-+]?(?:0|[1-9][0-9_]*)` */
const V11_INT_DEC = /^([-+]?)(0|[1-9][0-9_]*)$/;
/** `[-+]?0x[0-9a-fA-F_]+` */
const V11_INT_HEX = /^([-+]?)0x([0-9a-fA-F_]+)$/;
/** `[-+]?[1-9][0-9_]*(?::[0-5]?[0-9])+` (sexagesimal: `1:30` is 90) */
const V11_INT_SEX = /^([-+]?)([1-9][0-9_]*(?::[0-5]?[0-9])+)$/;
/** float: `[-+]?(?:[0-9][0-9_]*)\.[0-9_]*(?:[eE][-+][0-9]+)?` and `\.[0-9][0-9_]*(?:[eE][-+][0-9]+)?` (no sign) */
const V11_FLOAT = /^(?:[-+]?[0-9][0-9_]*\.[0-9_]*|\.[0-9][0-9_]*)(?:[eE][-+][0-9]+)?$/;
/** `[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\.[0-9_]*` (`190:20:30.15`) */
const V11_FLOAT_SEX = /^([-+]?)([0-9][0-9_]*(?::[0-5]?[0-9])+\.[0-9_]*)$/;
/** `[-+]?\.(?:inf|Inf|INF)` and `\.(?:nan|NaN|NAN)`: as in the 1.2 core schema. */
const V11_INF = CORE_INF;
const V11_NAN = CORE_NAN;
/** null: `^(?: ~ |null|Null|NULL | )$`: as in the 1.2 core schema. */
const V11_NULL = CORE_NULL;

/** Resolves a plain (unquoted, untagged) scalar. */
export function resolvePlain(source: string, version: YamlVersion): YNode {
  // Fast exit: most scalars are words, which no numeric/null/bool pattern can match.
  const c = source.charCodeAt(0);
  const maybeSpecial =
    source.length === 0 ||
    (c >= 48 && c <= 57) || // digit
    c === 43 ||
    c === 45 ||
    c === 46 ||
    c === 126 || // + - . ~
    c === 110 ||
    c === 78 ||
    c === 116 ||
    c === 84 ||
    c === 102 ||
    c === 70 || // n N t T f F
    (version === '1.1' && (c === 121 || c === 89 || c === 111 || c === 79)); // y Y o O
  if (!maybeSpecial) return { kind: 'string', value: source };
  return version === '1.1' ? resolve11(source) : resolveCore(source);
}

function resolveCore(s: string): YNode {
  if (CORE_NULL.test(s)) return { kind: 'null' };
  if (CORE_TRUE.test(s)) return { kind: 'bool', value: true };
  if (CORE_FALSE.test(s)) return { kind: 'bool', value: false };
  if (CORE_INT_DEC.test(s)) return num(decimalIntText(s));
  let m = CORE_INT_OCT.exec(s);
  if (m) return num(toBigInt('0o', m[1]!).toString());
  m = CORE_INT_HEX.exec(s);
  if (m) return num(toBigInt('0x', m[1]!).toString());
  if (CORE_FLOAT.test(s)) return num(floatText(s));
  m = CORE_INF.exec(s);
  if (m) return special(m[1] === '-' ? '-.inf' : '.inf');
  if (CORE_NAN.test(s)) return special('.nan');
  return { kind: 'string', value: s };
}

function resolve11(s: string): YNode {
  if (V11_NULL.test(s)) return { kind: 'null' };
  if (V11_TRUE.test(s)) return { kind: 'bool', value: true };
  if (V11_FALSE.test(s)) return { kind: 'bool', value: false };
  return resolve11Number(s) ?? { kind: 'string', value: s };
}

/** PyYAML's construct_yaml_int and construct_yaml_float for what their patterns match; null for anything else. */
function resolve11Number(s: string): YNode | null {
  let m = V11_INT_DEC.exec(s);
  if (m) {
    // Decimal digits are kept as they are (no BigInt: any length converts in linear time).
    const digits = stripUnderscores(m[2]!);
    return num(m[1] === '-' && digits !== '0' ? '-' + digits : digits);
  }
  m = V11_INT_OCT.exec(s);
  if (m) return num(int11(m[1]!, toBigInt('0o', '0' + stripUnderscores(m[2]!))));
  m = V11_INT_HEX.exec(s);
  if (m) return digitsOrString(m[2]!, s) ?? num(int11(m[1]!, toBigInt('0x', stripUnderscores(m[2]!))));
  m = V11_INT_BIN.exec(s);
  if (m) return digitsOrString(m[2]!, s) ?? num(int11(m[1]!, toBigInt('0b', stripUnderscores(m[2]!))));
  m = V11_INT_SEX.exec(s);
  if (m) return num(int11(m[1]!, sexagesimalInt(m[2]!)));
  if (V11_FLOAT.test(s)) return num(floatText(stripUnderscores(s)));
  m = V11_FLOAT_SEX.exec(s);
  if (m) return sexagesimalFloat(m[1]!, m[2]!);
  m = V11_INF.exec(s);
  if (m) return special(m[1] === '-' ? '-.inf' : '.inf');
  if (V11_NAN.test(s)) return special('.nan');
  return null;
}

/** `0x_`, `0b__`: PyYAML's pattern matches, its int() fails on no digits; the text stays a string. */
function digitsOrString(digits: string, s: string): YNode | null {
  return stripUnderscores(digits) === '' ? { kind: 'string', value: s } : null;
}

/** An integer as PyYAML gives it: sign applied to the value, so no negative zero. */
function int11(sign: string, value: bigint): string {
  return (sign === '-' && value !== 0n ? '-' : '') + value.toString();
}

/**
 * Resolves a scalar against an explicit core tag (`!!int 12`). Returns null when the text
 * does not fit the tag; the caller then keeps the string and warns.
 */
export function resolveTagged(source: string, tag: 'null' | 'bool' | 'int' | 'float', version: YamlVersion): YNode | null {
  const node = version === '1.1' ? resolve11(source) : resolveCore(source);
  switch (tag) {
    case 'null':
      return node.kind === 'null' ? node : null;
    case 'bool':
      return node.kind === 'bool' ? node : null;
    case 'int':
      return node.kind === 'number' && !node.special && /^-?[0-9]+$/.test(node.text) ? node : null;
    case 'float':
      if (node.kind !== 'number') return null;
      return node;
  }
}

function num(text: string): YNode {
  return { kind: 'number', text };
}

function special(text: '.inf' | '-.inf' | '.nan'): YNode {
  return { kind: 'number', text, special: true };
}

function stripUnderscores(s: string): string {
  return s.indexOf('_') === -1 ? s : s.replace(/_/g, '');
}

/** `+007` -> `7`, `-0` -> `-0`, `0012` -> `12`: JSON forbids a plus sign and leading zeros. */
export function decimalIntText(s: string): string {
  let i = 0;
  let neg = false;
  if (s[0] === '+' || s[0] === '-') {
    neg = s[0] === '-';
    i = 1;
  }
  while (i < s.length - 1 && s[i] === '0') i++;
  return (neg ? '-' : '') + s.slice(i);
}

/** Rewrites a YAML float (`+.5`, `1.`, `007.50e3`) as JSON number text keeping every significant digit. */
export function floatText(s: string): string {
  let sign = '';
  let i = 0;
  if (s[0] === '+' || s[0] === '-') {
    if (s[0] === '-') sign = '-';
    i = 1;
  }
  let rest = s.slice(i);
  let exp = '';
  const e = rest.search(/[eE]/);
  if (e !== -1) {
    exp = rest.slice(e);
    rest = rest.slice(0, e);
  }
  const dot = rest.indexOf('.');
  let intPart = dot === -1 ? rest : rest.slice(0, dot);
  const fracPart = dot === -1 ? null : rest.slice(dot + 1);
  intPart = intPart.replace(/^0+(?=[0-9])/, '');
  if (intPart === '') intPart = '0';
  let out = sign + intPart;
  if (fracPart !== null) out += '.' + (fracPart === '' ? '0' : fracPart);
  if (exp) {
    // JSON allows e, E, e+, e-, with digits; strip leading zeros is not required.
    out += exp;
  }
  return out;
}

/**
 * Integers in base 2, 8, 16 and 60 are written in decimal, which takes BigInt work growing
 * with the square of their length: past MAX_INTEGER_DIGITS digits they are refused.
 */
function checkIntegerLength(digits: number, base: string): void {
  if (digits <= MAX_INTEGER_DIGITS) return;
  throw new ConversionError(
    'limit_exceeded',
    `An integer of ${digits.toLocaleString('en-US')} digits in base ${base} is longer than the limit of ` +
      `${MAX_INTEGER_DIGITS.toLocaleString('en-US')} digits for integers not written in decimal; quote it to keep it as a string.`,
  );
}

function toBigInt(prefix: '0b' | '0o' | '0x', digits: string): bigint {
  checkIntegerLength(digits.length, prefix === '0b' ? '2' : prefix === '0o' ? '8' : '16');
  return BigInt(prefix + digits);
}

function sexagesimalInt(s: string): bigint {
  const clean = stripUnderscores(s);
  checkIntegerLength(clean.length, '60');
  let total = 0n;
  for (const part of clean.split(':')) total = total * 60n + BigInt(part);
  return total;
}

/**
 * A sexagesimal float summed as PyYAML sums it (last part first, in doubles), so the value is
 * the same double; written as JSON number text that still reads as a float (`90.0`).
 */
function sexagesimalFloat(sign: string, s: string): YNode {
  const parts = stripUnderscores(s).split(':');
  let total = 0;
  let base = 1;
  for (let i = parts.length - 1; i >= 0; i--) {
    total += Number(parts[i]) * base;
    base *= 60;
  }
  const negative = sign === '-';
  if (!Number.isFinite(total)) return special(negative ? '-.inf' : '.inf');
  let text = String(total);
  // Number -> String may give an exponent form without a fraction ("1e+21"): valid JSON as it is.
  if (!/[.e]/.test(text)) text += '.0';
  return num((negative ? '-' : '') + text);
}
