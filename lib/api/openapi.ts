// Builds the OpenAPI 3.1 document from the zod schemas, so the docs cannot drift from the code.
import { z } from 'zod';
import { APP_VERSION } from '@/lib/config/version';
import { ERROR_STATUS, PUBLIC_API_ERROR_CODES, type ApiErrorCode } from './errors';
import {
  convertRequestExamples,
  convertResponseExamples,
  errorExamples,
  formatRequestExamples,
  formatResponseExamples,
  healthExample,
  rawConvertExamples,
  validateRequestExamples,
  validateResponseExamples,
} from './openapi-examples';
import { DEFAULT_LARGE_BODIES, DEFAULT_LARGE_BODIES_PER_ACCOUNT, DEFAULT_UPLOADS_PER_ACCOUNT } from './body-gate';
import { RAW_MEDIA_TYPES } from './media-type';
import { catalogPaths } from './openapi-catalog';
import { MAX_QUEUED, MAX_QUEUED_PER_ACCOUNT } from './run-converter';
import { apiSchemas } from './schemas';
import { optionJsonSchema } from '@/lib/jobs/request-schemas';
import { endpointOptions, FORMATTING_OPTIONS, optionRow } from '@/lib/converter/options';
import { MAX_DEPTH, MAX_INTEGER_DIGITS } from '@/lib/converter/limits';

type Json = Record<string, unknown>;

const ref = (id: string) => ({ $ref: `#/components/schemas/${id}` });
const headerRef = (name: string) => ({ $ref: `#/components/headers/${name}` });
const KEYED = [{ bearerAuth: [] }];

const ERROR_RESPONSES: Record<number, { name: string; description: string }> = {
  400: { name: 'BadRequest', description: 'The body is not JSON, a field is missing or mistyped, or a type is unknown.' },
  401: { name: 'Unauthorized', description: 'No `Authorization: Bearer <key>` header, or an unknown or revoked key.' },
  404: { name: 'NotFound', description: 'No such thing: `GET /api/schemas/{id}` with an id the catalog does not have.' },
  405: { name: 'MethodNotAllowed', description: 'The path exists but not with this method; `Allow` lists the methods it serves.' },
  413: { name: 'PayloadTooLarge', description: "`input` is larger than the account's plan allows (checked before parsing)." },
  415: { name: 'UnsupportedMediaType', description: 'The body is not JSON (raw mode: not one of the accepted document types).' },
  422: {
    name: 'UnprocessableInput',
    description: `\`invalid_input\`: the input could not be parsed. \`limit_exceeded\`: converting it would exceed a safety bound (nesting deeper than ${MAX_DEPTH}, aliases and merges expanding past the budget, an integer in base 2, 8, 16 or 60 longer than ${MAX_INTEGER_DIGITS.toLocaleString('en-US')} digits, a conversion past its plan's time limit or its memory limit).`,
  },
  429: {
    name: 'RateLimited',
    description: `The account's hourly quota is spent, or (convert, validate, format) the account is already sending as many request bodies at once as it may (${DEFAULT_UPLOADS_PER_ACCOUNT} of any size and ${DEFAULT_LARGE_BODIES_PER_ACCOUNT} over 1 MiB by default; the answer closes the connection), or already has ${MAX_QUEUED_PER_ACCOUNT} large conversions waiting for a worker (turns are fair between accounts). \`Retry-After\` says when to retry.`,
  },
  500: { name: 'InternalError', description: 'Something unexpected; quote the `requestId`.' },
  503: {
    name: 'Unavailable',
    description: `The database or Redis did not answer within its deadline (about a second; \`error.dependencies\` says which), every conversion worker is busy and the queue (${MAX_QUEUED} conversions, all accounts together) is full, or (convert, validate, format) the server is receiving as many request bodies over 1 MiB at once as it may (${DEFAULT_LARGE_BODIES} by default). \`Retry-After\` says when to retry.`,
  },
};

/**
 * Routes of the web app's own (session-cookie) API, not part of the public API this document describes, the
 * operator's Prometheus metrics (`/api/metrics`, behind METRICS_TOKEN: README, "Operating"), and Stripe's
 * webhook (`/api/billing`, called by Stripe only: README, "Billing").
 */
export const INTERNAL_API_PREFIXES = ['/api/auth', '/api/account', '/api/dashboard', '/api/metrics', '/api/billing'] as const;

let cached: Json | undefined;

/**
 * The document, with `servers` naming `baseUrl` (the API's public origin, e.g.
 * `https://yamljson.example`) so clients and generators have a host. Without one (the docs page,
 * SDK generation) it is the relative `/`: the server the document was read from.
 */
export function getOpenApiDocument(baseUrl?: string): Json {
  cached ??= buildOpenApiDocument();
  if (!baseUrl) return cached;
  return { ...cached, servers: [{ url: baseUrl, description: 'This server' }] };
}

function buildOpenApiDocument(): Json {
  return {
    openapi: '3.1.0',
    info: {
      title: 'yamljson API',
      version: APP_VERSION,
      description:
        'Converts YAML to JSON and back, and validates both. Every failure answers with the `ErrorResponse` body; every response carries `X-Request-Id`.',
    },
    servers: [{ url: '/' }],
    security: KEYED,
    paths: {
      '/api/convert': { post: convertOperation() },
      '/api/validate': { post: validateOperation() },
      '/api/format': { post: formatOperation() },
      '/api/health': { get: healthOperation() },
      '/api/health/live': {
        get: {
          operationId: 'live',
          summary: 'Liveness for load balancers (no key)',
          security: [],
          responses: { 200: ok('LiveResponse', { live: { value: { status: 'healthy' } } }), ...errors([500]) },
        },
      },
      ...operatorPaths(),
      ...catalogPaths(Object.fromEntries(Object.entries(ERROR_RESPONSES).map(([status, { name }]) => [status, name]))),
      '/api/openapi.json': {
        get: {
          operationId: 'openapi',
          summary: 'This document',
          security: [],
          responses: {
            200: {
              description: 'The OpenAPI 3.1 document.',
              headers: { 'X-Request-Id': headerRef('X-Request-Id') },
              content: { 'application/json': { schema: { type: 'object' } } },
            },
            ...errors([500]),
          },
        },
      },
      '/api/openapi.yaml': {
        get: {
          operationId: 'openapiYaml',
          summary: 'This document in YAML',
          security: [],
          responses: {
            200: {
              description: 'The same OpenAPI 3.1 document as `/api/openapi.json`, written as YAML by the converter.',
              headers: { 'X-Request-Id': headerRef('X-Request-Id') },
              content: { 'application/yaml': { schema: { type: 'string' } } },
            },
            ...errors([500]),
          },
        },
      },
    },
    components: {
      schemas: componentSchemas(),
      responses: errorResponseComponents(),
      headers: headerComponents(),
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          description: 'An API key (`yj_...`) from the dashboard: `Authorization: Bearer <key>`.',
        },
      },
    },
  };
}

function convertOperation(): Json {
  const rawBody = { schema: { type: 'string' }, example: rawConvertExamples.yamlIn };
  return {
    operationId: 'convert',
    summary: 'Convert YAML <-> JSON',
    description: [
      'JSON mode: send a `ConvertRequest` body; the answer is a `ConvertResponse`.',
      '',
      'Raw mode: add `?from=yaml&to=json` and send the document itself as the body (`curl --data-binary @file.yaml`).',
      `Accepted body types: ${RAW_MEDIA_TYPES.join(', ')}, or none. The answer is the converted text itself`,
      '(`application/json` or `application/yaml`, UTF-8) with the metadata in `X-Conversion-*` headers.',
      'Errors use the same JSON error body in both modes.',
      '',
      `Formatting: ${listed(FORMATTING_OPTIONS)} shape the output (JSON mode: body fields; raw mode: query parameters of the same names). Without them the output is as it always was.`,
      'With `outputType` equal to `inputType` the conversion is formatting: the data stays, the layout is re-done (the same as `POST /api/format`).',
    ].join('\n'),
    security: KEYED,
    parameters: [
      queryParam('from', 'Raw mode: the input format, `yaml` (or `yml`) or `json`. Requires `to`.', {
        type: 'string',
        enum: ['yaml', 'yml', 'json'],
      }),
      queryParam('to', 'Raw mode: the output format. Requires `from`.', { type: 'string', enum: ['yaml', 'yml', 'json'] }),
      ...optionQueryParams(),
    ],
    requestBody: {
      required: true,
      description: 'JSON mode: a `ConvertRequest`. Raw mode (`from` and `to` given): the document itself.',
      content: {
        'application/json': { schema: ref('ConvertRequest'), examples: convertRequestExamples },
        ...Object.fromEntries(RAW_MEDIA_TYPES.filter((t) => t !== 'application/json').map((type) => [type, rawBody])),
      },
    },
    responses: {
      200: {
        description: 'Converted. Raw mode: the output text, with `X-Conversion-*` headers.',
        headers: {
          'X-Request-Id': headerRef('X-Request-Id'),
          ...rateLimitHeaders(),
          ...Object.fromEntries(CONVERSION_HEADERS.map(([name]) => [name, headerRef(name)])),
          'X-Conversion-Warnings': headerRef('X-Conversion-Warnings'),
        },
        content: {
          'application/json': {
            schema: {
              anyOf: [ref('ConvertResponse'), { description: 'Raw mode with `to=json`: the converted JSON document itself.' }],
            },
            examples: {
              ...convertResponseExamples,
              rawJson: { summary: 'Raw mode, to=json: the document itself', value: rawConvertExamples.jsonOut },
            },
          },
          'application/yaml': {
            schema: { type: 'string', description: 'Raw mode with `to=yaml`: the converted YAML text.' },
            example: rawConvertExamples.yamlOut,
          },
        },
      },
      ...errors([400, 401, 405, 413, 415, 422, 429, 500, 503]),
    },
  };
}

function formatOperation(): Json {
  return {
    operationId: 'format',
    summary: 'Format YAML, JSON or JSONC',
    description: [
      'Re-indents and normalises a document without changing its data: the same as `POST /api/convert` with `outputType` equal to `inputType`, with `type` naming both.',
      'The answer is a `ConvertResponse`. Same key, quota, plan size limit and limits as convert.',
    ].join('\n'),
    security: KEYED,
    requestBody: {
      required: true,
      content: { 'application/json': { schema: ref('FormatRequest'), examples: formatRequestExamples } },
    },
    responses: {
      200: ok('ConvertResponse', formatResponseExamples, true),
      ...errors([400, 401, 405, 413, 415, 422, 429, 500, 503]),
    },
  };
}

/** Raw mode's query parameters for the options (the option table's rows), described as the body fields are. */
function optionQueryParams(): Json[] {
  // Each example is a value other than the default, sent verbatim by test/api/openapi.test.ts (`?from=yaml&to=yaml&<name>=<example>`).
  return endpointOptions('raw').map((name) => {
    const row = optionRow(name);
    const schema = { ...optionJsonSchema(row, 'query'), ...(row.default === null ? {} : { default: row.default }) };
    return { ...queryParam(name, `Raw mode: as \`${name}\` in the JSON body. ${row.meaning}`, schema), example: row.example };
  });
}

/** `a`, `b` and `c`, in code spans. */
function listed(names: readonly string[]): string {
  const spans = names.map((name) => `\`${name}\``);
  return spans.length < 2 ? spans.join('') : `${spans.slice(0, -1).join(', ')} and ${spans.at(-1)}`;
}

function validateOperation(): Json {
  return {
    operationId: 'validate',
    summary: 'Validate YAML, JSON or JSONC',
    description:
      'Invalid input is a normal answer: 200 with `valid: false` and every error found (at most 100). ' +
      'With `schema` (a JSON Schema of drafts 04 to 2020-12, a built-in catalog schema by name or id, or `"auto"` with `filename`), a document that parses is also checked against it: each violation comes with the line and column of its node, ' +
      'its JSON Pointer `path`, the failed `keyword` and a `SCHEMA_*` code; each document of a YAML stream is checked on its own (`document` says which). ' +
      "A catalog schema used is named in the answer's `schema`. " +
      'A schema that cannot be used is a 400 naming why: not a schema, an unknown catalog name, `"auto"` without `filename` or with one no catalog pattern matches (or that matches an entry SchemaStore hosts elsewhere), a remote `$ref`, past the size bounds, a `pattern` that does not run in linear time (patterns run on RE2: no backreferences or lookaround), a schema that applies itself to the same value without end (`{"$ref": "#"}`). A check that runs past the time limit of one conversion is a 422 `limit_exceeded`.',
    security: KEYED,
    requestBody: {
      required: true,
      content: { 'application/json': { schema: ref('ValidateRequest'), examples: validateRequestExamples } },
    },
    responses: {
      200: ok('ValidateResponse', validateResponseExamples, true),
      ...errors([400, 401, 405, 413, 415, 422, 429, 500, 503]),
    },
  };
}

// --- The operator's view: readiness, no key. ---
function operatorPaths(): Json {
  return {
    '/api/health/ready': {
      get: {
        operationId: 'ready',
        summary: 'Readiness for load balancers (no key): the database and Redis answer',
        description:
          'Asks the database, and Redis when one is configured, each within its deadline (DATABASE_TIMEOUT_MS, REDIS_TIMEOUT_MS). ' +
          'No key and no quota. 503 `unavailable` names those that did not answer in `error.dependencies`. ' +
          '`/api/health/live` says only that the process answers (liveness); `/api/health` needs a key.',
        security: [],
        responses: {
          200: ok('ReadyResponse', { ready: { value: { status: 'ready', checked: ['database'] } } }),
          ...errors([405, 500, 503]),
        },
      },
    },
  };
}
// --- end of the operator's view ---

function healthOperation(): Json {
  return {
    operationId: 'health',
    summary: 'Version and uptime',
    security: KEYED,
    responses: {
      200: ok('HealthResponse', { healthy: { value: healthExample } }, true),
      ...errors([401, 405, 429, 500, 503]),
    },
  };
}

function ok(schema: string, examples: Json, keyed = false): Json {
  return {
    description: 'OK',
    headers: { 'X-Request-Id': headerRef('X-Request-Id'), ...(keyed ? rateLimitHeaders() : {}) },
    content: { 'application/json': { schema: ref(schema), examples } },
  };
}

function errors(statuses: number[]): Json {
  return Object.fromEntries(statuses.map((status) => [status, { $ref: `#/components/responses/${ERROR_RESPONSES[status]!.name}` }]));
}

function errorResponseComponents(): Json {
  return Object.fromEntries(
    Object.entries(ERROR_RESPONSES).map(([status, { name, description }]) => {
      const codes = PUBLIC_API_ERROR_CODES.filter((code) => ERROR_STATUS[code] === Number(status));
      const headers: Json = { 'X-Request-Id': headerRef('X-Request-Id') };
      if (status === '401') headers['WWW-Authenticate'] = headerRef('WWW-Authenticate');
      if (status === '405') headers['Allow'] = headerRef('Allow');
      if (status === '429') Object.assign(headers, { 'Retry-After': headerRef('Retry-After') }, rateLimitHeaders());
      if (status === '503') headers['Retry-After'] = headerRef('Retry-After');
      const examples = Object.fromEntries(codes.flatMap((code: ApiErrorCode) => (errorExamples[code] ? [[code, errorExamples[code]]] : [])));
      return [name, { description, headers, content: { 'application/json': { schema: ref('ErrorResponse'), examples } } }];
    }),
  );
}

const CONVERSION_HEADERS: Array<[string, string]> = [
  ['X-Conversion-Input-Size', 'Raw mode: bytes of UTF-8 in the input.'],
  ['X-Conversion-Output-Size', 'Raw mode: bytes of UTF-8 in the output.'],
  ['X-Conversion-Processing-Ms', 'Raw mode: whole milliseconds spent parsing and serialising.'],
  ['X-Conversion-Anchors-Count', 'Raw mode: anchor definitions in the input.'],
  ['X-Conversion-Comments-Count', 'Raw mode: comments in the input.'],
  ['X-Conversion-Documents', 'Raw mode: documents in the input stream.'],
];

function headerComponents(): Json {
  const integer = (description: string) => ({ description, schema: { type: 'integer', minimum: 0 } });
  return {
    'X-Request-Id': { description: 'The request id (`req_...`), also in every error body.', schema: { type: 'string' } },
    'WWW-Authenticate': { description: 'Always `Bearer`.', schema: { type: 'string', const: 'Bearer' } },
    Allow: { description: 'The methods the path serves, e.g. `POST`.', schema: { type: 'string' } },
    'Retry-After': integer(
      'Seconds to wait before retrying: until the quota window resets (429), until the dependency or a worker is likely back (503), or a few seconds for a full conversion queue or too many large bodies at once (429, 503).',
    ),
    'X-RateLimit-Limit': integer("Requests per hour on the account's plan (absent on unlimited plans)."),
    'X-RateLimit-Remaining': integer('Requests left in this hour.'),
    'X-RateLimit-Reset': integer("Unix seconds when this hour's window ends."),
    ...Object.fromEntries(CONVERSION_HEADERS.map(([name, description]) => [name, integer(description)])),
    'X-Conversion-Warnings': {
      description: 'Raw mode: the warnings as a JSON array of strings, non-ASCII escaped; absent when there are none.',
      schema: { type: 'string' },
    },
  };
}

function rateLimitHeaders(): Json {
  return Object.fromEntries(['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset'].map((name) => [name, headerRef(name)]));
}

function queryParam(name: string, description: string, schema: Json): Json {
  return { name, in: 'query', required: false, description, schema };
}

function componentSchemas(): Json {
  const { schemas } = z.toJSONSchema(apiSchemas, { io: 'input', uri: (id) => `#/components/schemas/${id}` });
  return Object.fromEntries(
    Object.entries(schemas).map(([id, schema]) => {
      const { $schema: _s, $id: _i, ...rest } = schema as Json;
      return [id, id.endsWith('Request') ? withDefaultsInWords(rest) : rest];
    }),
  );
}

/**
 * A request body's optional fields say their default in words instead of the `default` keyword:
 * generators read `default` on a component schema's property as "always present" and make the
 * field required in the type they write for the body (openapi-typescript's defaultNonNullable),
 * so a client would have to send `preserveComments: false` it could leave out. The server fills
 * the default in either way.
 */
export function withDefaultsInWords(schema: Json): Json {
  const properties = schema.properties as Record<string, Json> | undefined;
  if (!properties) return schema;
  const required = new Set((schema.required as string[] | undefined) ?? []);
  const rewritten = Object.fromEntries(
    Object.entries(properties).map(([name, property]) => {
      if (required.has(name) || !('default' in property)) return [name, property];
      const { default: value, ...rest } = property;
      const description = typeof rest.description === 'string' ? rest.description : '';
      const said = /\bdefault\b/i.test(description);
      return [name, { ...rest, description: said ? description : `${description} Default: \`${JSON.stringify(value)}\`.`.trim() }];
    }),
  );
  return { ...schema, properties: rewritten };
}
