// Request and response examples for the OpenAPI document; tests check each against its schema.
import type { z } from 'zod';
import { MAX_DEPTH } from '@/lib/converter/limits';
import { utf8ByteLength } from '@/lib/converter/utf8';
import type { ApiErrorCode, ErrorBody } from './errors';
import type { ConvertRequestSchema, ConvertResponse, FormatRequestSchema, HealthResponse, ValidateRequestSchema, ValidateResponse } from './schemas';

const YAML_IN = 'name: yamljson\ntags: [fast, exact]\n';
/** A config written for a YAML 1.1 reader; read as 1.2 (the default) the same text gives "yes", 755, "1:30" and "NO". */
const YAML11_IN = 'enabled: yes\nmode: 0755\ntimeout: 1:30\ncountry: NO\n';
const YAML11_OUT = '{\n  "enabled": true,\n  "mode": 493,\n  "timeout": 90,\n  "country": false\n}\n';
const JSON_OUT = '{\n  "name": "yamljson",\n  "tags": [\n    "fast",\n    "exact"\n  ]\n}\n';

interface Example<T> {
  summary: string;
  value: T;
}

export const convertRequestExamples: Record<string, Example<z.input<typeof ConvertRequestSchema>>> = {
  yamlToJson: {
    summary: 'YAML to JSON',
    value: { input: YAML_IN, inputType: 'yaml', outputType: 'json' },
  },
  jsonToYaml: {
    summary: 'JSON to YAML',
    value: { input: '{"name": "yamljson", "port": 8080}', inputType: 'json', outputType: 'yaml' },
  },
  keepComments: {
    summary: 'YAML to YAML, keeping comments and anchors',
    value: {
      input: 'base: &base\n  retries: 3 # enough\nprod:\n  <<: *base\n',
      inputType: 'yml',
      outputType: 'YAML',
      preserveComments: true,
      preserveAnchors: true,
    },
  },
  yaml11: {
    summary: 'YAML 1.1 to JSON: yes/NO are booleans, 0755 octal, 1:30 sexagesimal',
    value: { input: YAML11_IN, inputType: 'yaml', outputType: 'json', yamlVersion: '1.1' },
  },
  formatted: {
    summary: 'JSON to YAML, formatted: sorted keys, four spaces, flow style from level 2, single quotes, lines folded at 40',
    value: {
      input: '{"service": {"name": "api", "ports": [80, 443]}, "description": "A service description longer than forty characters.", "env": "prod"}',
      inputType: 'json',
      outputType: 'yaml',
      sortKeys: true,
      indent: 4,
      flowLevel: 2,
      quoteStyle: 'single',
      lineWidth: 40,
    },
  },
  compactJson: {
    summary: 'YAML to compact JSON (one line)',
    value: { input: YAML_IN, inputType: 'yaml', outputType: 'json', jsonStyle: 'compact' },
  },
};

const FORMAT_YAML_IN = 'b:   1\na:\n    - x\n    - {z: 1, "y": 2}\n';
const FORMAT_YAML_OUT = 'a:\n  - x\n  - "y": 2\n    z: 1\nb: 1\n';

export const formatRequestExamples: Record<string, Example<z.input<typeof FormatRequestSchema>>> = {
  yaml: { summary: 'Re-indent YAML and sort its keys', value: { input: FORMAT_YAML_IN, type: 'yaml', sortKeys: true } },
  jsonc: {
    summary: 'Pretty-print JSONC with four spaces, keeping its comments',
    value: { input: '{"port": 8080, // the default\n"hosts": ["a", "b",],}', type: 'jsonc', indent: 4 },
  },
  compact: { summary: 'Minify JSON', value: { input: '{\n  "a": [1, 2],\n  "b": null\n}\n', type: 'json', jsonStyle: 'compact' } },
};

export const formatResponseExamples: Record<string, Example<ConvertResponse>> = {
  yaml: {
    summary: 'YAML re-indented, keys sorted',
    value: {
      success: true,
      output: FORMAT_YAML_OUT,
      metadata: {
        inputSize: utf8ByteLength(FORMAT_YAML_IN),
        outputSize: utf8ByteLength(FORMAT_YAML_OUT),
        processingMs: 0,
        anchorsCount: 0,
        commentsCount: 0,
        documents: 1,
      },
      warnings: [],
    },
  },
};

export const convertResponseExamples: Record<string, Example<ConvertResponse>> = {
  yamlToJson: {
    summary: 'YAML to JSON',
    value: {
      success: true,
      output: JSON_OUT,
      metadata: {
        inputSize: utf8ByteLength(YAML_IN),
        outputSize: utf8ByteLength(JSON_OUT),
        processingMs: 0,
        anchorsCount: 0,
        commentsCount: 0,
        documents: 1,
      },
      warnings: [],
    },
  },
  yaml11: {
    summary: 'YAML 1.1 to JSON',
    value: {
      success: true,
      output: YAML11_OUT,
      metadata: {
        inputSize: utf8ByteLength(YAML11_IN),
        outputSize: utf8ByteLength(YAML11_OUT),
        processingMs: 0,
        anchorsCount: 0,
        commentsCount: 0,
        documents: 1,
      },
      warnings: [],
    },
  },
};

export const rawConvertExamples = {
  yamlIn: YAML_IN,
  jsonOut: JSON.parse(JSON_OUT) as unknown,
  yamlOut: 'name: yamljson\nport: 8080\n',
};

export const validateRequestExamples: Record<string, Example<z.input<typeof ValidateRequestSchema>>> = {
  yaml: { summary: 'A YAML document', value: { input: 'a: 1\na: 2\n', type: 'yaml' } },
  jsonc: { summary: 'JSON with a comment', value: { input: '{\n  // port\n  "port": 8080,\n}', type: 'jsonc' } },
  yaml11: {
    summary: 'YAML 1.1: `on` and `yes` are the same key (true)',
    value: { input: 'on: push\nyes: 1\n', type: 'yaml', yamlVersion: '1.1' },
  },
  schema: {
    summary: 'YAML against a JSON Schema',
    value: {
      input: 'name: web\nreplicas: two\nimage: nginx\n',
      type: 'yaml',
      schema: {
        type: 'object',
        required: ['name', 'image', 'port'],
        additionalProperties: false,
        properties: { name: { type: 'string' }, replicas: { type: 'integer', minimum: 1 }, port: { type: 'integer' } },
      },
    },
  },
};

export const validateResponseExamples: Record<string, Example<ValidateResponse>> = {
  valid: { summary: 'Valid', value: { success: true, valid: true, errors: [] } },
  invalid: {
    summary: 'Invalid: a duplicate key',
    value: {
      success: true,
      valid: false,
      errors: [
        {
          message: 'Duplicate key "a": first on line 1, again on line 2.',
          line: 2,
          column: 1,
          code: 'DUPLICATE_KEY',
        },
      ],
    },
  },
};

/** What validateRequestExamples.schema answers (test/api/openapi.test.ts sends it). */
export const validateSchemaResponseExample: Example<ValidateResponse> = {
  summary: 'Invalid against the schema: places, pointers, keywords',
  value: {
    success: true,
    valid: false,
    errors: [
      {
        message: 'The document must have the property "port".',
        line: 1,
        column: 1,
        code: 'SCHEMA_REQUIRED',
        path: '/port',
        keyword: 'required',
        schemaPath: '#/required',
      },
      {
        message: '/replicas must be integer.',
        line: 2,
        column: 11,
        code: 'SCHEMA_TYPE',
        path: '/replicas',
        keyword: 'type',
        schemaPath: '#/properties/replicas/type',
      },
      {
        message: 'The document has the property "image", which the schema does not allow.',
        line: 3,
        column: 1,
        code: 'SCHEMA_ADDITIONAL_PROPERTY',
        path: '/image',
        keyword: 'additionalProperties',
        schemaPath: '#/additionalProperties',
      },
    ],
  },
};
validateResponseExamples.schemaViolations = validateSchemaResponseExample;

export const healthExample: HealthResponse = { status: 'healthy', version: '1.2.3', uptime: 42 };

const REQUEST_ID = 'req_4x7Qk2ZpL9bWm3NcV8Ts';

function errorExample(code: ApiErrorCode, message: string, extra: Partial<ErrorBody['error']> = {}): Example<ErrorBody> {
  return { summary: code, value: { success: false, error: { code, message, requestId: REQUEST_ID, ...extra } } };
}

/** One example per error code of the contract. */
export const errorExamples: Record<ApiErrorCode, Example<ErrorBody>> = {
  bad_request: errorExample('bad_request', 'Unknown inputType "xml"; accepted: yaml (or yml), json.'),
  unauthorized: errorExample('unauthorized', 'This API key is not valid: it is unknown, expired or was revoked.'),
  forbidden: errorExample('forbidden', 'This request comes from another site; dashboard changes are accepted only from the dashboard itself.'),
  not_found: errorExample('not_found', 'No such key.'),
  key_limit_reached: errorExample(
    'key_limit_reached',
    'This account has 100 active keys, the most it may have. Revoke a key you no longer use, then create a new one.',
  ),
  key_active: errorExample('key_active', 'This key is still active: revoke it first, then delete it.'),
  payload_too_large: errorExample('payload_too_large', 'Input is 1.4 MB; the Free plan accepts up to 1 MB.'),
  unsupported_media_type: errorExample(
    'unsupported_media_type',
    'Content-Type "text/html" is not accepted; send a JSON body with Content-Type: application/json.',
  ),
  invalid_input: errorExample(
    'invalid_input',
    'The input could not be parsed at line 2, column 1: Duplicate key "a": first on line 1, again on line 2.',
    {
      details: [{ message: 'Duplicate key "a": first on line 1, again on line 2.', line: 2, column: 1, code: 'DUPLICATE_KEY' }],
    },
  ),
  limit_exceeded: errorExample('limit_exceeded', `The input nests more than ${MAX_DEPTH} levels deep; the limit is ${MAX_DEPTH}.`),
  rate_limited: errorExample(
    'rate_limited',
    "The Free plan allows 100 requests per hour and this hour's are used; the quota resets at 2026-11-22T15:00:00.000Z.",
  ),
  internal_error: errorExample(
    'internal_error',
    `Something went wrong on our side. If it keeps happening, contact support with the request id ${REQUEST_ID}.`,
  ),
  method_not_allowed: errorExample('method_not_allowed', 'GET is not served here; use POST.'),
  unavailable: errorExample('unavailable', 'Redis (the quota store) is not answering right now; try again in a few seconds.', {
    dependencies: ['redis'],
  }),
};
