// The zod schemas of the JSON bodies a conversion job parses (convert, format, validate), and raw
// mode's query. Their option fields are made from the option table (lib/converter/option-table.ts):
// each delegates to the converter's own check, so a value is refused in the converter's words, and
// carries its JSON Schema (type, enum, minimum, null, default) for the OpenAPI document, which
// lib/api/schemas.ts registers them for.
import { z } from 'zod';
import { FORMATS, normalizeFormat, normalizeValidateType, VALIDATE_TYPES } from '@/lib/converter/formats';
import {
  endpointOptions,
  optionFromText,
  optionProblem,
  optionRow,
  shownText,
  type EndpointOptionName,
  type OptionName,
  type OptionRow,
  type OptionValue,
} from '@/lib/converter/options';
import { MAX_FILENAME_CHARS } from '@/lib/schema/catalog/file-match';

type Source = 'Field' | 'Query parameter';

/** `Field "input" is required.` / `Field "input" must be a string.` */
function fieldError(source: Source, field: string, expected: string) {
  return (issue: { input?: unknown }) =>
    issue.input === undefined ? `${source} "${field}" is required.` : `${source} "${field}" must be ${expected}.`;
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
          message: `Unknown ${field} ${shownText(value)}; accepted: yaml (or yml), json.`,
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

/** Format's and validate's `type`: `yaml` (or `yml`), `json` or `jsonc`, in any case. */
function typeField(description: string) {
  return z
    .string({ error: fieldError('Field', 'type', 'a string') })
    .transform((value, ctx) => {
      const type = normalizeValidateType(value);
      if (!type) {
        ctx.issues.push({ code: 'custom', input: value, message: `Unknown type ${shownText(value)}; accepted: yaml (or yml), json, jsonc.` });
        return z.NEVER;
      }
      return type;
    })
    .meta({ description, enum: [...VALIDATE_TYPES], examples: ['yaml', 'json', 'jsonc'] });
}

type BodyEndpoint = 'convert' | 'format' | 'validate';

/** An option's values as JSON Schema: type, enum, minimum, and null where the body may send it. */
export function optionJsonSchema(row: OptionRow, where: 'body' | 'query'): Record<string, unknown> {
  switch (row.kind) {
    case 'boolean':
      return { type: 'boolean' };
    case 'enum':
      return { type: typeof row.values[0] === 'number' ? 'integer' : 'string', enum: [...row.values] };
    case 'integer': {
      if (where === 'query') return { type: 'integer', minimum: row.minimum };
      const integer = { type: 'integer', minimum: row.minimum, maximum: Number.MAX_SAFE_INTEGER };
      return row.nullable ? { anyOf: [integer, { type: 'null' }] } : integer;
    }
  }
}

/**
 * An option's body field: optional, checked by the converter's own check (its message is the
 * refusal), described by the row. The default is stated for the document, which says it in words
 * (lib/api/openapi.ts, `withDefaultsInWords`); the converter fills it in.
 */
function optionField<K extends OptionName>(name: K, endpoint: BodyEndpoint) {
  const row = optionRow(name);
  const checked = z.unknown().superRefine((value, ctx) => {
    const problem = optionProblem(name, value);
    if (problem !== null) ctx.addIssue({ code: 'custom', input: value, message: problem });
  }) as unknown as z.ZodType<OptionValue<K>>;
  return checked.optional().meta({
    description: (endpoint === 'format' ? row.formatMeaning : undefined) ?? row.meaning,
    ...(row.kind === 'boolean' ? {} : { examples: [row.example] }),
    ...optionJsonSchema(row, 'body'),
    ...(row.default === null ? {} : { default: row.default }),
  });
}

/** The option fields of an endpoint's body, in the table's order. */
function optionFields<E extends BodyEndpoint>(endpoint: E) {
  return Object.fromEntries(endpointOptions(endpoint).map((name) => [name, optionField(name, endpoint)])) as {
    [K in EndpointOptionName<E>]: z.ZodOptional<z.ZodType<OptionValue<K>>>;
  };
}

/**
 * Raw mode's options, as query parameters of the same names (`indent=4&sortKeys=true`): text read by
 * the option table (`true`/`false`/`1`/`0`, a listed value, digits), refused in the body's words with
 * "Query parameter".
 */
export function optionQueryFields() {
  const field = <K extends OptionName>(name: K) =>
    z
      .string()
      .optional()
      .transform((text, ctx): OptionValue<K> | undefined => {
        if (text === undefined) return undefined;
        const read = optionFromText(name, text);
        if ('problem' in read) {
          ctx.issues.push({ code: 'custom', input: text, message: read.problem });
          return z.NEVER;
        }
        return read.value;
      });
  return Object.fromEntries(endpointOptions('raw').map((name) => [name, field(name)])) as unknown as {
    [K in EndpointOptionName<'raw'>]: z.ZodType<OptionValue<K> | undefined, string | undefined>;
  };
}

export const ConvertRequestSchema = z.object({
  input: z
    .string({ error: fieldError('Field', 'input', 'a string') })
    .meta({ description: 'The document to convert. May be empty (an empty YAML stream is `null`).' }),
  inputType: formatField('inputType'),
  outputType: formatField('outputType'),
  ...optionFields('convert'),
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
  type: typeField(
    'The format of the input and of the output: `yaml` (or `yml`), `json` or `jsonc`, case-insensitive (the canonical values are listed). `json` and `jsonc` both accept comments and trailing commas; `jsonc` keeps the comments by default.',
  ),
  ...optionFields('format'),
});

export const ValidateRequestSchema = z.object({
  input: z.string({ error: fieldError('Field', 'input', 'a string') }).meta({ description: 'The document to check.' }),
  type: typeField(
    '`yaml` (or `yml`), `json` (strict RFC 8259) or `jsonc` (comments and trailing commas allowed), case-insensitive (the canonical values are listed).',
  ),
  ...optionFields('validate'),
  schema: z
    .union([z.record(z.string(), z.unknown()), z.boolean(), z.string()], {
      error:
        'Field "schema" must be a JSON Schema: an object (or true or false), or its JSON or YAML text; or a catalog schema\'s name or id, or "auto".',
    })
    .optional()
    .meta({
      description:
        'What the document must satisfy: a JSON Schema (an object, or its JSON or YAML text; drafts 04, 06, 07, 2019-09 and 2020-12, chosen by its `$schema`, 2020-12 when it names none), ' +
        'a built-in catalog schema by name or id (`"GitHub Workflow"`, `"github-workflow"`, any letter case; `GET /api/schemas` lists them), ' +
        'or `"auto"`: the catalog schema whose fileMatch patterns match `filename`. The answer\'s `schema` names the catalog schema used. ' +
        "Each violation is an error with the line and column of the offending node (a missing property: its object's key; an extra property: its key; a wrong value: the value), " +
        'its JSON Pointer `path`, the failed `keyword` and a `SCHEMA_*` code. Checked only when the document parses; each document of a YAML stream is checked on its own (errors carry `document`). ' +
        "A user's schema: `$ref` must point inside it (remote schemas are never fetched); at most 256 KB, 64 levels and 20,000 objects and arrays. " +
        'A catalog schema: its `$ref`s to other catalog schemas resolve inside the catalog, nothing is fetched. Formats (date-time, email, uri...) are checked.',
      examples: ['github-workflow', 'auto'],
    }),
  filename: z
    .string({ error: 'Field "filename" must be a string: the path of the document.' })
    .max(MAX_FILENAME_CHARS, { error: `Field "filename" is longer than ${MAX_FILENAME_CHARS} characters.` })
    .refine((name) => !/[\u0000-\u001f\u007f]/.test(name), { error: 'Field "filename" may not contain control characters.' })
    .optional()
    .meta({
      description:
        'With `"schema": "auto"`: the path of the document (`.github/workflows/ci.yml`, `charts/web/Chart.yaml`), matched with the catalog\'s fileMatch patterns as editors match them: ' +
        'each pattern is prefixed with `**/` and matched against the whole path (`/` or `\\` separators), case-sensitively; when several entries match, the pattern with the most literal characters wins. Ignored otherwise.',
      examples: ['.github/workflows/ci.yml'],
    }),
});

/** Raw mode: `POST /api/convert?from=yaml&to=json` with the document itself as the body. */
export const RawConvertQuerySchema = z.object({
  from: formatField('from', 'Query parameter'),
  to: formatField('to', 'Query parameter'),
  ...optionQueryFields(),
});
