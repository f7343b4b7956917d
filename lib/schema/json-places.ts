// Where the nodes of a JSON or JSONC document start, for the pointers a validation asks about: a
// second pass over text the converter already read without errors, run only when ajv found
// violations. It trusts the text to be valid (comments and trailing commas allowed) and skips,
// without building anything, every value under a pointer nobody asked about.
import * as chars from '@/lib/converter/chars';
import { childPointer, type PlaceIndex } from './pointer';

/* Read once: under a CommonJS transform (tsx, vitest) each use of an imported name is a getter call. */
const { DQUOTE, BACKSLASH, SLASH, STAR, LF, CR, TAB, SPACE, BOM, COMMA, LBRACE, RBRACE, LBRACKET, RBRACKET } = chars;

interface Frame {
  pointer: string | null;
  isObject: boolean;
  index: number;
}

export function jsonPlaces(text: string, wanted: Set<string>): PlaceIndex {
  const index: PlaceIndex = new Map();
  const frames: Frame[] = [];
  let i = skipBlank(text, 0);
  let slot: string | null = wanted.has('') ? '' : null;
  for (;;) {
    // A value starts at i. Once every wanted pointer has its place, nothing further is needed
    // (in JSON each one names a node that exists: ajv found it there). A key given twice is placed
    // at its first occurrence, though its value is the last one's.
    if (slot !== null) {
      const place = index.get(slot);
      if (place === undefined) index.set(slot, { value: i });
      else place.value = i;
      if (index.size === wanted.size) return index;
    }
    const c = text.charCodeAt(i);
    if (c === LBRACE || c === LBRACKET) {
      frames.push({ pointer: slot, isObject: c === LBRACE, index: -1 });
      i = skipBlank(text, i + 1);
    } else {
      i = skipBlank(text, c === DQUOTE ? stringEnd(text, i) : scalarEnd(text, i));
      if (text.charCodeAt(i) === COMMA) i = skipBlank(text, i + 1);
    }
    // Close what ends here, then find the next value's slot.
    for (;;) {
      const frame = frames[frames.length - 1];
      if (frame === undefined) return index;
      const d = text.charCodeAt(i);
      if (d === RBRACE || d === RBRACKET) {
        frames.pop();
        i = skipBlank(text, i + 1);
        if (text.charCodeAt(i) === COMMA) i = skipBlank(text, i + 1);
        continue;
      }
      if (frame.isObject) {
        const keyStart = i;
        const keyEnd = stringEnd(text, i);
        i = skipBlank(text, keyEnd);
        i = skipBlank(text, i + 1); // the colon
        slot = null;
        if (frame.pointer !== null) {
          const pointer = childPointer(frame.pointer, JSON.parse(text.slice(keyStart, keyEnd)) as string);
          if (wanted.has(pointer)) {
            index.set(pointer, { key: keyStart, value: i });
            slot = pointer;
          }
        }
      } else {
        frame.index++;
        slot = frame.pointer === null ? null : childPointer(frame.pointer, frame.index);
        if (slot !== null && !wanted.has(slot)) slot = null;
      }
      break;
    }
  }
}

/** After the string whose opening quote is at `i`. */
function stringEnd(text: string, i: number): number {
  let end = i;
  for (;;) {
    end = text.indexOf('"', end + 1);
    if (end === -1) return text.length;
    let slashes = 0;
    while (text.charCodeAt(end - 1 - slashes) === BACKSLASH) slashes++;
    if (slashes % 2 === 0) return end + 1;
  }
}

/** After a number or a literal at `i`. */
function scalarEnd(text: string, i: number): number {
  let j = i;
  for (;;) {
    const c = text.charCodeAt(j);
    if (j >= text.length || c === COMMA || c === RBRACE || c === RBRACKET || c <= SPACE || c === SLASH) return j;
    j++;
  }
}

/** After whitespace and comments. */
function skipBlank(text: string, i: number): number {
  for (;;) {
    const c = text.charCodeAt(i);
    if (c === SPACE || c === TAB || c === LF || c === CR || c === BOM) i++;
    else if (c === SLASH && text.charCodeAt(i + 1) === SLASH) {
      const nl = text.indexOf('\n', i);
      i = nl === -1 ? text.length : nl + 1;
    } else if (c === SLASH && text.charCodeAt(i + 1) === STAR) {
      const close = text.indexOf('*/', i + 2);
      i = close === -1 ? text.length : close + 2;
    } else return i;
  }
}
