// JSON object members: keys, duplicate keys (and where the first one stood), colons.
import * as chars from '../chars';
import { type KeyPosition, duplicateKeyMessage, quoteForMessage } from '../messages';
import type { MapNode, StringNode } from '../types';
import { ScalarReader } from './scalars';
import type { Frame } from './reader-state';
import * as readerState from './reader-state';
import * as charClasses from './char-classes';

// Imported bindings read once (why: reader-state.ts).
const { EXPECT_VALUE, AFTER_VALUE, EXPECT_KEY, AFTER_STORED, LINEAR_KEY_SCAN, KEY_CACHE_SIZE, apostropheHint } = readerState;
const { TAB, LF, CR, SPACE, DQUOTE, SQUOTE, STAR, COMMA, SLASH, COLON, LBRACKET, BACKSLASH, RBRACKET, LBRACE, RBRACE } = chars;
const { isBareChar, startsValue } = charClasses;

/**
 * The positions of an object's members (of their keys), found by skimming its text from the
 * opening brace: only for messages about duplicate keys, which name the first key's line. The
 * skim goes on from where it stopped, so an object's text is skimmed once however many
 * duplicates it holds.
 */
export class MemberStarts {
  private readonly starts: KeyPosition[] = [];
  private pos: number;
  private line: number;
  private lineStart: number;
  /** Depth inside the object: 0 is its members' level. */
  private depth = 0;
  private expectMember = true;

  constructor(
    private readonly src: string,
    openAt: number,
    lineStarts: number[],
  ) {
    this.pos = openAt + 1;
    // The last line starting at or before the brace.
    let lo = 0;
    let hi = lineStarts.length;
    while (hi - lo > 1) {
      const mid = (lo + hi) >>> 1;
      if (lineStarts[mid]! <= openAt) lo = mid;
      else hi = mid;
    }
    this.line = lo + 1;
    this.lineStart = lineStarts[lo]!;
  }

  /** Where the member at `index` starts (it has been read: the skim stays within the text read). */
  get(index: number): KeyPosition {
    while (this.starts.length <= index && this.pos < this.src.length) this.step();
    return this.starts[index] ?? { line: this.line, column: this.pos - this.lineStart + 1 };
  }

  private step(): void {
    const s = this.src;
    const c = s.charCodeAt(this.pos);
    if (c === LF || c === CR) {
      this.pos += c === CR && s.charCodeAt(this.pos + 1) === LF ? 2 : 1;
      this.newLine();
      return;
    }
    if (this.depth === 0 && this.expectMember && (c === DQUOTE || isBareChar(c))) {
      this.starts.push({ line: this.line, column: this.pos - this.lineStart + 1 });
      this.expectMember = false;
    }
    if (c === DQUOTE) this.skipString();
    else if (c === SLASH && s.charCodeAt(this.pos + 1) === STAR) this.skipBlockComment();
    else if (c === SLASH && s.charCodeAt(this.pos + 1) === SLASH) {
      while (this.pos < s.length && s.charCodeAt(this.pos) !== LF && s.charCodeAt(this.pos) !== CR) this.pos++;
    } else {
      if (c === LBRACE || c === LBRACKET) this.depth++;
      else if (c === RBRACE || c === RBRACKET) this.depth--;
      else if (c === COMMA && this.depth === 0) this.expectMember = true;
      this.pos++;
    }
  }

  private skipString(): void {
    const s = this.src;
    let p = this.pos + 1;
    for (; p < s.length; p++) {
      const c = s.charCodeAt(p);
      if (c === DQUOTE) break;
      if (c === BACKSLASH) p++;
      else if (c === LF || (c === CR && s.charCodeAt(p + 1) !== LF)) {
        this.line++;
        this.lineStart = p + 1;
      }
    }
    this.pos = p + 1;
  }

  private skipBlockComment(): void {
    const s = this.src;
    const end = s.indexOf('*/', this.pos + 2);
    const stop = end < 0 ? s.length : end + 2;
    for (let p = this.pos + 2; p < stop; p++) {
      const c = s.charCodeAt(p);
      if (c === LF || (c === CR && s.charCodeAt(p + 1) !== LF)) {
        this.line++;
        this.lineStart = p + 1;
      }
    }
    this.pos = stop;
  }

  private newLine(): void {
    this.line++;
    this.lineStart = this.pos;
  }
}

/** An object member up to its value: the key (one node per distinct key), a duplicate warned about, the colon. */
export abstract class MemberReader extends ScalarReader {
  /** EXPECT_KEY: an object member's key (a duplicate is warned about) and its colon. */
  protected readMemberKey(frame: Frame): number {
    this.trailingCommentTarget = null;
    const keyLine = this.line;
    const keyColumn = this.pos - this.lineStart + 1;
    let key: string;
    if (this.src.charCodeAt(this.pos) === DQUOTE) key = this.readString();
    else {
      const unquoted = this.unquotedKey(frame);
      if (typeof unquoted === 'number') return unquoted;
      key = unquoted;
    }
    frame.key = this.keyNode(key);
    frame.duplicateOf = this.findDuplicate(frame, key);
    if (frame.duplicateOf >= 0) this.warnDuplicateKey(frame, key, keyLine, keyColumn);
    this.skipTrivia();
    if (this.src.charCodeAt(this.pos) === COLON) this.pos++;
    else return this.missingColon(key);
    this.skipTrivia();
    if (this.pos >= this.len) this.failEnd('a value for the key', key);
    return EXPECT_VALUE;
  }

  protected warnDuplicateKey(frame: Frame, key: string, line: number, column: number): void {
    const lineStarts = (this.lineStarts ??= lineStartsOf(this.src));
    const first = (frame.memberStarts ??= new MemberStarts(this.src, frame.openAt, lineStarts)).get(frame.duplicateOf);
    this.warnings.push(`${duplicateKeyMessage(key, first, { line, column })} The last value is kept.`);
  }

  /**
   * Where a key in double quotes should be, something else (reported): a bare word or a
   * single-quoted string is read as the key; otherwise the next state, after skipping what is
   * there (`,` or other characters), reading it as a value (`{`, `[`) or closing (`}`, `]`).
   */
  protected unquotedKey(frame: Frame): string | number {
    const s = this.src;
    const keyPos = this.pos;
    const c = s.charCodeAt(keyPos);
    if (keyPos >= this.len) this.failEnd('a key in double quotes');
    if (isBareChar(c) || c === SQUOTE) {
      const end = this.tokenEnd(keyPos);
      const quoted = c === SQUOTE;
      if (!quoted || (end - keyPos >= 2 && s.charCodeAt(end - 1) === SQUOTE)) {
        const key = quoted ? s.slice(keyPos + 1, end - 1) : s.slice(keyPos, end);
        const found = quoteForMessage(s.slice(keyPos, end));
        this.report('EXPECTED_KEY', `Expected a key in double quotes but found ${found}; object keys must be strings in double quotes.`, keyPos);
        this.pos = end;
        return key;
      }
    }
    this.report('EXPECTED_KEY', `Expected a key in double quotes but found ${this.found(keyPos)}${apostropheHint(c)}.`, keyPos);
    if (c === RBRACE || c === RBRACKET) return AFTER_STORED;
    if (c === COLON || c === LBRACE || c === LBRACKET) {
      // The key is missing: what follows is its value.
      frame.key = this.keyNode('');
      frame.duplicateOf = -1;
      if (c === COLON) this.skipColon();
      return EXPECT_VALUE;
    }
    this.skipJunk();
    return EXPECT_KEY;
  }

  /**
   * No `:` after a key (reported). Before a value, the value is read. At `,`: when a member
   * follows, the key has no value (null); otherwise the comma stands for the colon. At a
   * closing bracket the value is null; other characters are skipped as the colon.
   */
  protected missingColon(key: string): number {
    if (this.pos >= this.len) this.failEnd('":" after the key', key);
    const s = this.src;
    const c = s.charCodeAt(this.pos);
    this.report('MISSING_COLON', `Expected ":" after the key ${quoteForMessage(key)} but found ${this.found(this.pos)}.`, this.pos);
    if (startsValue(c) || c === SQUOTE) return EXPECT_VALUE;
    if (c === RBRACE || c === RBRACKET || (c === COMMA && this.memberOrEndAfterComma())) {
      this.lastValue = { kind: 'null' };
      return AFTER_VALUE;
    }
    this.skipJunk();
    return EXPECT_VALUE;
  }

  /** At `,`: whether a member (a key and its colon) or the closing `}` comes after it. */
  protected memberOrEndAfterComma(): boolean {
    const s = this.src;
    let p = this.pos + 1;
    let c = s.charCodeAt(p);
    while (c === SPACE || c === TAB || c === LF || c === CR) c = s.charCodeAt(++p);
    if (c === RBRACE) return true;
    return (c === DQUOTE || c === SQUOTE || isBareChar(c)) && this.followedByColon(this.tokenEnd(p));
  }

  /** Whether `c` at `pos` starts an object member: a string or a bare word followed by `:`. */
  protected startsMember(c: number): boolean {
    if (c !== DQUOTE && c !== SQUOTE && !isBareChar(c)) return false;
    return this.followedByColon(this.tokenEnd(this.pos));
  }

  /** Whether the first character from `p` on that is not a space or a tab is `:`. */
  protected followedByColon(p: number): boolean {
    const s = this.src;
    let c = s.charCodeAt(p);
    while (c === SPACE || c === TAB) c = s.charCodeAt(++p);
    return c === COLON;
  }

  /**
   * One key node per distinct key string (up to KEY_CACHE_SIZE of them): real documents
   * repeat the same keys, and fewer long-lived objects make parsing much cheaper for the
   * GC. Sharing is fine: the IR may be a DAG, and key nodes never carry comments.
   */
  protected keyNode(key: string): StringNode {
    let node = this.keyNodes.get(key);
    if (node === undefined) {
      node = { kind: 'string', value: key };
      if (this.keyNodes.size < KEY_CACHE_SIZE) this.keyNodes.set(key, node);
    }
    return node;
  }

  /** Index of an earlier entry of the object with this key, or -1. */
  protected findDuplicate(frame: Frame, key: string): number {
    const entries = (frame.node as MapNode).entries;
    if (frame.keyIndex === null) {
      if (entries.length < LINEAR_KEY_SCAN) {
        for (let i = 0; i < entries.length; i++) {
          if ((entries[i]!.key as StringNode).value === key) return i;
        }
        return -1;
      }
      frame.keyIndex = new Map();
      for (let i = 0; i < entries.length; i++) frame.keyIndex.set((entries[i]!.key as StringNode).value, i);
    }
    const i = frame.keyIndex.get(key);
    if (i !== undefined) return i;
    frame.keyIndex.set(key, entries.length);
    return -1;
  }
}

/** The offset each line of `text` starts at (after \n, \r\n or a lone \r), as the reader counts lines. */
function lineStartsOf(text: string): number[] {
  const starts = [0];
  for (let p = 0; p < text.length; p++) {
    const c = text.charCodeAt(p);
    if (c === LF || (c === CR && text.charCodeAt(p + 1) !== LF)) starts.push(p + 1);
  }
  return starts;
}
