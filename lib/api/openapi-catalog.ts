// The OpenAPI operations of the built-in schema catalog (GET /api/schemas, GET /api/schemas/{id}), kept
// beside lib/api/openapi.ts, which puts them in the document.
import { schemaListExample, schemaOneExample } from './openapi-examples';

type Json = Record<string, unknown>;

const CACHE_HEADERS = {
  ETag: {
    description: "The catalog's (the list) or the schema's own version; send it back as `If-None-Match` for a 304.",
    schema: { type: 'string' },
  },
  'Cache-Control': { description: '`public, max-age=86400`: the catalog changes only with a deployment.', schema: { type: 'string' } },
  'X-Request-Id': { $ref: '#/components/headers/X-Request-Id' },
};

const IF_NONE_MATCH = {
  name: 'If-None-Match',
  in: 'header',
  required: false,
  description: 'An ETag from an earlier answer: 304, no body, while it is still the current one.',
  schema: { type: 'string' },
};

const NOT_MODIFIED = { description: 'Not modified: the `If-None-Match` ETag is the current one.', headers: CACHE_HEADERS };

const errors = (statuses: number[], names: Record<number, string>) =>
  Object.fromEntries(statuses.map((status) => [status, { $ref: `#/components/responses/${names[status]}` }]));

export function catalogPaths(responseNames: Record<number, string>): Json {
  return {
    '/api/schemas': {
      get: {
        operationId: 'listCatalogSchemas',
        summary: 'The built-in schema catalog (no key)',
        description:
          "SchemaStore's schemas built into the service (the ones SchemaStore hosts itself, at one commit, Apache-2.0), by id, name, description and fileMatch patterns, " +
          'and its entries hosted elsewhere (not built in). `POST /api/validate` takes an id or a name as `schema`, or `"auto"` with `filename`. No key and no quota.',
        security: [],
        parameters: [IF_NONE_MATCH],
        responses: {
          200: {
            description: 'The catalog.',
            headers: CACHE_HEADERS,
            content: { 'application/json': { schema: { $ref: '#/components/schemas/SchemaListResponse' }, examples: schemaListExample() } },
          },
          304: NOT_MODIFIED,
          ...errors([405, 500], responseNames),
        },
      },
    },
    '/api/schemas/{id}': {
      get: {
        operationId: 'getCatalogSchema',
        summary: 'One schema of the catalog (no key)',
        description:
          "The JSON Schema itself, as SchemaStore wrote it (white space between tokens removed): an entry's (`GET /api/schemas` lists them) or one an entry refers to (`base`, `partial-*`). " +
          'The playground fetches catalog schemas here. No key and no quota.',
        security: [],
        parameters: [
          {
            name: 'id',
            in: 'path',
            required: true,
            description: "The catalog id: the schema file's name without `.json`.",
            schema: { type: 'string' },
            example: 'github-workflow',
          },
          IF_NONE_MATCH,
        ],
        responses: {
          200: {
            description: 'The schema.',
            headers: CACHE_HEADERS,
            content: { 'application/schema+json': { schema: { type: 'object' }, examples: schemaOneExample() } },
          },
          304: NOT_MODIFIED,
          ...errors([404, 405, 500], responseNames),
        },
      },
    },
  };
}
