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
    description:
      "Carry comments over, each with its exact text, in order, on its own line or at the end of its node's line (JSON output becomes JSONC and a warning says so). YAML output then also keeps flow collections and block scalar styles.",
  }),
  preserveAnchors: flagField('preserveAnchors').meta({
    description: 'YAML -> YAML: keep anchors and aliases. JSON cannot keep them: aliases are expanded and a warning says so.',
  }),
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
});
