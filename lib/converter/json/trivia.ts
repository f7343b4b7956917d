// JSON's trivia: white space and comments (`//`, `/* */`), and the skipping that recovery does past an error.
import * as chars from '../chars';
import type { NodeComments, YDocument, YNode } from '../types';
import { blockCommentLines, lineCommentText } from './comment-text';
import { JsonReaderState } from './reader-state';
import * as readerState from './reader-state';
import * as charClasses from './char-classes';

// Imported bindings read once (why: reader-state.ts).
const { JSONC_HINT } = readerState;
const { TAB, LF, CR, SPACE, STAR, SLASH } = chars;
const { isJunk } = charClasses;

/** White space and comments between tokens: counted, refused in strict JSON, attached to the nodes around them. */
export abstract class TriviaReader extends JsonReaderState {
  /** Skips whitespace and comments (comments are counted, reported in strict mode, and attached). */
  protected skipTrivia(): void {
    const s = this.src;
    let p = this.pos;
    for (;;) {
      const c = s.charCodeAt(p);
      if (c === SPACE || c === TAB) p++;
      else if (c === LF) {
        this.line++;
        this.lineStart = ++p;
      } else if (c === CR) {
        if (s.charCodeAt(++p) === LF) p++;
        this.line++;
        this.lineStart = p;
      } else if (c === SLASH) {
        const d = s.charCodeAt(p + 1);
        if (d !== SLASH && d !== STAR) break;
        this.pos = p;
        this.readComment(d === STAR);
        p = this.pos;
      } else break;
    }
    this.pos = p;
  }

  /** Reads the comment at `pos` (its `/` is already known to start one). */
  protected readComment(block: boolean): void {
    const s = this.src;
    const start = this.pos;
    const line = this.line;
    const lineStart = this.lineStart;
    let lines: string[] | null = null;
    this.commentsCount++;
    if (!block) {
      let p = start + 2;
      for (;;) {
        const c = s.charCodeAt(p);
        if (c === LF || c === CR || p >= this.len) break;
        p++;
      }
      this.pos = p;
      if (this.keepComments) lines = [lineCommentText(s.slice(start + 2, p))];
    } else {
      const end = s.indexOf('*/', start + 2);
      if (end < 0) {
        this.pos = this.len;
        this.fail('UNTERMINATED_COMMENT', 'The block comment starting here is not closed; expected "*/".', start);
      }
      for (let p = start + 2; p < end; p++) {
        const c = s.charCodeAt(p);
        if (c === LF || (c === CR && s.charCodeAt(p + 1) !== LF)) {
          this.line++;
          this.lineStart = p + 1;
        }
      }
      this.pos = end + 2;
      if (this.keepComments) lines = blockCommentLines(s.slice(start + 2, end));
    }
    if (this.strict) {
      this.report('COMMENT_NOT_ALLOWED', `Comments are not allowed in strict JSON; ${JSONC_HINT} them.`, start, line, lineStart);
    }
    if (lines === null) return;
    const target = this.trailingCommentTarget;
    if (target !== null && line === this.trailingCommentLine) {
      const text = lines.join(' ');
      const comments: NodeComments = target.comments ?? (target.comments = {});
      comments.trailing = comments.trailing === undefined ? text : `${comments.trailing} ${text}`;
    } else {
      for (const l of lines) this.pendingComments.push(l);
    }
  }

  /** Gives the comments read since the last attachment to `node` (or to the document, for the top value). */
  protected attachBefore(node: YNode, isTop: boolean): void {
    this.trailingCommentTarget = null;
    if (this.pendingComments.length === 0) return;
    if (isTop) this.documentCommentsBefore = this.pendingComments;
    else node.comments = { before: this.pendingComments };
    this.pendingComments = [];
  }

  protected makeDocument(contents: YNode | null): YDocument {
    const doc: YDocument = { contents };
    if (!this.keepComments) return doc;
    let before = this.documentCommentsBefore;
    let after: string[] | null = this.pendingComments.length > 0 ? this.pendingComments : null;
    if (contents === null && after !== null) {
      before = after;
      after = null;
    }
    if (before !== null || after !== null) {
      doc.comments = {};
      if (before !== null) doc.comments.before = before;
      if (after !== null) doc.comments.after = after;
    }
    return doc;
  }

  /** Skips a `:` that is out of place (already reported), and the whitespace after it. */
  protected skipColon(): void {
    this.pos++;
    this.skipTrivia();
  }

  /**
   * Skips the character at `pos` and those after it that cannot start anything JSON has (the
   * rest of an error already reported), then whitespace: an error right there is its echo.
   */
  protected skipJunk(): void {
    const s = this.src;
    let p = this.pos + 1;
    while (p < this.len && isJunk(s.charCodeAt(p))) p++;
    this.pos = p;
    this.skipTrivia();
    this.echoAt = this.pos;
  }
}
