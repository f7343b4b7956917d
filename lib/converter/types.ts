/**
 * Public types of the converter library and its intermediate representation (IR).
 *
 * The library is universal (Node and browser): nothing here may import a Node
 * built-in or a web framework.
 */
import type { RequestOptions } from './option-table';
import type { IssueCode } from './issue-codes';

export type { IssueCode };
export type { JsonStyle, QuoteStyle } from './format-options';

/** A document format, after normalisation (`yml` -> `yaml`, case folded). */
export type Format = 'yaml' | 'json';
/** What `validate` accepts: `json` is strict RFC 8259, `jsonc` allows comments and trailing commas. */
export type ValidateType = 'yaml' | 'json' | 'jsonc';

/**
 * The YAML version a document without a `%YAML` directive is read by: `1.2` (core schema, the
 * default) or `1.1` (scalars as PyYAML reads them: `yes`/`on`/`off` booleans, `0755` octal,
 * `1:30` sexagesimal...). A `%YAML` directive in a document wins for that document.
 */
export type YamlVersion = '1.1' | '1.2';

/**
 * The body of `POST /api/convert`. Type names are case-insensitive; `yml` means `yaml`. The
 * options (preserveComments, yamlVersion, the formatting fields...) are the rows of the option
 * table (option-table.ts); absent, each has its default and the output is today's.
 */
export interface ConvertRequest extends RequestOptions<'convert'> {
  input: string;
  inputType: string;
  outputType: string;
}

export interface ConversionMetadata {
  /** Bytes of UTF-8. */
  inputSize: number;
  /** Bytes of UTF-8. */
  outputSize: number;
  /** Whole milliseconds spent parsing and serialising. */
  processingMs: number;
  /** Anchor definitions in the input (0 for JSON). */
  anchorsCount: number;
  /** Comments in the input: YAML `#`, JSONC `//` and block comments. */
  commentsCount: number;
  /** Documents in the input stream (JSON input: 1). */
  documents: number;
}

/** The 200 body of `POST /api/convert`. */
export interface ConvertResult {
  success: true;
  output: string;
  metadata: ConversionMetadata;
  warnings: string[];
}

/** The body of `POST /api/validate`. */
export interface ValidateRequest extends RequestOptions<'validate'> {
  input: string;
  type: string;
  /**
   * A JSON Schema (draft 2020-12 or draft-07) the document must satisfy: an object, or its JSON or
   * YAML text. Checked by lib/schema (ajv), not by the converter's `validate`, which ignores it.
   */
  schema?: unknown;
}

/** One positioned problem. `line` and `column` are 1-based; columns count UTF-16 code units. */
export interface ValidationIssue {
  message: string;
  line: number;
  column: number;
  /** Stable, machine-readable; every code and what it means: ISSUE_CODES (issue-codes.ts). */
  code: IssueCode;
  /** Schema violations only: JSON Pointer of the offending value in the document (`""`: the whole document). */
  path?: string;
  /** Schema violations only: the JSON Schema keyword that failed (`type`, `required`, ...). */
  keyword?: string;
  /** Schema violations only: JSON Pointer of that keyword in the schema, as a URI fragment (`#/properties/a/type`). */
  schemaPath?: string;
  /** Schema violations in a stream of several YAML documents: the 0-based index of the document (its index in the JSON array convert gives). */
  document?: number;
}

/** The 200 body of `POST /api/validate`. */
export interface ValidateResult {
  success: true;
  valid: boolean;
  errors: ValidationIssue[];
}

/* ------------------------------------------------------------------------- */
/* Intermediate representation shared by the readers and the writers.        */
/* ------------------------------------------------------------------------- */

/**
 * Comments attached to a node, each as the exact text after its marker: `# note` is
 * ` note`, `#x` is `x`, `## x` is `# x`, `// note` is ` note` (writers put `#` or `//` back
 * in front, so the text survives YAML -> YAML, YAML <-> JSONC byte for byte). A block
 * comment (`/* *\/`) gives one string per line, each with one space in front of its text.
 *
 * - `before`: whole-line comments above the node (for a map value: above its key;
 *   for a sequence item: above its `-` / element).
 * - `trailing`: the end-of-line comment of the node: for a scalar or a flow collection,
 *   after it (a block scalar: on its header line); for a block collection, after `key:`.
 */
export interface NodeComments {
  before?: string[];
  trailing?: string;
}

interface NodeBase {
  /** Anchor name, set only when the reader keeps anchors (yaml -> yaml with preserveAnchors). */
  anchor?: string;
  /**
   * An explicit tag worth re-emitting in YAML output (`!Ref`, `!!binary`, `!!set`, ...).
   * Never set for tags implied by the node kind (`!!str` on a string, ...). JSON output ignores it.
   */
  tag?: string;
  comments?: NodeComments;
  /**
   * Set by the YAML readers only when comments are kept and anchors are not: an alias (or a
   * merged entry) expanded here, a copy of the anchored node without its comments. The
   * comments inside it are the anchored node's, written there only; writers skip them here.
   */
  expanded?: true;
}

export interface NullNode extends NodeBase {
  kind: 'null';
}
export interface BoolNode extends NodeBase {
  kind: 'bool';
  value: boolean;
}
/**
 * A number, kept as text so no digit is ever lost.
 * `text` follows the RFC 8259 number grammar (`-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?`),
 * except when `special` is set: then `text` is `.inf`, `-.inf` or `.nan`.
 */
export interface NumberNode extends NodeBase {
  kind: 'number';
  text: string;
  special?: boolean;
}
/** How a block scalar was written: `|` or `>`, then its chomping indicator (`-` strip, `+` keep). */
export type BlockScalarStyle = '|' | '|-' | '|+' | '>' | '>-' | '>+';

export interface StringNode extends NodeBase {
  kind: 'string';
  value: string;
  /**
   * Set by the YAML readers only when comments are kept: the string was a block scalar in
   * this style, which the YAML writer keeps where the value allows it.
   */
  block?: BlockScalarStyle;
}
export interface SeqNode extends NodeBase {
  kind: 'seq';
  items: YNode[];
  /** Comments after the last item, before the collection ends. */
  endComments?: string[];
  /** Set by the YAML readers only when comments are kept: written `[a, b]`; the YAML writer keeps it where it can. */
  flow?: true;
}
export interface MapEntry {
  /** Usually a string; YAML allows any node as a key (JSON output uses its string form). */
  key: YNode;
  value: YNode;
  /** A YAML merge entry (`<<: *base`) kept as such; only when anchors are preserved. */
  merge?: boolean;
}
export interface MapNode extends NodeBase {
  kind: 'map';
  entries: MapEntry[];
  /** Comments after the last entry, before the collection ends. */
  endComments?: string[];
  /** Set by the YAML readers only when comments are kept: written `{a: 1}`; the YAML writer keeps it where it can. */
  flow?: true;
}
/** A reference to an anchor; only present when the reader keeps anchors. */
export interface AliasNode extends NodeBase {
  kind: 'alias';
  name: string;
}

export type YNode = NullNode | BoolNode | NumberNode | StringNode | SeqNode | MapNode | AliasNode;

/**
 * One document. Without anchors preserved, aliases are already expanded: the tree may
 * share subtrees (a DAG), which writers simply walk.
 */
export interface YDocument {
  /** `null` for an empty document (JSON `null`). */
  contents: YNode | null;
  /** Comments above the content, and after it (end of document). */
  comments?: { before?: string[]; after?: string[] };
}
