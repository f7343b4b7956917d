/**
 * The JSON text of a plain YAML 1.2 scalar, exactly as resolvePlain + writeJson give it,
 * without their regular expressions for the common forms: words, decimal integers,
 * simple decimals, the core booleans and nulls. Anything else goes to resolvePlain.
 */
import type { YNode } from '../../types';
import { resolvePlain } from '../resolve-scalar';

/** JSON text for a plain scalar `s` (non-empty); `esc`: s may need escaping as a JSON string. */
export function plainScalarJson(s: string, esc: boolean, onSpecial: (text: string) => void): string {
  const n = s.length;
  const c = s.charCodeAt(0);
  if (c >= 48 && c <= 57) return numberLike(s, 0, esc, onSpecial);
  switch (c) {
    case 45: // -
      if (n > 1) {
        const d = s.charCodeAt(1);
        if (d >= 49 && d <= 57) return numberLike(s, 1, esc, onSpecial);
      }
      return slow(s, esc, onSpecial);
    case 43: // +
    case 46: // .
      return slow(s, esc, onSpecial);
    case 126: // ~
      return n === 1 ? 'null' : quote(s, esc);
    case 110: // n
    case 78: // N
      return n === 4 && (s === 'null' || s === 'Null' || s === 'NULL') ? 'null' : quote(s, esc);
    case 116: // t
    case 84: // T
      return n === 4 && (s === 'true' || s === 'True' || s === 'TRUE') ? 'true' : quote(s, esc);
    case 102: // f
    case 70: // F
      return n === 5 && (s === 'false' || s === 'False' || s === 'FALSE') ? 'false' : quote(s, esc);
  }
  return quote(s, esc);
}

/**
 * `s` starts with digits at `from` (after an optional `-` that is followed by 1-9).
 * Integers and `digits.digits` without leading zeros are their own JSON text; a digit run
 * followed by anything that cannot continue a number is a string; the rest is resolvePlain's.
 */
function numberLike(s: string, from: number, esc: boolean, onSpecial: (text: string) => void): string {
  const n = s.length;
  let i = from;
  while (i < n && isDigit(s.charCodeAt(i))) i++;
  const leadingZero = s.charCodeAt(from) === 48 && i - from > 1;
  if (i === n) return leadingZero ? slow(s, esc, onSpecial) : s;
  const c = s.charCodeAt(i);
  if (c === 46) {
    let j = i + 1;
    while (j < n && isDigit(s.charCodeAt(j))) j++;
    if (j === n) return leadingZero || j === i + 1 ? slow(s, esc, onSpecial) : s;
    const d = s.charCodeAt(j);
    if (d === 101 || d === 69) return slow(s, esc, onSpecial);
    // `1.2.3`, `0.5s`: no core form continues like this.
    return quote(s, esc);
  }
  // e/E (exponent), x/o (hex, octal after 0): resolvePlain decides.
  if (c === 101 || c === 69 || c === 120 || c === 111) return slow(s, esc, onSpecial);
  return quote(s, esc);
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

function quote(s: string, esc: boolean): string {
  return esc ? JSON.stringify(s) : '"' + s + '"';
}

function slow(s: string, esc: boolean, onSpecial: (text: string) => void): string {
  return nodeJson(resolvePlain(s, '1.2'), s, esc, onSpecial);
}

/**
 * The JSON text of a plain YAML 1.1 scalar (yamlVersion "1.1"), straight from resolvePlain:
 * 1.1 conversions are asked for, not the default, and are kept out of the 1.2 shortcuts above.
 */
export function plainScalarJson11(s: string, esc: boolean, onSpecial: (text: string) => void): string {
  return nodeJson(resolvePlain(s, '1.1'), s, esc, onSpecial);
}

/** The JSON text writeJson gives a resolved scalar. */
export function nodeJson(node: YNode, s: string, esc: boolean, onSpecial: (text: string) => void): string {
  switch (node.kind) {
    case 'number':
      if (node.special === true) {
        onSpecial(node.text);
        return '"' + node.text + '"';
      }
      return node.text;
    case 'bool':
      return node.value ? 'true' : 'false';
    case 'null':
      return 'null';
    default:
      return quote(s, esc);
  }
}
