/**
 * Block scalars (`|`, `>`) for the fast reader: where one ends and what it holds, ported
 * line for line from the `yaml` package (lexer `parseBlockScalar`, composer
 * `resolveBlockScalar`), so that the value is exactly the reference path's. Anything the
 * reference would report as an error bails.
 */
import { bail } from '../../bail';
import * as chars from '../../chars';
import * as flowScalars from './flow-scalars';

/* Read once: under a CommonJS transform (tsx, vitest) every use of an imported name is a getter call (see json-to-yaml-fast.ts). */
const { CR, DASH, GT, HASH, LF, NINE, ONE, PLUS, SPACE, TAB, ZERO } = chars;
const { continuesScalar } = flowScalars;

export interface BlockScalarHeader {
  folded: boolean;
  /** '-' strip, '+' keep, '' clip. */
  chomp: string;
  /** Explicit indentation indicator (1-9), 0 when absent. */
  indent: number;
  /** Where the header's comment starts (-1: none). */
  commentAt: number;
  /** Offset just after the header line's line break (or the input's end). */
  next: number;
}

/** Reads `|2-  # comment` at `p` (the indicator). */
export function readBlockScalarHeader(src: string, p: number): BlockScalarHeader {
  const folded = src.charCodeAt(p) === GT;
  let chomp = '';
  let indent = 0;
  let i = p + 1;
  for (;;) {
    const c = src.charCodeAt(i);
    if ((c === DASH || c === PLUS) && chomp === '') chomp = c === DASH ? '-' : '+';
    else if (c >= ONE && c <= NINE && indent === 0) indent = c - ZERO;
    else break;
    i++;
  }
  const c = src.charCodeAt(i);
  // The header ends at white space, a line break or the end; anything else is an error.
  if (!(c === SPACE || c === TAB || c === LF || c === CR || Number.isNaN(c))) bail('block scalar header');
  let commentAt = -1;
  while (src.charCodeAt(i) === SPACE || src.charCodeAt(i) === TAB) i++;
  if (src.charCodeAt(i) === HASH) {
    commentAt = i;
    const nl = src.indexOf('\n', i);
    i = nl === -1 ? src.length : nl;
    if (src.charCodeAt(i - 1) === CR) i--;
  }
  const e = src.charCodeAt(i);
  if (e === LF) i++;
  else if (e === CR && src.charCodeAt(i + 1) === LF) i += 2;
  else if (!Number.isNaN(e)) bail('block scalar header');
  return { folded, chomp, indent, commentAt, next: i };
}

export interface BlockScalarResult {
  value: string;
  /** Offset after the scalar's last line (a line start, or the input's end). */
  next: number;
  /** Offset where the scalar's source ends (its range end in the reference). */
  end: number;
}

/**
 * The content of a block scalar whose header line ends at `header.next`.
 * `parentIndent` is the indentation of the collection holding it (-1 at the document root).
 */
export function readBlockScalarBody(src: string, header: BlockScalarHeader, parentIndent: number): BlockScalarResult {
  const pos = header.next;
  const len = src.length;
  // The lexer: find the first non-empty line, then every line that continues the scalar.
  let indentNext = parentIndent + 1;
  let nl = pos - 1;
  let indent = 0;
  for (let i = pos; i < len; i++) {
    const c = src.charCodeAt(i);
    if (c === SPACE) indent++;
    else if (c === LF) {
      nl = i;
      indent = 0;
    } else if (c === CR && src.charCodeAt(i + 1) === LF) {
      /* the LF follows */
    } else break;
  }
  if (indent >= indentNext) {
    if (header.indent === 0) indentNext = indent;
    else indentNext = header.indent - 1 + (indentNext === 0 ? 1 : indentNext);
    do {
      const cs = continuesScalar(src, nl + 1, indentNext);
      if (cs === -1) break;
      nl = src.indexOf('\n', cs);
    } while (nl !== -1);
    if (nl === -1) nl = len;
  }
  // Tabs after a less indented line start: the reference reports them.
  {
    let i = nl + 1;
    while (src.charCodeAt(i) === SPACE) i++;
    if (src.charCodeAt(i) === TAB) bail('tab after block scalar');
  }
  if (header.chomp !== '+') {
    for (;;) {
      let i = nl - 1;
      let ch = src.charCodeAt(i);
      if (ch === CR) ch = src.charCodeAt(--i);
      const lastChar = i;
      while (ch === SPACE) ch = src.charCodeAt(--i);
      if (ch === LF && i >= pos && i + 1 + indent > lastChar) nl = i;
      else break;
    }
  }
  const sourceEnd = Math.min(nl + 1, len);
  const source = src.slice(pos, sourceEnd);
  const value = resolveBlockScalarValue(source, header, parentIndent < 0 ? 0 : parentIndent, parentIndent < 0);
  return { value, next: sourceEnd, end: sourceEnd };
}

/** The composer's resolveBlockScalar, for the value only; errors bail. */
function resolveBlockScalarValue(source: string, header: BlockScalarHeader, scalarIndent: number, atRoot: boolean): string {
  const lines = source ? splitLines(source) : [];
  let chompStart = lines.length;
  for (let i = lines.length - 1; i >= 0; --i) {
    const content = lines[i]![1];
    if (content === '' || content === '\r') chompStart = i;
    else break;
  }
  if (chompStart === 0) {
    return header.chomp === '+' && lines.length > 0 ? '\n'.repeat(Math.max(1, lines.length - 1)) : '';
  }
  let trimIndent = scalarIndent + header.indent;
  let contentStart = 0;
  for (let i = 0; i < chompStart; ++i) {
    const [ind, content] = lines[i]!;
    if (content === '' || content === '\r') {
      if (header.indent === 0 && ind.length > trimIndent) trimIndent = ind.length;
    } else {
      if (ind.length < trimIndent) bail('block scalar: more-indented leading empty lines');
      if (header.indent === 0) trimIndent = ind.length;
      contentStart = i;
      if (trimIndent === 0 && !atRoot) bail('block scalar not indented');
      break;
    }
  }
  for (let i = lines.length - 1; i >= chompStart; --i) {
    if (lines[i]![0].length > trimIndent) chompStart = i + 1;
  }
  let value = '';
  let sep = '';
  let prevMoreIndented = false;
  for (let i = 0; i < contentStart; ++i) value += lines[i]![0].slice(trimIndent) + '\n';
  for (let i = contentStart; i < chompStart; ++i) {
    const line = lines[i]!;
    const ind = line[0];
    let content = line[1];
    if (content.charCodeAt(content.length - 1) === CR) content = content.slice(0, -1);
    if (content && ind.length < trimIndent) bail('block scalar line less indented');
    if (!header.folded) {
      value += sep + ind.slice(trimIndent) + content;
      sep = '\n';
    } else if (ind.length > trimIndent || content.charCodeAt(0) === TAB) {
      if (sep === ' ') sep = '\n';
      else if (!prevMoreIndented && sep === '\n') sep = '\n\n';
      value += sep + ind.slice(trimIndent) + content;
      sep = '\n';
      prevMoreIndented = true;
    } else if (content === '') {
      if (sep === '\n') value += '\n';
      else sep = '\n';
    } else {
      value += sep + content;
      sep = ' ';
      prevMoreIndented = false;
    }
  }
  switch (header.chomp) {
    case '-':
      break;
    case '+':
      for (let i = chompStart; i < lines.length; ++i) value += '\n' + lines[i]![0].slice(trimIndent);
      if (value.charCodeAt(value.length - 1) !== LF) value += '\n';
      break;
    default:
      value += '\n';
  }
  return value;
}

/** `[indent, content]` per line, as the `yaml` package splits a block scalar's source. */
function splitLines(source: string): [string, string][] {
  const split = source.split(/\n( *)/);
  const first = split[0]!;
  const m = /^( *)/.exec(first);
  const line0: [string, string] = m?.[1] ? [m[1], first.slice(m[1].length)] : ['', first];
  const lines: [string, string][] = [line0];
  for (let i = 1; i < split.length; i += 2) lines.push([split[i]!, split[i + 1]!]);
  return lines;
}
