// Zod schemas for every API request and response; the OpenAPI document is generated from them.
import { z } from 'zod';
import { ConvertRequestSchema, FormatRequestSchema, RawConvertQuerySchema, ValidateRequestSchema } from '@/lib/jobs/request-schemas';
import { ISSUE_CODE_LIST, ISSUE_CODES } from '@/lib/converter/issue-codes';
import { DEPENDENCIES } from '@/lib/dependencies';
import { ERROR_MEANINGS } from '@/lib/errors/error-meanings';
import { PUBLIC_API_ERROR_CODES } from './errors';

export { ConvertRequestSchema, FormatRequestSchema, RawConvertQuerySchema, ValidateRequestSchema };

/** Every schema registered here becomes `#/components/schemas/<id>` in the OpenAPI document. */
export const apiSchemas = z.registry<{ id: string; description?: string }>();

export const ValidationIssueSchema = z
  .object({
    message: z.string(),
    line: z.number().int().min(1).meta({ description: '1-based line where the problem starts.' }),
    column: z.number().int().min(1).meta({ description: '1-based column (UTF-16 code units).' }),
    code: z.enum(ISSUE_CODE_LIST).meta({
      description: 'Stable, machine-readable: what kind of problem it is. `x-enumDescriptions` says what each code means.',
      'x-enumDescriptions': ISSUE_CODES,
    }),
    path: z.string().optional().meta({
      description: 'Schema violations: JSON Pointer of the offending node (`""`: the whole document; a missing or extra property: that property).',
    }),
    keyword: z
      .string()
      .optional()
      .meta({ description: 'Schema violations: the JSON Schema keyword that failed (`type`, `required`, `additionalProperties`...).' }),
    schemaPath: z
      .string()
      .optional()
      .meta({ description: 'Schema violations: where that keyword is in the schema, as a URI fragment (`#/properties/spec/required`).' }),
    document: z
      .number()
      .int()
      .min(0)
      .optional()
      .meta({ description: 'Schema violations in a YAML stream of several documents: the 0-based index of the document.' }),
  })
  .register(apiSchemas, { id: 'ValidationIssue', description: 'One positioned problem in the input.' });

apiSchemas.add(ConvertRequestSchema, { id: 'ConvertRequest', description: 'The body of POST /api/convert. Unknown fields are ignored.' });
apiSchemas.add(FormatRequestSchema, {
  id: 'FormatRequest',
  description:
    'The body of POST /api/format: re-indents and normalises a document without changing its data (the same as convert with outputType equal to inputType). Unknown fields are ignored.',
});
apiSchemas.add(ValidateRequestSchema, { id: 'ValidateRequest', description: 'The body of POST /api/validate. Unknown fields are ignored.' });

const count = (description: string) => z.number().int().min(0).meta({ description });

export const ConversionMetadataSchema = z
  .object({
    inputSize: count('Bytes of UTF-8 in `input`.'),
    outputSize: count('Bytes of UTF-8 in `output`.'),
    processingMs: count('Whole milliseconds spent parsing and serialising.'),
    anchorsCount: count('Anchor definitions in the input (0 for JSON).'),
    commentsCount: count('Comments in the input (YAML `#`, JSONC `//` and `/* */`), whatever the preserve flags say.'),
    documents: count('Documents in the input stream (JSON input: 1).'),
  })
  .register(apiSchemas, { id: 'ConversionMetadata' });

export const ConvertResponseSchema = z
  .object({
    success: z.literal(true),
    output: z.string().meta({ description: 'The converted document; ends with a newline.' }),
    metadata: ConversionMetadataSchema,
    warnings: z.array(z.string()).meta({
      description: 'What the output cannot say exactly (.inf, unknown tags, JSONC output, expanded aliases, ...).',
    }),
  })
  .register(apiSchemas, { id: 'ConvertResponse', description: 'The 200 body of POST /api/convert (JSON mode) and of POST /api/format.' });

const DRAFT_VALUES = ['draft-04', 'draft-06', 'draft-07', '2019-09', '2020-12'] as const;

export const SchemaUsedSchema = z
  .object({
    id: z.string().meta({ description: 'The catalog id (`GET /api/schemas/{id}`).' }),
    name: z.string().meta({ description: "SchemaStore's name of it." }),
    url: z.string().meta({ description: 'Where SchemaStore serves it (what other schemas refer to it by).' }),
    matchedPattern: z.string().optional().meta({ description: '`schema: "auto"`: the fileMatch pattern that matched `filename`.' }),
  })
  .register(apiSchemas, { id: 'SchemaUsed', description: 'The catalog schema the document was checked against.' });

export const ValidateResponseSchema = z
  .object({
    success: z.literal(true),
    valid: z.boolean(),
    errors: z.array(ValidationIssueSchema).meta({ description: 'Every problem found (at most 100); empty when valid.' }),
    schema: SchemaUsedSchema.optional().meta({
      description: 'With `schema` a catalog name or id, or `"auto"`: the catalog schema used. Absent otherwise.',
    }),
  })
  .register(apiSchemas, {
    id: 'ValidateResponse',
    description: 'The 200 body of POST /api/validate. Invalid input is a normal answer: `valid: false`.',
  });

export const CatalogEntrySchema = z
  .object({
    id: z.string().meta({
      description: "The schema file's name without `.json`: what `schema` and `GET /api/schemas/{id}` take.",
      examples: ['github-workflow'],
    }),
    name: z.string().meta({ description: "SchemaStore's name; `schema` takes it too (any letter case)." }),
    description: z.string(),
    fileMatch: z.array(z.string()).meta({ description: 'The file patterns `schema: "auto"` matches `filename` with.' }),
    url: z.string().meta({ description: 'Where SchemaStore serves it; `$ref`s to it (and to the others) resolve inside the catalog.' }),
    draft: z.enum(DRAFT_VALUES).meta({ description: 'The JSON Schema draft its `$schema` names (draft-07 when none).' }),
    unusable: z.string().optional().meta({
      description:
        'Present when the schema cannot be used, saying why (it refers to a schema hosted outside the catalog, which is never fetched): validating with it answers 400 with this message.',
    }),
  })
  .register(apiSchemas, { id: 'CatalogEntry', description: 'A schema of the built-in catalog.' });

export const ExternalCatalogEntrySchema = z
  .object({
    name: z.string(),
    description: z.string(),
    fileMatch: z.array(z.string()),
    url: z.string().meta({ description: 'Where SchemaStore lists it: another host, never fetched by this service.' }),
  })
  .register(apiSchemas, {
    id: 'ExternalCatalogEntry',
    description: 'A SchemaStore entry whose schema is hosted elsewhere: not built in. `schema: "auto"` matching one says so (400).',
  });

export const SchemaListResponseSchema = z
  .object({
    source: z
      .object({
        repository: z.string(),
        commit: z.string().meta({ description: 'The SchemaStore commit the built-in schemas were taken at.' }),
        license: z.string().meta({ description: "SchemaStore's license (its notice ships with the schemas)." }),
      })
      .meta({ description: 'Where the schemas come from.' }),
    schemas: z.array(CatalogEntrySchema).meta({ description: "The built-in schemas, in SchemaStore's catalog order." }),
    external: z.array(ExternalCatalogEntrySchema).meta({ description: "SchemaStore's entries hosted elsewhere." }),
    files: z.array(z.string()).meta({
      description:
        "The id of every schema `GET /api/schemas/{id}` serves: the entries' and the ones they refer to (`base`, `partial-*`), which have no entry of their own.",
    }),
  })
  .register(apiSchemas, { id: 'SchemaListResponse', description: 'The 200 body of GET /api/schemas.' });

export const HealthResponseSchema = z
  .object({
    status: z.literal('healthy'),
    version: z.string().meta({ description: 'The package version.' }),
    uptime: count('Whole seconds since the server process started.'),
  })
  .register(apiSchemas, { id: 'HealthResponse' });

export const LiveResponseSchema = z
  .object({ status: z.literal('healthy') })
  .register(apiSchemas, { id: 'LiveResponse', description: 'For load balancers; says nothing more.' });

// --- The operator's view: readiness for load balancers. ---
export const ReadyResponseSchema = z
  .object({
    status: z.literal('ready'),
    checked: z.array(z.enum(DEPENDENCIES)).meta({ description: 'The dependencies that answered: the database, and Redis when one is configured.' }),
  })
  .register(apiSchemas, {
    id: 'ReadyResponse',
    description: 'For load balancers: every dependency answered within its deadline. Otherwise 503 `unavailable` naming them.',
  });
export type ReadyResponse = z.output<typeof ReadyResponseSchema>;
// --- end of the operator's view ---

export const ErrorResponseSchema = z
  .object({
    success: z.literal(false),
    error: z.object({
      code: z.enum(PUBLIC_API_ERROR_CODES).meta({
        description: 'Stable, machine-readable: what went wrong. `x-enumDescriptions` says what each code means.',
        'x-enumDescriptions': Object.fromEntries(PUBLIC_API_ERROR_CODES.map((code) => [code, ERROR_MEANINGS[code]])),
      }),
      message: z.string().meta({ description: 'For people; may change. Match on `code`.' }),
      requestId: z.string().meta({ description: 'Also sent as `X-Request-Id`; quote it to support.' }),
      details: z
        .array(ValidationIssueSchema)
        .optional()
        .meta({ description: 'For `invalid_input`: the positioned errors, as validate reports them.' }),
      dependencies: z.array(z.enum(DEPENDENCIES)).optional().meta({
        description:
          'For `unavailable` because a dependency did not answer within its deadline (about a second): which ones. Health checks both; other endpoints name the first that failed them.',
      }),
    }),
  })
  .register(apiSchemas, { id: 'ErrorResponse', description: 'The body of every failure, whatever the endpoint.' });

export type ConvertResponse = z.output<typeof ConvertResponseSchema>;
export type ValidateResponse = z.output<typeof ValidateResponseSchema>;
export type HealthResponse = z.output<typeof HealthResponseSchema>;
export type SchemaListResponse = z.output<typeof SchemaListResponseSchema>;
