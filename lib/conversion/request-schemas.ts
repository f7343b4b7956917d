// The zod schemas of the two JSON bodies a conversion job parses (convert, validate), and the field
// helpers raw mode's query shares. lib/api/schemas.ts registers them for the OpenAPI document.
import { z } from 'zod';
import { FORMAT_ACCEPTED as ACCEPTED, JSON_STYLES, MIN_LINE_WIDTH, QUOTE_STYLES } from '@/lib/converter/format-options';
import { FORMATS, normalizeFormat, normalizeValidateType, VALIDATE_TYPES } from '@/lib/converter/formats';

type Source = 'Field' | 'Query parameter';

/** `Field "input" is required.` / `Field "input" must be a string.` */
function fieldError(source: Source, field: string, expected: string) {
  return (issue: { input?: unknown }) =>
    issue.input === undefined ? `${source} "${field}" is required.` : `${source} "${field}" must be ${expected}.`;
}

function shown(value: string): string {
  return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}...` : value);
}

export function formatField(field: string, source: Source = 'Field') {
  const required =
    source === 'Query parameter'
      ? () => `Raw mode needs both "from" and "to"; query parameter "${field}" is missing. Accepted: yaml (or yml), json.`
      : fieldError(source, field, 'a string');
  return z
    .string({ error: required })
    .transform((value, ctx) => {
      const format = normalizeFormat(value);
      if (!format) {
        ctx.issues.push({
          code: 'custom',
          input: value,
          message: `Unknown ${field} ${shown(value)}; accepted: yaml (or yml), json.`,
        });
        return z.NEVER;
      }
      return format;
    })
    .meta({
      description: '`yaml` or `json`; also accepted: `yml` (meaning `yaml`), in any letter case (`YAML`, `Json`).',
      enum: [...FORMATS],
      examples: ['yaml', 'json'],
    });
}

const YAML_VERSION_DESCRIPTION =
  'YAML input: the YAML version that reads documents without a `%YAML` directive. `1.2` (default): the core schema. ' +
  '`1.1`: scalars as PyYAML reads them: `yes`/`no`/`on`/`off` (and their `Yes`/`YES` forms) are booleans (`y` and `n` stay strings), ' +
  '`0755` is octal, `0b1010` binary, `1_000` has digit separators, `1:30` is sexagesimal (90). ' +
  'A `%YAML 1.1` or `%YAML 1.2` directive wins for its own document. Ignored for JSON input.';

/** `yamlVersion`: "1.1" or "1.2" (the default), in a body or in raw mode's query. */
export function yamlVersionField(source: Source = 'Field') {
  return z
    .enum(['1.1', '1.2'], {
      error: (issue) => `${source} "yamlVersion" must be "1.1" or "1.2"${issue.input === undefined ? '' : `, not ${shownValue(issue.input)}`}.`,
    })
    .default('1.2')
    .meta({ description: YAML_VERSION_DESCRIPTION, examples: ['1.1', '1.2'] });
}

function shownValue(value: unknown): string {
  if (typeof value === 'string') return shown(value);
  if (typeof value === 'number') return `the number ${value} (send it as a string)`;
  if (value === null || typeof value === 'boolean') return String(value);
  return Array.isArray(value) ? 'an array' : `a value of type ${typeof value}`;
}

function flagField(field: string) {
  return z.boolean({ error: fieldError('Field', field, 'true or false') }).default(false);
}

/** `Field "indent" cannot be 3; accepted: 2 or 4.`, the converter's own wording (lib/converter/format-options.ts). */
function optionError(source: Source, field: string, accepted: string) {
  return (issue: { input?: unknown }) => `${source} "${field}" cannot be ${shownOption(issue.input)}; accepted: ${accepted}.`;
}

/** An option's value as the message shows it: a number as itself (`indent` 3), a string quoted. */
function shownOption(value: unknown): string {
  return typeof value === 'string' ? shown(value) : (JSON.stringify(value) ?? String(value));
}

const FORMAT_DESCRIPTIONS = {
  indent: 'Spaces per level of indentation, JSON and YAML output: 2 (default) or 4.',
  sortKeys:
    'Sort the keys of every mapping by Unicode code point of the key text (the order of UTF-8 bytes, as Python\'s sort_keys and `jq -S`; `"10"` before `"9"`). Default false: the source order. YAML merge entries (`<<`, kept with preserveAnchors) stay first.',
  jsonStyle:
    'JSON output: `pretty` (default, one entry per line) or `compact` (one line, no white space; the output still ends with a newline). `compact` with preserveComments is refused (400): comments need lines.',
  flowLevel:
    'YAML output: collections nested this deep or deeper (the root is 0) are written in flow style on one line, `{a: 1, b: [x, y]}`. Absent or null: never (default). A collection holding comments stays in block style.',
  quoteStyle:
    'YAML output: `plain` (default) writes strings plain where YAML 1.1 and 1.2 readers read them back unchanged, double-quoted otherwise; `single` and `double` quote every string value with that quote (keys only where they need quotes; a string single quotes cannot carry is double-quoted). Strings with line breaks stay block literals (`|`).',
  lineWidth:
    'YAML output: fold string values longer than this many characters (UTF-16 units) at single spaces, so lines fit where a space allows; they read back unchanged. Keys, block literals and flow collections are not folded. Absent or null: never fold (default).',
};

/** The formatting fields of convert and format bodies, all optional: absent, the output is today's. */
const formatFields = {
  indent: z
    .literal([2, 4], { error: optionError('Field', 'indent', ACCEPTED.indent) })
    .optional()
    .meta({ description: FORMAT_DESCRIPTIONS.indent, examples: [2, 4] }),
  sortKeys: z
    .boolean({ error: optionError('Field', 'sortKeys', ACCEPTED.sortKeys) })
    .optional()
    .meta({ description: FORMAT_DESCRIPTIONS.sortKeys }),
  jsonStyle: z
    .enum(JSON_STYLES as ['pretty', 'compact'], { error: optionError('Field', 'jsonStyle', ACCEPTED.jsonStyle) })
    .optional()
    .meta({ description: FORMAT_DESCRIPTIONS.jsonStyle }),
  flowLevel: z
    .number({ error: optionError('Field', 'flowLevel', ACCEPTED.flowLevel) })
    .int({ error: optionError('Field', 'flowLevel', ACCEPTED.flowLevel) })
    .min(0, { error: optionError('Field', 'flowLevel', ACCEPTED.flowLevel) })
    .nullable()
    .optional()
    .meta({ description: FORMAT_DESCRIPTIONS.flowLevel, examples: [1] }),
  quoteStyle: z
    .enum(QUOTE_STYLES as ['plain', 'single', 'double'], { error: optionError('Field', 'quoteStyle', ACCEPTED.quoteStyle) })
    .optional()
    .meta({ description: FORMAT_DESCRIPTIONS.quoteStyle }),
  lineWidth: z
    .number({ error: optionError('Field', 'lineWidth', ACCEPTED.lineWidth) })
    .int({ error: optionError('Field', 'lineWidth', ACCEPTED.lineWidth) })
    .min(MIN_LINE_WIDTH, { error: optionError('Field', 'lineWidth', ACCEPTED.lineWidth) })
    .nullable()
    .optional()
    .meta({ description: FORMAT_DESCRIPTIONS.lineWidth, examples: [80] }),
};

/**
 * The same options as query parameters (raw mode), as text: `indent=4&sortKeys=true`. Each
 * says what it accepts, in the body's wording with "Query parameter".
 */
export function formatQueryFields() {
  const integer = (field: 'flowLevel' | 'lineWidth', min: number) =>
    z
      .string()
      .optional()
      .transform((value, ctx) => {
        if (value === undefined) return undefined;
        const n = /^\d{1,9}$/.test(value) ? Number(value) : Number.NaN;
        if (!(n >= min)) {
          ctx.issues.push({ code: 'custom', input: value, message: optionError('Query parameter', field, ACCEPTED[field])({ input: value }) });
          return z.NEVER;
        }
        return n;
      });
  return {
    indent: z
      .enum(['2', '4'], { error: optionError('Query parameter', 'indent', ACCEPTED.indent) })
      .optional()
      .transform((value) => (value === undefined ? undefined : (Number(value) as 2 | 4))),
    sortKeys: z
      .enum(['true', 'false', '1', '0'], { error: optionError('Query parameter', 'sortKeys', ACCEPTED.sortKeys) })
      .optional()
      .transform((value) => (value === undefined ? undefined : value === 'true' || value === '1')),
    jsonStyle: z.enum(JSON_STYLES as ['pretty', 'compact'], { error: optionError('Query parameter', 'jsonStyle', ACCEPTED.jsonStyle) }).optional(),
    flowLevel: integer('flowLevel', 0),
    quoteStyle: z
      .enum(QUOTE_STYLES as ['plain', 'single', 'double'], { error: optionError('Query parameter', 'quoteStyle', ACCEPTED.quoteStyle) })
      .optional(),
    lineWidth: integer('lineWidth', MIN_LINE_WIDTH),
  };
}

/** The names of the formatting fields, in the order the docs list them. */
export const FORMAT_FIELD_NAMES = Object.keys(formatFields) as Array<keyof typeof formatFields>;
export { FORMAT_DESCRIPTIONS };

export const ConvertRequestSchema = z.object({
  input: z
    .string({ error: fieldError('Field', 'input', 'a string') })
    .meta({ description: 'The document to convert. May be empty (an empty YAML stream is `null`).' }),
  inputType: formatField('inputType'),
  outputType: formatField('outputType'),
  preserveComments: flagField('preserveComments').meta({
    description:
      "Carry comments over, each with its exact text, in order, on its own line or at the end of its node's line (JSON output becomes JSONC and a warning says so). YAML output then also keeps flow collections and block scalar styles.",
  }),
  preserveAnchors: flagField('preserveAnchors').meta({
    description: 'YAML -> YAML: keep anchors and aliases. JSON cannot keep them: aliases are expanded and a warning says so.',
  }),
  yamlVersion: yamlVersionField(),
  ...formatFields,
});

/**
 * The body of POST /api/format: `type` is the format of both the input and the output. `json`
 * and `jsonc` both read JSON with comments and trailing commas (as convert does); `jsonc` keeps
 * the comments unless preserveComments is false, `json` writes strict JSON unless it is true.
 */
export const FormatRequestSchema = z.object({
  input: z
    .string({ error: fieldError('Field', 'input', 'a string') })
    .meta({ description: 'The document to format. May be empty (an empty YAML stream is `null`).' }),
  type: z
    .string({ error: fieldError('Field', 'type', 'a string') })
    .transform((value, ctx) => {
      const type = normalizeValidateType(value);
      if (!type) {
        ctx.issues.push({ code: 'custom', input: value, message: `Unknown type ${shown(value)}; accepted: yaml (or yml), json, jsonc.` });
        return z.NEVER;
      }
      return type;
    })
    .meta({
      description:
        'The format of the input and of the output: `yaml` (or `yml`), `json` or `jsonc`, case-insensitive (the canonical values are listed). `json` and `jsonc` both accept comments and trailing commas; `jsonc` keeps the comments by default.',
      enum: [...VALIDATE_TYPES],
      examples: ['yaml', 'json', 'jsonc'],
    }),
  preserveComments: z
    .boolean({ error: fieldError('Field', 'preserveComments', 'true or false') })
    .optional()
    .meta({ description: 'Keep comments. Default: true for `jsonc`, false for `yaml` and `json`.' }),
  preserveAnchors: flagField('preserveAnchors').meta({ description: 'YAML: keep anchors and aliases (otherwise they are expanded).' }),
  yamlVersion: yamlVersionField(),
  ...formatFields,
});

export const ValidateRequestSchema = z.object({
  input: z.string({ error: fieldError('Field', 'input', 'a string') }).meta({ description: 'The document to check.' }),
  type: z
    .string({ error: fieldError('Field', 'type', 'a string') })
    .transform((value, ctx) => {
      const type = normalizeValidateType(value);
      if (!type) {
        ctx.issues.push({
          code: 'custom',
          input: value,
          message: `Unknown type ${shown(value)}; accepted: yaml (or yml), json, jsonc.`,
        });
        return z.NEVER;
      }
      return type;
    })
    .meta({
      description:
        '`yaml` (or `yml`), `json` (strict RFC 8259) or `jsonc` (comments and trailing commas allowed), case-insensitive (the canonical values are listed).',
      enum: [...VALIDATE_TYPES],
      examples: ['yaml', 'json', 'jsonc'],
    }),
  yamlVersion: yamlVersionField(),
  schema: z
    .union([z.record(z.string(), z.unknown()), z.boolean(), z.string()], {
      error: 'Field "schema" must be a JSON Schema: an object (or true or false), or its JSON or YAML text.',
    })
    .optional()
    .meta({
      description:
        'A JSON Schema the document must satisfy: draft 2020-12 (the default) or draft-07, chosen by its `$schema`; an object, or its JSON or YAML text. ' +
        "Each violation is an error with the line and column of the offending node (a missing property: its object's key; an extra property: its key; a wrong value: the value), " +
        'its JSON Pointer `path`, the failed `keyword` and a `SCHEMA_*` code. Checked only when the document parses; each document of a YAML stream is checked on its own (errors carry `document`). ' +
        '`$ref` must point inside the schema: remote schemas are never fetched. At most 256 KB, 64 levels and 20,000 objects and arrays; formats (date-time, email, uri...) are checked.',
    }),
});
