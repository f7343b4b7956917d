// The zod schemas of the two JSON bodies a conversion job parses (convert, validate), and the field
// helpers raw mode's query shares. lib/api/schemas.ts registers them for the OpenAPI document.
import { z } from 'zod';
import { normalizeFormat, normalizeValidateType } from '@/lib/converter/formats';

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
    .meta({ description: '`yaml` (or `yml`) or `json`, case-insensitive.', examples: ['yaml', 'json'] });
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

export const ConvertRequestSchema = z.object({
  input: z
    .string({ error: fieldError('Field', 'input', 'a string') })
    .meta({ description: 'The document to convert. May be empty (an empty YAML stream is `null`).' }),
  inputType: formatField('inputType'),
  outputType: formatField('outputType'),
  preserveComments: flagField('preserveComments').meta({
    description: 'Carry comments over (JSON output becomes JSONC and a warning says so).',
  }),
  preserveAnchors: flagField('preserveAnchors').meta({
    description: 'YAML -> YAML: keep anchors and aliases. JSON cannot keep them: aliases are expanded and a warning says so.',
  }),
  yamlVersion: yamlVersionField(),
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
      description: '`yaml` (or `yml`), `json` (strict RFC 8259) or `jsonc` (comments and trailing commas allowed), case-insensitive.',
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
