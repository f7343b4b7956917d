import { ConversionError } from './errors';
import type { ValidationIssue } from './types';

/** Bytes of the UTF-8 encoding of `s`, without allocating it. A lone surrogate counts as U+FFFD (3 bytes). */
export function utf8ByteLength(s: string): number {
  let bytes = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        bytes += 4;
        i++;
      } else bytes += 3;
    } else bytes += 3;
  }
  return bytes;
}

/**
 * Decodes UTF-8 bytes strictly. Invalid bytes are an `invalid_input` error whose detail
 * has code `INVALID_UTF8` and the 1-based line and column of the first bad byte.
 * A leading byte order mark is removed.
 */
export function decodeUtf8OrThrow(bytes: Uint8Array): string {
  try {
    const text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
    return text;
  } catch {
    const issue = locateInvalidUtf8(bytes);
    throw new ConversionError('invalid_input', issue.message, [issue]);
  }
}

/** Finds the first invalid UTF-8 sequence and says where it is. */
export function locateInvalidUtf8(bytes: Uint8Array): ValidationIssue {
  let line = 1;
  let column = 1;
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i]!;
    let need = 0;
    let min = 0;
    if (b < 0x80) need = 0;
    else if (b >= 0xc2 && b <= 0xdf) (need = 1), (min = 0x80);
    else if (b >= 0xe0 && b <= 0xef) (need = 2), (min = 0x800);
    else if (b >= 0xf0 && b <= 0xf4) (need = 3), (min = 0x10000);
    else return invalid(line, column, i, b);
    let cp = need === 0 ? b : b & (0x3f >> need);
    for (let k = 1; k <= need; k++) {
      const c = bytes[i + k];
      if (c === undefined || (c & 0xc0) !== 0x80) return invalid(line, column, i, b);
      cp = (cp << 6) | (c & 0x3f);
    }
    if (need > 0 && (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))) {
      return invalid(line, column, i, b);
    }
    if (b === 0x0a) {
      line++;
      column = 1;
    } else column += cp >= 0x10000 ? 2 : 1;
    i += need + 1;
  }
  return { message: 'Input is not valid UTF-8.', line, column, code: 'INVALID_UTF8' };
}

function invalid(line: number, column: number, offset: number, byte: number): ValidationIssue {
  return {
    message: `Invalid UTF-8 byte 0x${byte.toString(16).padStart(2, '0')} at byte offset ${offset}.`,
    line,
    column,
    code: 'INVALID_UTF8',
  };
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * A JSON request body can carry `\ud800`: a string that is not Unicode text and has no
 * UTF-8 form. The first unpaired surrogate is reported like invalid UTF-8, with its place.
 */
export function findLoneSurrogate(input: string): ValidationIssue | null {
  const match = LONE_SURROGATE.exec(input);
  if (!match) return null;
  const index = match.index;
  const lineStart = input.lastIndexOf('\n', index - 1) + 1;
  let line = 1;
  for (let i = input.indexOf('\n'); i !== -1 && i < index; i = input.indexOf('\n', i + 1)) line++;
  const unit = input.charCodeAt(index).toString(16).toUpperCase();
  return {
    message: `Lone surrogate U+${unit}: not a Unicode character, so it has no UTF-8 form.`,
    line,
    column: index - lineStart + 1,
    code: 'INVALID_UTF8',
  };
}
