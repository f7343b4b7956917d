/**
 * Quoted and multi-line plain scalars for the fast reader: where they end (the `yaml`
 * lexer's rules) and their values (the `yaml` composer's unfolding and escapes, ported
 * exactly). Anything the reference would report as an error bails.
 */
import { bail } from '../../bail';
import * as chars from '../../chars';

/* Read once: under a CommonJS transform (tsx, vitest) every use of an imported name is a getter call (see json-to-yaml-fast.ts). */
const { BACKSLASH, CR, DASH, DOT, DQUOTE, LF, SPACE, SQUOTE, TAB } = chars;

/**
 * The `yaml` lexer's continueScalar: does the line starting at `offset` continue a scalar
 * whose lines need `indentNext` spaces? Returns where its content starts, or -1. The one
 * rule for every scalar that spans lines: plain, quoted and block (block-scalar.ts).
 */
export function continuesScalar(src: string, offset: number, indentNext: number): number {
  let ch = src.charCodeAt(offset);
  if (indentNext > 0) {
    let indent = 0;
    while (ch === SPACE) ch = src.charCodeAt(++indent + offset);
    if (ch === CR && src.charCodeAt(indent + offset + 1) === LF) return offset + indent + 1;
    return ch === LF || indent >= indentNext ? offset + indent : -1;
  }
  if (ch === DASH || ch === DOT) {
    const dt = src.substr(offset, 3);
    const after = src.charCodeAt(offset + 3);
    if ((dt === '---' || dt === '...') && (Number.isNaN(after) || after === SPACE || after === LF || after === CR || after === TAB)) {
      return -1;
    }
  }
  return offset;
}

export interface QuotedScalar {
  value: string;
  /** Offset after the closing quote. */
  end: number;
  /** The value may need escaping in JSON (a quote, a backslash, a control character...). */
  esc: boolean;
  multiline: boolean;
}

/**
 * A quoted scalar starting at `p` (its quote). `indentNext`: the indentation its
 * continuation lines need (the lexer's rule; 0 at the document level).
 */
export function readQuoted(src: string, p: number, indentNext: number): QuotedScalar {
  const quote = src.charCodeAt(p);
  let end: number;
  if (quote === SQUOTE) {
    end = src.indexOf("'", p + 1);
    while (end !== -1 && src.charCodeAt(end + 1) === SQUOTE) end = src.indexOf("'", end + 2);
  } else {
    end = src.indexOf('"', p + 1);
    while (end !== -1) {
      let n = 0;
      while (src.charCodeAt(end - 1 - n) === BACKSLASH) n++;
      if (n % 2 === 0) break;
      end = src.indexOf('"', end + 1);
    }
  }
  if (end === -1) bail('unclosed quote');
  // Line breaks inside: every continuation line must be indented enough.
  let nl = src.indexOf('\n', p);
  const multiline = nl !== -1 && nl < end;
  if (multiline) {
    while (nl !== -1 && nl < end) {
      const cs = continuesScalar(src, nl + 1, indentNext);
      if (cs === -1) bail('quoted scalar continuation not indented');
      nl = src.indexOf('\n', cs);
    }
  }
  const source = src.slice(p, end + 1);
  let value: string;
  let esc = false;
  if (quote === SQUOTE) {
    value = multiline ? unfoldLines(source.slice(1, -1)).replace(/''/g, "'") : source.slice(1, -1).replace(/''/g, "'");
    esc = needsJsonEscape(value);
  } else {
    const inner = source.slice(1, -1);
    if (!multiline && inner.indexOf('\\') === -1) {
      value = inner;
      esc = needsJsonEscape(value);
    } else {
      value = doubleQuotedValue(source);
      esc = true;
    }
  }
  return { value, end: end + 1, esc, multiline };
}

/** Whether JSON.stringify would escape something in `s` (quote, backslash, control). */
export function needsJsonEscape(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < SPACE || c === DQUOTE || c === BACKSLASH || (c >= 0xd800 && c <= 0xdfff)) return true;
  }
  return false;
}

/** The `yaml` composer's unfoldLines (plain and single-quoted multi-line scalars). */
export function unfoldLines(source: string): string {
  const line = /(.*?)\r?\n/sy;
  let match = line.exec(source);
  if (!match) return source;
  const trimEnd = /(?<![ \t])[ \t]+$/;
  const trimBoth = /^[ \t]+|(?<![ \t])[ \t]+$/g;
  let res = match[1]!.replace(trimEnd, '');
  let sep = ' ';
  let pos = line.lastIndex;
  while ((match = line.exec(source))) {
    const lm = match[1]!.replace(trimBoth, '');
    if (lm === '') {
      if (sep === '\n') res += sep;
      else sep = '\n';
    } else {
      res += sep + lm;
      sep = ' ';
    }
    pos = line.lastIndex;
  }
  const last = /[ \t]*(.*)/sy;
  last.lastIndex = pos;
  match = last.exec(source);
  return res + sep + (match?.[1] ?? '');
}

const ESCAPES: Record<string, string> = {
  '0': '\0',
  a: '\x07',
  b: '\b',
  e: '\x1b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
  v: '\v',
  N: '\u0085',
  _: '\u00a0',
  L: '\u2028',
  P: '\u2029',
  ' ': ' ',
  '"': '"',
  '/': '/',
  '\\': '\\',
  '\t': '\t',
};

/** The `yaml` composer's doubleQuotedValue; an invalid escape bails. */
function doubleQuotedValue(source: string): string {
  let res = '';
  for (let i = 1; i < source.length - 1; ++i) {
    const ch = source[i]!;
    if (ch === '\r' && source[i + 1] === '\n') continue;
    if (ch === '\n') {
      const { fold, offset } = foldNewline(source, i);
      res += fold;
      i = offset;
    } else if (ch === '\\') {
      let next = source[++i]!;
      const cc = ESCAPES[next];
      if (cc !== undefined) res += cc;
      else if (next === '\n') {
        next = source[i + 1]!;
        while (next === ' ' || next === '\t') next = source[++i + 1]!;
      } else if (next === '\r' && source[i + 1] === '\n') {
        next = source[++i + 1]!;
        while (next === ' ' || next === '\t') next = source[++i + 1]!;
      } else if (next === 'x' || next === 'u' || next === 'U') {
        const length = next === 'x' ? 2 : next === 'u' ? 4 : 8;
        const cc = source.substr(i + 1, length);
        if (cc.length !== length || !/^[0-9a-fA-F]+$/.test(cc)) bail('bad escape');
        const code = parseInt(cc, 16);
        if (code > 0x10ffff) bail('bad escape');
        res += String.fromCodePoint(code);
        i += length;
      } else bail('bad escape');
    } else if (ch === ' ' || ch === '\t') {
      const wsStart = i;
      let next = source[i + 1];
      while (next === ' ' || next === '\t') next = source[++i + 1];
      if (next !== '\n' && !(next === '\r' && source[i + 2] === '\n')) res += i > wsStart ? source.slice(wsStart, i + 1) : ch;
    } else res += ch;
  }
  return res;
}

function foldNewline(source: string, offset: number): { fold: string; offset: number } {
  let fold = '';
  let ch = source[offset + 1];
  while (ch === ' ' || ch === '\t' || ch === '\n' || ch === '\r') {
    if (ch === '\r' && source[offset + 2] !== '\n') break;
    if (ch === '\n') fold += '\n';
    offset += 1;
    ch = source[offset + 1];
  }
  if (!fold) fold = ' ';
  return { fold, offset };
}
