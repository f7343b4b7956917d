/**
 * YAML text -> IR. The `yaml` package parses and composes (its errors are our validation
 * errors); everything after that is ours: scalar typing with exact digits, merge keys,
 * tags, alias expansion bounded by what it produces, and comment placement.
 */
import { Composer, Lexer, LineCounter, Parser, isAlias, isMap, isScalar, isSeq } from 'yaml';
import type { CST, Document, Node as YamlNode, Pair, Scalar, YAMLMap, YAMLSeq } from 'yaml';
import { checkDeadline } from '../deadline';
import { ConversionError, tooDeep } from '../errors';
import { jsonKeyText } from '../json-key-text';
import { CHARS_PER_NODE, MAX_DEPTH, MAX_ERRORS, aliasExpansionBudget, nodeWeight, expandedSize as sizeOf } from '../limits';
import type { BlockScalarStyle, Format, IssueCode, MapEntry, MapNode, SeqNode, ValidationIssue, YDocument, YNode } from '../types';
import { DEFAULT_YAML_VERSION } from '../yaml-version';
import { documentVersions, keyValueAs, needsOwnKeyValues } from './document-versions';
import { type YamlVersion, resolvePlain, resolveTagged } from './resolve-scalar';
import { type Built, expandedCopy, expandedEntry, placeLeftoverComments, withComments } from './built-node';
import { indentProblems } from './indentation';
import { duplicateKeyMessage } from '../messages';

export interface ReadYamlOptions {
  /** Attach comments to the IR. */
  comments: boolean;
  /** Keep anchors, aliases and merge entries as such (yaml -> yaml); otherwise expand them. */
  anchors: boolean;
  /** Target format: decides which warnings apply (unknown tags and .inf/.nan only matter for JSON). */
  target: Format;
  /** The version of documents without a `%YAML` directive (default 1.2). */
  yamlVersion?: YamlVersion;
}

export interface ReadYamlResult {
  documents: YDocument[];
  errors: ValidationIssue[];
  warnings: string[];
  anchorsCount: number;
  commentsCount: number;
  /** With `comments`: the comments of a stream that holds no document (`# only this`). */
  streamComments?: string[];
}

interface SourceComment {
  offset: number;
  /** The comment's text after its `#`, exactly (NodeComments). */
  text: string;
}

const YAML_TAG = 'tag:yaml.org,2002:';

export function readYaml(text: string, options: ReadYamlOptions): ReadYamlResult {
  const lineCounter = new LineCounter();
  const tokens = parseCst(text, lineCounter);
  const scan = scanCst(tokens);
  if (scan.maxDepth > MAX_DEPTH) throw tooDeep(scan.maxDepth);
  const versions = documentVersions(tokens, options.yamlVersion ?? DEFAULT_YAML_VERSION);
  const versionOf = (i: number) => versions[i] ?? options.yamlVersion ?? DEFAULT_YAML_VERSION;
  const errors: ValidationIssue[] = [];
  const position = (offset: number) => {
    const { line, col } = lineCounter.linePos(Math.min(Math.max(offset, 0), text.length));
    return { line, column: col };
  };
  for (const e of scan.errors) errors.push({ ...e.issue, ...position(e.offset) });

  const composer = new Composer({
    merge: true,
    prettyErrors: false,
    // Duplicate keys are found by duplicateKeyErrors below: `yaml` compares each key with every
    // earlier key of its mapping, quadratic in the keys of one mapping.
    uniqueKeys: false,
    strict: true,
    // !!omap, !!set, !!binary... are typed by us; left to `yaml` they become special node classes.
    resolveKnownTags: false,
  });
  cheapErrors(composer);
  const docs = composeDocuments(composer, tokens, text.length);
  const openers = new Openers(scan.unclosed);
  const parserErrors: ValidationIssue[] = [];
  if (docs.length === 0) {
    for (const e of composer.streamInfo().errors) {
      checkDeadline();
      parserErrors.push(yamlError(e, position, openers));
    }
  }
  for (const [i, doc] of docs.entries()) {
    for (const e of doc.errors) {
      checkDeadline();
      parserErrors.push(yamlError(e, position, openers));
    }
    for (const duplicate of duplicateKeys(doc, text, versionOf(i))) {
      checkDeadline();
      const again = position(duplicate.again);
      const message = duplicateKeyMessage(duplicate.key, position(duplicate.first), again);
      errors.push({ message, ...again, code: 'DUPLICATE_KEY' });
    }
  }
  // One at a time: a spread of a hundred thousand errors would overflow the stack.
  for (const e of withCauses(parserErrors, text)) errors.push(e);

  const reader = new IrReader(text, options, scan.comments, position);
  const documents: YDocument[] = [];
  const lastDoc = docs.length - 1;
  docs.forEach((doc, i) => {
    if (isBareEmptyDocument(doc)) return; // only comments or `...` between markers: not a document
    const yd = reader.readDocument(doc, i === lastDoc, versionOf(i));
    if (yd) documents.push(yd);
  });
  const streamComments = placeLeftoverComments(documents, reader.leftoverComments());
  for (const e of reader.errors) errors.push(e);
  errors.sort((a, b) => a.line - b.line || a.column - b.column);

  const result: ReadYamlResult = {
    documents: errors.length ? [] : documents,
    errors: dedupe(errors).slice(0, MAX_ERRORS),
    warnings: reader.warnings,
    anchorsCount: scan.anchors,
    commentsCount: scan.comments.length,
  };
  if (streamComments && !errors.length) result.streamComments = streamComments;
  return result;
}

/**
 * `yaml` reports each error as an Error subclass, which captures a stack trace: an input with
 * 200,000 errors (`- [` lines) spent most of its time there and in collecting them, though
 * only the first 100 are reported. The composer's error callback is replaced by one making
 * plain objects with the same code, message and position (all readYaml reads of them).
 */
function cheapErrors(composer: Composer): void {
  type Source = number | [number, number] | { offset: number; source?: string };
  const c = composer as unknown as {
    errors: unknown[];
    warnings: unknown[];
    onError: (source: Source, code: string, message: string, warning?: boolean) => void;
  };
  if (typeof c.onError !== 'function' || !Array.isArray(c.errors)) return; // another `yaml` version: left as it is
  c.onError = (source, code, message, warning) => {
    // A document is composed in one call (its CST token): a check per error it reports bounds how
    // long a document of thousands of errors runs unchecked.
    checkDeadline();
    const pos =
      typeof source === 'number'
        ? [source, source + 1]
        : Array.isArray(source)
          ? [source[0], source[1]]
          : [source.offset, source.offset + (typeof source.source === 'string' ? source.source.length : 1)];
    (warning ? c.warnings : c.errors).push({ name: warning ? 'YAMLWarning' : 'YAMLParseError', code, message, pos });
  };
}

/**
 * `yaml`'s Composer.compose, one CST token at a time, with the deadline checked between tokens.
 * A token the parser could not place (`error`, one per stray `]` or `-`: thousands in a small
 * body) is recorded where the composer records it, as the plain object cheapErrors makes: the
 * composer itself makes an Error subclass of each, whose stack trace was most of the time of
 * such an input, all of it between two checks (bench/README.md, "Small hostile bodies").
 */
function composeDocuments(composer: Composer, tokens: CST.Token[], endOffset: number): Document.Parsed[] {
  const state = composer as unknown as { atDirectives?: unknown; doc?: { errors: unknown[] } | null; errors: unknown[] };
  // Another `yaml` version, whose composer keeps its state otherwise: every token goes to it.
  const ownErrors = typeof state.atDirectives === 'boolean' && state.doc === null && Array.isArray(state.errors);
  const docs: Document.Parsed[] = [];
  for (const token of tokens) {
    checkDeadline();
    if (ownErrors && token.type === 'error') {
      const message = token.source ? `${token.message}: ${JSON.stringify(token.source)}` : token.message;
      const error = {
        name: 'YAMLParseError',
        code: 'UNEXPECTED_TOKEN',
        message,
        pos: [token.offset, token.offset + (typeof token.source === 'string' ? token.source.length : 1)],
      };
      (state.atDirectives || !state.doc ? state.errors : state.doc.errors).push(error);
      continue;
    }
    for (const doc of composer.next(token)) docs.push(doc);
  }
  for (const doc of composer.end(false, endOffset)) docs.push(doc);
  return docs;
}

/** `yaml`'s Parser.parse, one lexeme at a time, with the deadline checked between lexemes. */
function parseCst(text: string, lineCounter: LineCounter): CST.Token[] {
  const parser = new Parser(lineCounter.addNewLine);
  lineCounter.addNewLine(0);
  const tokens: CST.Token[] = [];
  for (const lexeme of new Lexer().lex(text, false)) {
    checkDeadline();
    for (const token of parser.next(lexeme)) tokens.push(token);
  }
  for (const token of parser.end()) tokens.push(token);
  return tokens;
}

/** A document with no `---`, no directives and no content: YAML's "document prefix", not a document. */
function isBareEmptyDocument(doc: Document.Parsed): boolean {
  if (doc.directives.docStart) return false;
  const c = doc.contents;
  if (c === null) return true;
  return isScalar(c) && c.source === '' && !c.tag && !c.anchor && c.range[0] === c.range[1];
}

function yamlError(
  e: { code: string; message: string; pos: [number, number] },
  position: (offset: number) => { line: number; column: number },
  openers: Openers,
): ValidationIssue {
  // `yaml` reports an unclosed quote or bracket where the input ends; users need where it opens.
  const missing = /end with a ([\]}])$/.exec(e.message)?.[1] ?? (/^Missing closing (["'])quote$/.exec(e.message)?.[1] || null);
  if (missing) {
    const opener = missing === ']' ? '[' : missing === '}' ? '{' : missing;
    const open = openers.lastAtOrBefore(opener, e.pos[0]);
    if (open !== undefined) {
      const quote = opener === '"' || opener === "'";
      return {
        message: quote
          ? `This quoted string is never closed: the closing ${opener} is missing.`
          : `This flow ${opener === '[' ? 'sequence' : 'mapping'} is never closed: the closing ${missing} is missing.`,
        ...position(open),
        code: quote ? 'UNCLOSED_QUOTE' : 'UNCLOSED_FLOW_COLLECTION',
      };
    }
  }
  return { message: friendlyMessage(e.code, e.message), ...position(e.pos[0]), code: errorCode(e.code) };
}

/**
 * Where unclosed quotes and flow collections open, by opener, in order: each error finds its
 * opener by binary search (one scan per error made thousands of errors quadratic).
 */
class Openers {
  private readonly byOpener = new Map<string, number[]>();

  constructor(unclosed: Unclosed[]) {
    for (const u of unclosed) {
      let list = this.byOpener.get(u.opener);
      if (!list) this.byOpener.set(u.opener, (list = []));
      list.push(u.offset);
    }
  }

  /** The offset of the last `opener` at or before `offset`. */
  lastAtOrBefore(opener: string, offset: number): number | undefined {
    const list = this.byOpener.get(opener);
    if (!list) return undefined;
    let lo = 0;
    let hi = list.length; // the first index whose offset is past `offset`
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (list[mid]! <= offset) lo = mid + 1;
      else hi = mid;
    }
    return lo > 0 ? list[lo - 1] : undefined;
  }
}

/** A key that appears earlier in its mapping: its text (for the message) and both keys' offsets. */
interface DuplicateKey {
  key: string;
  first: number;
  again: number;
}

/**
 * Where `yaml`'s own check (uniqueKeys: true) reports a duplicate key, found with one Map per
 * mapping instead of comparing pairwise. Same rule: two scalar keys are the same when their
 * values are === (so `1` and `0x1`, `~` and `null`, but no NaN and no two merge keys `<<`,
 * whose values are distinct symbols); the error is at the key, or for an empty key after its
 * `?` line.
 */
function duplicateKeys(doc: Document.Parsed, text: string, version: YamlVersion): DuplicateKey[] {
  const found: DuplicateKey[] = [];
  const ownValues = needsOwnKeyValues(doc, version);
  const stack: unknown[] = [doc.contents];
  while (stack.length > 0) {
    checkDeadline();
    const node = stack.pop();
    if (isMap(node)) {
      const seen = new Map<unknown, Scalar>();
      for (const pair of node.items) {
        const key = pair.key as YamlNode | null;
        if (isScalar(key)) {
          const v = ownValues ? keyValueAs(key, version) : key.value;
          if (!(typeof v === 'number' && Number.isNaN(v))) {
            const first = seen.get(v);
            if (first !== undefined) found.push({ key: duplicateKeyText(key, text), first: keyStart(first, text), again: keyStart(key, text) });
            else seen.set(v, key);
          }
        }
        stack.push(pair.key, pair.value);
      }
    } else if (isSeq(node)) {
      for (const item of node.items) stack.push(item);
    }
  }
  return found;
}

/** A key as the message shows it: a string key's value, any other key's source text (`1`, `~`). */
function duplicateKeyText(key: Scalar, text: string): string {
  if (typeof key.value === 'string') return key.value;
  const [start, end] = key.range!;
  return start === end ? String(key.value) : text.slice(start, end);
}

function keyStart(key: Scalar, text: string): number {
  const [start, end] = key.range!;
  if (start !== end) return start;
  // An empty key: `yaml` reports it after the rest of its line when only a comment follows.
  let i = start;
  while (text[i] === ' ' || text[i] === '\t') i++;
  if (text[i] === '#') while (i < text.length && text[i] !== '\n' && text[i] !== '\r') i++;
  if (text[i] === '\r' && text[i + 1] === '\n') return i + 2;
  if (text[i] === '\n' || text[i] === '\r') return i + 1;
  return start;
}

/** The `yaml` package's codes, kept (they are stable), with one made plainer. */
function errorCode(code: string): IssueCode {
  return (code === 'TAB_AS_INDENT' ? 'TAB_INDENT' : code) as IssueCode; // the others: ISSUE_CODES lists each
}

/**
 * The `yaml` package's messages are terse; for the mistakes people make most, say what is
 * wrong in their terms and how to fix it. Codes stay as they are.
 */
const FRIENDLY_MESSAGES: Record<string, string> = {
  BLOCK_AS_IMPLICIT_KEY:
    'A nested mapping cannot start on the same line as its key (as in "a: b: c"): put it on the next line, indented, or quote the value.',
  MULTILINE_IMPLICIT_KEY: 'A key must be on one line and followed by ":"; is a ":" missing, or is the line indented too far?',
  TAB_AS_INDENT: 'Tabs cannot indent YAML; indent with spaces.',
};

function friendlyMessage(code: string, message: string): string {
  const friendly = FRIENDLY_MESSAGES[code];
  if (friendly) return friendly;
  const text = message.replace(/\s+/g, ' ').trim();
  if (code === 'BAD_SCALAR_START') return `${text}; quote the value if it is text.`;
  return text;
}

/**
 * The parser's errors with their cause: where the block structure model (./indentation.ts)
 * finds a line that fits no open level, and the parser reported errors on or around it, those
 * errors are echoes of that one line, reported instead with what was expected there. Lines the
 * model blames without a parser error there are its mistake, not the input's: ignored. Around
 * an unclosed quote or bracket the parser's error is the cause: left as it is.
 */
/** In the `yaml` parser's message for a token met after it left the document ("Unexpected scalar token in YAML stream: ..."). */
const STREAM_TOKEN = ' token in YAML stream';

function withCauses(parserErrors: ValidationIssue[], text: string): ValidationIssue[] {
  if (parserErrors.length === 0) return parserErrors;
  // Both in line order, walked together: each error is looked at once.
  const errors = [...parserErrors].sort((x, y) => x.line - y.line);
  const out: ValidationIssue[] = [];
  let next = 0;
  for (const problem of indentProblems(text)) {
    checkDeadline();
    while (next < errors.length && errors[next]!.line < problem.firstLine) out.push(errors[next++]!);
    let end = next;
    while (end < errors.length && errors[end]!.line <= problem.lastLine) end++;
    const echoes = errors.slice(next, end);
    if (echoes.length === 0 || echoes.some((e) => e.code === 'UNCLOSED_QUOTE' || e.code === 'UNCLOSED_FLOW_COLLECTION')) continue;
    out.push({ message: problem.message, line: problem.line, column: problem.column, code: problem.code });
    next = end;
  }
  // Once a cause is found, the parser's "unexpected token in the stream" errors after it come
  // from its having left the document there: echoes too.
  const firstCause = out.find((e) => e.code === 'BAD_INDENT' || e.code === 'MISSING_CHAR');
  for (; next < errors.length; next++) {
    checkDeadline();
    const e = errors[next]!;
    if (firstCause !== undefined && e.code === 'UNEXPECTED_TOKEN' && e.message.includes(STREAM_TOKEN)) continue;
    out.push(e);
  }
  return out;
}

function dedupe(errors: ValidationIssue[]): ValidationIssue[] {
  const seen = new Set<string>();
  return errors.filter((e) => {
    checkDeadline();
    const k = `${e.line}:${e.column}:${e.code}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/* ------------------------------------------------------------------------- */
/* CST scan: comments, anchors, and the directive rules `yaml` does not check. */
/* ------------------------------------------------------------------------- */

/** A quoted scalar or flow collection that never closes, by where it opens. */
interface Unclosed {
  offset: number;
  opener: string;
}

interface ScanResult {
  comments: SourceComment[];
  unclosed: Unclosed[];
  anchors: number;
  errors: { offset: number; issue: Omit<ValidationIssue, 'line' | 'column'> }[];
  maxDepth: number;
}

function scanCst(tokens: CST.Token[]): ScanResult {
  const errors = directiveErrors(tokens);
  const { comments, unclosed, anchors, maxDepth } = walkCst(tokens);
  return { comments, unclosed, anchors, errors, maxDepth };
}

/** Directives must be followed by an explicit `---`, and %YAML may appear once per document. */
function directiveErrors(tokens: CST.Token[]): ScanResult['errors'] {
  const errors: ScanResult['errors'] = [];
  let pending: CST.Directive[] = [];
  let pendingYaml = false; // a %YAML among `pending` (looked up once per directive, it was quadratic)
  for (const t of tokens) {
    checkDeadline();
    if (t.type === 'directive') {
      const isYaml = t.source.startsWith('%YAML');
      if (isYaml && pendingYaml) {
        errors.push({
          offset: t.offset,
          issue: { message: 'The %YAML directive may appear only once before a document.', code: 'BAD_DIRECTIVE' },
        });
      }
      pending.push(t);
      if (isYaml) pendingYaml = true;
    } else if (t.type === 'document') {
      if (pending.length && !t.start.some((s) => s.type === 'doc-start')) {
        errors.push({
          offset: t.offset,
          issue: { message: 'Directives must be followed by a "---" document start marker.', code: 'MISSING_DOCUMENT_START' },
        });
      }
      pending = [];
      pendingYaml = false;
    } else if (t.type === 'doc-end' && pending.length) {
      errors.push({
        offset: t.offset,
        issue: { message: 'Directives must be followed by a "---" document start marker.', code: 'MISSING_DOCUMENT_START' },
      });
      pending = [];
      pendingYaml = false;
    }
  }
  const last = pending[pending.length - 1];
  if (last) {
    errors.push({
      offset: last.offset,
      issue: { message: 'Directives at the end of the stream have no document.', code: 'MISSING_DOCUMENT_START' },
    });
  }
  return errors;
}

/**
 * Every comment and anchor token, wherever it sits in the tree, unclosed quotes and
 * brackets, and the deepest nesting of collections: iteratively, since the point is to
 * refuse deep input before recursion.
 */
function walkCst(tokens: CST.Token[]): Omit<ScanResult, 'errors'> {
  const found: Omit<ScanResult, 'errors'> = { comments: [], unclosed: [], anchors: 0, maxDepth: 0 };
  const stack: unknown[] = [];
  const depths: number[] = [];
  for (let i = tokens.length - 1; i >= 0; i--) {
    checkDeadline();
    stack.push(tokens[i]);
    depths.push(0);
  }
  while (stack.length) {
    checkDeadline();
    const t = stack.pop();
    const depth = depths.pop()!;
    if (Array.isArray(t)) {
      for (let i = t.length - 1; i >= 0; i--) stack.push(t[i]), depths.push(depth);
      continue;
    }
    if (!t || typeof t !== 'object') continue;
    const tok = t as Record<string, unknown>;
    if (tok.type === 'comment') {
      const src = tok.source as string;
      found.comments.push({ offset: tok.offset as number, text: src.slice(1) });
      continue;
    }
    const inner = noteToken(tok, depth, found);
    for (const key of ['end', 'value', 'sep', 'key', 'items', 'start', 'props'] as const) {
      const v = tok[key];
      if (v && typeof v === 'object') stack.push(v), depths.push(inner);
    }
  }
  found.comments.sort((a, b) => a.offset - b.offset);
  found.unclosed.sort((a, b) => a.offset - b.offset);
  return found;
}

/** What walkCst notes of a token other than a comment; returns the depth of what is inside it. */
function noteToken(tok: Record<string, unknown>, depth: number, found: Omit<ScanResult, 'errors'>): number {
  const type = tok.type;
  if (type === 'anchor') found.anchors++;
  else if (type === 'block-map' || type === 'block-seq' || type === 'flow-collection') {
    if (++depth > found.maxDepth) found.maxDepth = depth;
    if (type === 'flow-collection') {
      const fc = tok as unknown as CST.FlowCollection;
      const close = fc.start.source === '[' ? ']' : '}';
      if (fc.end[0]?.source !== close) found.unclosed.push({ offset: fc.start.offset, opener: fc.start.source });
    }
  } else if (type === 'double-quoted-scalar' || type === 'single-quoted-scalar') {
    const src = tok.source as string;
    const q = src[0]!;
    if (src.length === 1 || src[src.length - 1] !== q) found.unclosed.push({ offset: tok.offset as number, opener: q });
  }
  return depth;
}

/* ------------------------------------------------------------------------- */
/* AST -> IR                                                                   */
/* ------------------------------------------------------------------------- */

class IrReader {
  readonly errors: ValidationIssue[] = [];
  readonly warnings: string[] = [];
  private readonly budget: number;
  private expanded = 0;
  private version: YamlVersion = '1.2';
  private anchors = new Map<string, YamlNode>();
  private built = new Map<YamlNode, Built>();
  private inProgress = new Set<YamlNode>();
  private nextComment = 0;
  /** Where the innermost flow collection being read ends: the comments inside it stay inside. */
  private flowEnd = Infinity;

  constructor(
    private readonly text: string,
    private readonly options: ReadYamlOptions,
    private readonly comments: SourceComment[],
    private readonly position: (offset: number) => { line: number; column: number },
  ) {
    this.budget = aliasExpansionBudget(text.length);
  }

  readDocument(doc: Document.Parsed, isLast: boolean, version: YamlVersion): YDocument | null {
    this.version = version;
    this.anchors = new Map();
    this.built = new Map();
    this.inProgress = new Set();
    const c = doc.contents as YamlNode | null;
    const before = c ? this.takeComments(c.range![0]) : undefined;
    const mark = this.nextComment;
    const contents = c ? this.placed(c, this.build(c, 0), undefined, undefined, mark).ir : null;
    const after = this.takeComments(isLast ? Infinity : doc.range[2]);
    const yd: YDocument = { contents };
    if (this.options.comments && (before || after)) {
      yd.comments = {};
      if (before) yd.comments.before = before;
      if (after) yd.comments.after = after;
    }
    return yd;
  }

  private where(offset: number): string {
    const { line, column } = this.position(offset);
    return `line ${line}, column ${column}`;
  }

  private addError(offset: number, code: IssueCode, message: string) {
    this.errors.push({ message, ...this.position(offset), code });
  }

  /* comments ------------------------------------------------------------- */

  /** The comments no document took (all are consumed, kept only when asked). */
  leftoverComments(): string[] | undefined {
    return this.takeComments(Infinity);
  }

  /**
   * `b`, built from `node`, with the comment lines above it and its end-of-line comment: a
   * scalar's or alias's after it (a block scalar's on its header line), a flow collection's
   * after its closing bracket, a block collection's `keyComment` (after `key:`). `mark`: the
   * next comment's index before `node` was built. A flow collection that already has a
   * comment after `key:` or comments inside keeps the one after its bracket as its last end
   * comment, so that the comments stay in order however it is written.
   */
  private placed(node: YamlNode, b: Built, before: string[] | undefined, keyComment: string | undefined, mark: number): Built {
    const shared = isAlias(node);
    if (shared || isScalar(node)) {
      const trailing = isBlockScalar(node) ? this.takeSameLineComment(node.range![0]) : this.takeSameLineComment(node.range![1], this.flowEnd);
      return withComments(b, shared, before, trailing);
    }
    if ((isMap(node) || isSeq(node)) && node.flow) {
      const inside = this.nextComment !== mark;
      const after = this.takeSameLineComment(node.range![1], this.flowEnd);
      if (after !== undefined) {
        if (keyComment === undefined && !inside) keyComment = after;
        else ((b.ir as MapNode | SeqNode).endComments ??= []).push(after);
      }
    }
    return withComments(b, false, before, keyComment);
  }

  /** Comments starting before `offset` not yet placed (all are consumed, kept only when asked). */
  private takeComments(offset: number): string[] | undefined {
    let out: string[] | undefined;
    while (this.nextComment < this.comments.length && this.comments[this.nextComment]!.offset < offset) {
      const text = this.comments[this.nextComment++]!.text;
      if (this.options.comments) (out ??= []).push(text);
    }
    return out;
  }

  /** The next comment if it starts at or after `from` and on the same line as `from`. */
  private takeSameLineComment(from: number, before = Infinity): string | undefined {
    const next = this.comments[this.nextComment];
    if (!next || next.offset < from || next.offset >= before) return undefined;
    const lineEnd = this.text.indexOf('\n', from);
    if (lineEnd !== -1 && next.offset > lineEnd) return undefined;
    this.nextComment++;
    return this.options.comments ? next.text : undefined;
  }

  /* nodes ------------------------------------------------------------------ */

  private build(node: YamlNode, depth: number): Built {
    checkDeadline();
    if (depth > MAX_DEPTH) throw tooDeep();
    if (isAlias(node)) {
      const b = this.alias(node.source, node.range![0], depth);
      return this.options.comments && !this.options.anchors ? expandedCopy(b) : b;
    }
    const anchor = node.anchor;
    if (anchor) {
      this.anchors.set(anchor, node);
      this.inProgress.add(node);
    }
    let b: Built;
    if (isScalar(node)) {
      const ir = this.scalar(node);
      b = { ir, size: nodeWeight(ir), height: 0 };
    } else if (isMap(node)) b = this.map(node as YAMLMap<YamlNode, YamlNode>, depth);
    else if (isSeq(node)) b = this.seq(node as YAMLSeq<YamlNode>, depth);
    else b = { ir: { kind: 'null' }, size: 1, height: 0 };
    if (this.options.anchors && anchor) b.ir.anchor = anchor;
    if (anchor) {
      this.inProgress.delete(node);
      this.built.set(node, b);
    }
    return b;
  }

  private alias(name: string, offset: number, depth: number, countIt = true): Built {
    const target = this.anchors.get(name);
    if (!target) {
      this.addError(offset, 'UNKNOWN_ALIAS', `The alias *${name} refers to no anchor defined before it.`);
      return { ir: { kind: 'null' }, size: 1, height: 0 };
    }
    if (this.options.anchors) return { ir: { kind: 'alias', name }, size: 1, height: 0 };
    if (this.inProgress.has(target)) {
      throw new ConversionError(
        'limit_exceeded',
        `The alias *${name} at ${this.where(offset)} is used inside the node it names: a recursive structure has no finite JSON form.`,
      );
    }
    const b = this.built.get(target)!;
    // An alias puts a whole subtree at a new depth: chained aliases could nest far deeper than the text.
    if (depth + b.height > MAX_DEPTH) throw tooDeep(depth + b.height);
    if (countIt) this.count(b.size);
    return b;
  }

  /** Counts nodes produced by expansion against the budget. */
  private count(n: number) {
    checkDeadline();
    this.expanded += n;
    if (this.expanded > this.budget) {
      throw new ConversionError(
        'limit_exceeded',
        `Expanding the aliases would produce more than ${this.budget.toLocaleString('en-US')} nodes ` +
          `(the limit for an input of this size; a scalar counts one node per ${CHARS_PER_NODE} characters); the input looks like an alias bomb.`,
      );
    }
  }

  private scalar(node: Scalar): YNode {
    const source = node.source ?? String(node.value ?? '');
    const tag = node.tag;
    const plain = node.type === 'PLAIN';
    let ir: YNode;
    if (!tag) {
      ir = plain ? resolvePlain(source, this.version) : { kind: 'string', value: source };
    } else if (tag === '!') {
      ir = { kind: 'string', value: source };
    } else if (tag.startsWith(YAML_TAG)) {
      const name = tag.slice(YAML_TAG.length);
      if (name === 'str') ir = { kind: 'string', value: source };
      else if (name === 'null' || name === 'bool' || name === 'int' || name === 'float') {
        const r = resolveTagged(source, name, this.version);
        if (r) ir = r;
        else {
          ir = { kind: 'string', value: source };
          this.warnings.push(
            `The value ${JSON.stringify(source)} tagged !!${name} at ${this.where(node.range![0])} is not a valid ${name}; it was kept as a string.`,
          );
        }
      } else if (name === 'binary' || name === 'timestamp') {
        ir = { kind: 'string', value: source };
        ir.tag = '!!' + name;
      } else {
        ir = plain ? resolvePlain(source, this.version) : { kind: 'string', value: source };
        this.unknownTag(tag, node.range![0]);
        ir.tag = shortTag(tag);
      }
    } else {
      ir = plain ? resolvePlain(source, this.version) : { kind: 'string', value: source };
      this.unknownTag(tag, node.range![0]);
      ir.tag = shortTag(tag);
    }
    if (ir.kind === 'number' && ir.special && this.options.target === 'json') {
      this.warnings.push(`${ir.text} at ${this.where(node.range![0])} has no JSON form; it became the string "${ir.text}".`);
    }
    if (this.options.comments && ir.kind === 'string' && isBlockScalar(node)) ir.block = blockScalarStyle(this.text, node.range![0]);
    return ir;
  }

  private unknownTag(tag: string, offset: number) {
    if (this.options.target !== 'json') return;
    this.warnings.push(`The tag ${shortTag(tag)} on the value at ${this.where(offset)} has no JSON meaning; the value was kept without it.`);
  }

  private collectionTag(node: YamlNode, ir: YNode) {
    const tag = node.tag;
    if (!tag || tag === '!') return;
    const name = tag.startsWith(YAML_TAG) ? tag.slice(YAML_TAG.length) : null;
    if (name === 'map' || name === 'seq') return;
    if (name === 'set' || name === 'omap' || name === 'pairs') {
      ir.tag = '!!' + name;
      return;
    }
    this.unknownTag(tag, node.range![0]);
    ir.tag = shortTag(tag);
  }

  private seq(node: YAMLSeq<YamlNode>, depth: number): Built {
    const items: YNode[] = [];
    const ir: SeqNode = { kind: 'seq', items };
    this.collectionTag(node, ir);
    if (this.options.comments && node.flow) ir.flow = true;
    const outerFlowEnd = this.flowEnd;
    if (node.flow) this.flowEnd = node.range![1];
    let size = 1;
    let height = 1;
    for (const item of node.items) {
      const start = item.range![0];
      const before = this.takeComments(start);
      const mark = this.nextComment;
      const b = this.placed(item, this.build(item, depth + 1), before, undefined, mark);
      items.push(b.ir);
      size += b.size;
      if (b.height >= height) height = b.height + 1;
    }
    const end = this.takeComments(node.range![1]);
    if (end) ir.endComments = end;
    this.flowEnd = outerFlowEnd;
    return { ir, size, height };
  }

  private map(node: YAMLMap<YamlNode, YamlNode>, depth: number): Built {
    const ir: YNode & { kind: 'map' } = { kind: 'map', entries: [] };
    this.collectionTag(node, ir);
    if (this.options.comments && node.flow) ir.flow = true;
    const outerFlowEnd = this.flowEnd;
    if (node.flow) this.flowEnd = node.range![1];
    const m: MapBuild = { ir, size: 1, height: 1, json: this.options.target === 'json', index: new Map(), fromMerge: new Set(), merged: new Set() };
    for (const pair of node.items as Pair<YamlNode | null, YamlNode | null>[]) {
      const keyNode = pair.key;
      const valueNode = pair.value;
      const keyStart = keyNode?.range?.[0] ?? valueNode?.range?.[0] ?? node.range![0];
      const before = this.takeComments(keyStart);

      if (keyNode && isMergeKey(keyNode) && valueNode) {
        if (this.isMergeable(valueNode)) {
          this.mergeEntry(m, valueNode, before, depth);
          continue;
        }
        this.warnings.push(
          `The merge key << at ${this.where(keyStart)} is not followed by a mapping or aliases to mappings; it was kept as an ordinary key.`,
        );
      }
      this.pairEntry(m, keyNode, valueNode, concatComments(m.merges, before), keyStart, depth);
      m.merges = undefined;
    }
    const end = concatComments(m.merges, this.takeComments(node.range![1]));
    if (end) ir.endComments = end;
    this.flowEnd = outerFlowEnd;
    return { ir, size: m.size, height: m.height };
  }

  /** `<<: value` (mergeable): one entry when anchors are kept, otherwise the merged mappings' entries. */
  private mergeEntry(m: MapBuild, valueNode: YamlNode, before: string[] | undefined, depth: number): void {
    if (this.options.anchors) {
      const mark = this.nextComment;
      const v = this.placed(valueNode, this.build(valueNode, depth + 1), before, undefined, mark);
      m.ir.entries.push({ key: { kind: 'string', value: '<<' }, value: v.ir, merge: true });
      grow(m, 1 + v.size, v.height);
      return;
    }
    // Merged away, the entry leaves its comments to the next entry (or the mapping's end).
    m.merges = concatComments(m.merges, before);
    const sources = (isSeq(valueNode) ? valueNode.items : [valueNode]) as YamlNode[];
    for (const src of sources) this.mergeSource(m, src, depth);
    if (isSeq(valueNode) && valueNode.flow) m.merges = concatComments(m.merges, this.sameLineComments(valueNode.range![1]));
  }

  /** The entries of one merged mapping whose keys `m` does not have yet. */
  private mergeSource(m: MapBuild, src: YamlNode, depth: number): void {
    // Merged entries are counted one by one below, not as a whole alias.
    const b = isAlias(src) ? this.alias(src.source, src.range![0], depth, false) : this.build(src, depth + 1);
    if (b.ir.kind !== 'map') return;
    // A mapping merged again adds nothing: skipped, not scanned again.
    if (m.merged.has(b.ir)) {
      m.merges = concatComments(m.merges, this.sameLineComments(src.range![1]));
      return;
    }
    m.merged.add(b.ir);
    for (const e of b.ir.entries) {
      const id = keyId(m, e.key);
      if (m.index.has(id)) {
        // Entries already there still cost a look: counted, so that merging many
        // copies of a big mapping is bounded like an alias bomb.
        this.count(1);
        continue;
      }
      m.index.set(id, m.ir.entries.length);
      m.fromMerge.add(m.ir.entries.length);
      m.ir.entries.push(this.options.comments ? expandedEntry(e) : e);
      const n = sizeOf(e.key) + sizeOf(e.value);
      this.count(n);
      grow(m, n, b.height - 1);
    }
    m.merges = concatComments(m.merges, this.sameLineComments(src.range![1]));
  }

  /** takeSameLineComment (inside the flow collection being read) as a list. */
  private sameLineComments(from: number): string[] | undefined {
    const text = this.takeSameLineComment(from, this.flowEnd);
    return text === undefined ? undefined : [text];
  }

  /** An ordinary `key: value` pair (either may be missing), with its comments. */
  private pairEntry(
    m: MapBuild,
    keyNode: YamlNode | null,
    valueNode: YamlNode | null,
    before: string[] | undefined,
    keyStart: number,
    depth: number,
  ): void {
    const k = keyNode ? this.build(keyNode, depth + 1) : { ir: { kind: 'null' } as YNode, size: 1, height: 0 };
    const keyEnd = keyNode?.range?.[1] ?? keyStart;
    let v: Built;
    if (!valueNode) {
      v = withComments({ ir: { kind: 'null' }, size: 1, height: 0 }, false, before, this.takeSameLineComment(keyEnd, this.flowEnd));
    } else if (isScalar(valueNode) || isAlias(valueNode)) {
      const mark = this.nextComment;
      v = this.placed(valueNode, this.build(valueNode, depth + 1), before, undefined, mark);
    } else {
      // `key: # comment` above a collection belongs to that collection.
      const keyComment = this.takeSameLineComment(keyEnd, valueNode.range![0]);
      const mark = this.nextComment;
      v = this.placed(valueNode, this.build(valueNode, depth + 1), before, keyComment, mark);
    }
    const entry: MapEntry = { key: k.ir, value: v.ir };
    const id = keyId(m, k.ir);
    const at = m.index.get(id);
    if (at === undefined) {
      m.index.set(id, m.ir.entries.length);
      m.ir.entries.push(entry);
    } else {
      // Explicit keys override merged ones in place. Two explicit keys with the same JSON
      // text (`1` and `"1"`; true duplicates are parse errors) keep the last value.
      if (!m.fromMerge.has(at)) {
        this.warnings.push(
          `The key ${JSON.stringify(id)} at ${this.where(keyStart)} has the same JSON text as an earlier key; the last value is kept.`,
        );
      }
      m.fromMerge.delete(at);
      m.ir.entries[at] = entry;
    }
    grow(m, k.size + v.size, Math.max(k.height, v.height));
  }

  /** A merge value must be a mapping, an alias to one, or a sequence of those. */
  private isMergeable(value: YamlNode): boolean {
    const ok = (n: YamlNode) => {
      if (isMap(n)) return true;
      if (isAlias(n)) {
        const t = this.anchors.get(n.source);
        return !t || isMap(t);
      }
      return false;
    };
    if (isSeq(value)) return value.items.every((i) => ok(i as YamlNode));
    return ok(value);
  }
}

function isMergeKey(key: YamlNode): boolean {
  return isScalar(key) && key.type === 'PLAIN' && key.source === '<<' && (!key.tag || key.tag === YAML_TAG + 'merge');
}

/** `tag:yaml.org,2002:binary` -> `!!binary`; local tags as written; other URIs in verbatim form. */
function shortTag(tag: string): string {
  if (tag.startsWith(YAML_TAG)) return '!!' + tag.slice(YAML_TAG.length);
  if (tag.startsWith('!')) return tag;
  return `!<${tag}>`;
}

/** A mapping being built: its IR, its measure so far, and what its duplicate and merge rules need. */
interface MapBuild {
  ir: YNode & { kind: 'map' };
  /** Nodes in its expanded tree so far. */
  size: number;
  /** Its height so far. */
  height: number;
  /** Keys are told apart by their JSON text (JSON output), or by type and text (YAML output). */
  json: boolean;
  /** Entry index by key identity (keyId). */
  index: Map<string, number>;
  /** Which entries came from a merge (an explicit key overrides them without a warning). */
  fromMerge: Set<number>;
  /** The mappings merged into it so far (one merged again adds nothing). */
  merged: Set<YNode>;
  /** The comments of merge entries merged away, for the next entry (or the mapping's end). */
  merges?: string[];
}

function concatComments(a: string[] | undefined, b: string[] | undefined): string[] | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return [...a, ...b];
}

function isBlockScalar(node: YamlNode): boolean {
  return isScalar(node) && (node.type === 'BLOCK_LITERAL' || node.type === 'BLOCK_FOLDED');
}

/** The style of the block scalar whose header starts at `at` (`|2-` -> `|-`). */
export function blockScalarStyle(text: string, at: number): BlockScalarStyle {
  let style = text.charAt(at);
  for (let i = at + 1; i < text.length; i++) {
    const c = text.charAt(i);
    if (c === '-' || c === '+') style += c;
    else if (c < '1' || c > '9') break;
  }
  return style as BlockScalarStyle;
}

/** An entry measuring `size` nodes and `height` levels was added to `m`. */
function grow(m: MapBuild, size: number, height: number): void {
  m.size += size;
  if (height >= m.height) m.height = height + 1;
}

/** Key identity: for JSON output the key's JSON text (what JSON shows), for YAML its type and text. */
function keyId(m: MapBuild, key: YNode): string {
  return m.json ? keyText(key) : key.kind + ':' + keyText(key);
}

/** Key identity: the key's JSON text; an alias key (kept only for YAML output) by its name. */
function keyText(key: YNode): string {
  return jsonKeyText(key, (name) => '*' + name);
}
