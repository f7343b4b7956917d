// Every code a ValidationIssue may carry (validate's `errors`, convert's 422 `details`), with a
// one-line description: the type, the OpenAPI document's enum and the /docs page all come from here.
// The readers' own codes, and the `yaml` package's for what its parser reports (kept as they are:
// they are stable), but TAB_AS_INDENT, renamed TAB_INDENT.
import type { ErrorCode as YamlErrorCode } from 'yaml';

export const ISSUE_CODES = {
  // Both formats
  INVALID_UTF8: 'Bytes that are not UTF-8 (raw mode), or a lone surrogate, which has no UTF-8 form.',
  UNEXPECTED_TOKEN: 'Something the grammar does not allow here (JSON: where a value, a comma or a bracket was expected).',

  // JSON and JSONC (lib/converter/json/read-json.ts)
  EMPTY_DOCUMENT: 'The JSON document holds no value, only whitespace or comments.',
  UNEXPECTED_END: 'The JSON input ends in the middle of a value.',
  MISSING_COMMA: 'Two JSON values or members with no comma between them.',
  TRAILING_COMMA: 'Strict JSON: a comma before a closing bracket or brace (allowed in JSONC).',
  EXPECTED_KEY: 'A JSON object key that is not a string in double quotes.',
  MISSING_COLON: 'A JSON object key not followed by ":".',
  TRAILING_CONTENT: 'Something after the one top-level JSON value.',
  INVALID_NUMBER: 'A number JSON does not allow (a leading zero, a lone "-", "1.", hexadecimal...).',
  UNTERMINATED_STRING: 'A JSON string whose closing double quote never comes.',
  INVALID_ESCAPE: 'A backslash escape JSON does not define, or "\\u" without four hexadecimal digits.',
  CONTROL_CHARACTER: 'A line break or another control character inside a JSON string, not escaped.',
  UNTERMINATED_COMMENT: 'A block comment ("/*") that is never closed.',
  COMMENT_NOT_ALLOWED: 'Strict JSON: a comment (allowed in JSONC).',

  // YAML, found by our reader (lib/converter/yaml/read-yaml.ts)
  DUPLICATE_KEY: 'A YAML mapping key that appears earlier in the same mapping.',
  UNCLOSED_QUOTE: 'A quoted YAML scalar whose closing quote never comes (reported where it opens).',
  UNCLOSED_FLOW_COLLECTION: 'A YAML flow sequence or mapping ("[" or "{") that is never closed (reported where it opens).',
  TAB_INDENT: 'A tab used to indent YAML; YAML indents with spaces.',
  BAD_DIRECTIVE: 'A YAML directive that is malformed, unknown in form, or repeated (%YAML twice before one document).',
  MISSING_DOCUMENT_START: 'YAML directives not followed by a "---" document start marker.',
  UNKNOWN_ALIAS: 'A YAML alias (*name) with no anchor of that name defined before it.',

  // YAML, reported by the `yaml` package's parser
  ALIAS_PROPS: 'A YAML alias with an anchor or a tag of its own.',
  BAD_ALIAS: 'A YAML alias or anchor that is malformed (an empty name, an alias where a key must be...).',
  BAD_DQ_ESCAPE: 'An escape a double-quoted YAML string does not allow.',
  BAD_INDENT: 'A YAML line indented more or less than its structure allows.',
  BAD_PROP_ORDER: 'A YAML anchor or tag placed before the "?" or "-" indicator instead of after it.',
  BAD_SCALAR_START: 'A plain YAML scalar starting with a reserved character ("@", a backtick) or an indicator; quote it.',
  BLOCK_AS_IMPLICIT_KEY: 'A nested YAML mapping starting on its key\'s line (as in "a: b: c").',
  BLOCK_IN_FLOW: 'YAML block syntax (a "- " item, a block scalar) inside a flow collection.',
  KEY_OVER_1024_CHARS: 'A YAML implicit key longer than 1,024 characters (use an explicit "? " key).',
  MISSING_CHAR: 'A character YAML expects is missing (a closing quote or bracket, a ":" or ",").',
  MULTILINE_IMPLICIT_KEY: 'A YAML key spread over several lines, or a line missing its ":".',
  MULTIPLE_ANCHORS: 'A YAML node with more than one anchor.',
  MULTIPLE_TAGS: 'A YAML node with more than one tag.',
  TAG_RESOLVE_FAILED: 'A YAML tag whose handle no %TAG directive declares, or whose type cannot hold the value.',
  RESOURCE_EXHAUSTION: 'The `yaml` parser ran out of stack on a collection (not expected: deeper input is refused as limit_exceeded first).',
  IMPOSSIBLE: 'The `yaml` parser reached a state it deems impossible (a bug: please report the input).',

  // JSON Schema violations (POST /api/validate with `schema`; lib/schema/), one code per class of keyword
  SCHEMA_TYPE: 'A value of another type than the schema allows ("type").',
  SCHEMA_REQUIRED: 'A property the schema requires is missing ("required", "dependentRequired"); reported at its object.',
  SCHEMA_ADDITIONAL_PROPERTY: 'A property the schema does not allow ("additionalProperties", "unevaluatedProperties"); reported at its key.',
  SCHEMA_ENUM: 'A value that is not one the schema lists ("enum", "const").',
  SCHEMA_PATTERN: 'A string that does not match the schema\'s regular expression ("pattern").',
  SCHEMA_FORMAT: 'A string that is not of the schema\'s format ("format": date-time, email, uri...).',
  SCHEMA_RANGE: 'A number outside the schema\'s bounds ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf").',
  SCHEMA_LENGTH: 'A string shorter or longer than the schema allows ("minLength", "maxLength").',
  SCHEMA_ITEMS: 'An array whose items break the schema\'s array rules ("minItems", "maxItems", "uniqueItems", "contains", "items": false...).',
  SCHEMA_PROPERTIES: 'An object whose property count or names break the schema\'s rules ("minProperties", "maxProperties", "propertyNames").',
  SCHEMA_COMBINATOR: 'A value that fails the schema\'s combination ("anyOf", "oneOf", "not", "if"/"then"/"else").',
  SCHEMA_VIOLATION: 'A value that breaks another schema rule (a `false` schema, "dependentSchemas"...).',
} as const;

/** Stable, machine-readable kind of a ValidationIssue (ISSUE_CODES describes each). */
export type IssueCode = keyof typeof ISSUE_CODES;

export const ISSUE_CODE_LIST = Object.keys(ISSUE_CODES) as [IssueCode, ...IssueCode[]];

/** The codes of JSON Schema violations (lib/schema/): the readers never report them. */
export type SchemaIssueCode = Extract<IssueCode, `SCHEMA_${string}`>;

/**
 * The `yaml` codes its Composer never reports as errors here: TAB_AS_INDENT is renamed TAB_INDENT,
 * MULTIPLE_DOCS comes only from parseDocument, NON_STRING_KEY only with `stringKeys`, and
 * BAD_COLLECTION_TYPE only as a warning.
 */
type YamlCodeNotPassed = 'TAB_AS_INDENT' | 'MULTIPLE_DOCS' | 'NON_STRING_KEY' | 'BAD_COLLECTION_TYPE';

/** Fails to compile when a `yaml` upgrade adds a code the reader could pass through unlisted. */
type Covers<T extends IssueCode> = T;
export type YamlIssueCode = Covers<Exclude<YamlErrorCode, YamlCodeNotPassed>>;
