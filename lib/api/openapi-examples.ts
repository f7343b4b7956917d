// Examples for the OpenAPI document. The requests are written here; every answer is what the server
// really answered to them, recorded by `npm run docs:examples` (lib/api/examples/record-examples.ts)
// into examples/openapi-examples.generated.json, which a test records again and compares, so an
// example cannot drift from the server. Tests also check each example against its schema.
import type { z } from 'zod';
import type { ApiErrorCode, ErrorBody } from './errors';
import recordings from './examples/openapi-examples.generated.json';
import type { ConvertRequestSchema, ConvertResponse, FormatRequestSchema, HealthResponse, ValidateRequestSchema, ValidateResponse } from './schemas';

const YAML_IN = 'name: yamljson\ntags: [fast, exact]\n';
/** A config written for a YAML 1.1 reader; read as 1.2 (the default) the same text gives "yes", 755, "1:30" and "NO". */
const YAML11_IN = 'enabled: yes\nmode: 0755\ntimeout: 1:30\ncountry: NO\n';

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

export const formatRequestExamples: Record<string, Example<z.input<typeof FormatRequestSchema>>> = {
  yaml: { summary: 'Re-indent YAML and sort its keys', value: { input: FORMAT_YAML_IN, type: 'yaml', sortKeys: true } },
  jsonc: {
    summary: 'Pretty-print JSONC with four spaces, keeping its comments',
    value: { input: '{"port": 8080, // the default\n"hosts": ["a", "b",],}', type: 'jsonc', indent: 4 },
  },
  compact: { summary: 'Minify JSON', value: { input: '{\n  "a": [1, 2],\n  "b": null\n}\n', type: 'json', jsonStyle: 'compact' } },
};

/** A Helm chart whose `version` is not a string and whose `type` is neither `application` nor `library`. */
const BROKEN_CHART = 'apiVersion: v2\nname: web\nversion: 1.0\ntype: service\n';
/** A GitHub Actions workflow with a job that says neither `runs-on` nor `uses`. */
const WORKFLOW = 'name: ci\non: push\njobs:\n  test:\n    steps:\n      - run: npm test\n';

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
  catalog: {
    summary: 'YAML against a built-in catalog schema, by name',
    value: { input: BROKEN_CHART, type: 'yaml', schema: 'Helm Chart.yaml' },
  },
  auto: {
    summary: 'YAML against the catalog schema its file name asks for',
    value: { input: WORKFLOW, type: 'yaml', schema: 'auto', filename: '.github/workflows/ci.yml' },
  },
};

/** The catalog schema GET /api/schemas/{id}'s example shows (a small one). */
export const SCHEMA_EXAMPLE_ID = 'chart-lock';
/** The list's example shows its first entries only (the whole answer lists hundreds). */
export const SCHEMA_LIST_EXAMPLE_ENTRIES = 2;

/** The keys the example calls send (the recorder looks them up itself; none is a real key). */
export const EXAMPLE_KEYS = {
  free: 'yj_example_free_account_key_00000',
  spent: 'yj_example_spent_hour_key_0000000',
  unknown: 'yj_example_unknown_or_revoked_key',
  broken: 'yj_example_lookup_fails_key_00000',
  redisDown: 'yj_example_redis_down_key_0000000',
} as const;

/** Raw mode's example bodies: the document itself. */
export const rawConvertRequests = {
  yamlToJson: YAML_IN,
  jsonToYaml: '{"name": "yamljson", "port": 8080}',
};

interface Recording {
  status: number;
  contentType: string | null;
  body: unknown;
}

const RECORDED = (recordings as { answers: Record<string, Recording> }).answers;

function recorded<T>(name: string): T {
  return RECORDED[name]?.body as T;
}

/** One response example per request example of `operation` that the server answered with `status`. */
function answersOf<T>(operation: string, requests: Record<string, Example<unknown>>, status = 200): Record<string, Example<T>> {
  const out: Record<string, Example<T>> = {};
  for (const [name, { summary }] of Object.entries(requests)) {
    const answer = RECORDED[`${operation}.${name}`];
    if (answer?.status === status) out[name] = { summary, value: answer.body as T };
  }
  return out;
}

export const convertResponseExamples = answersOf<ConvertResponse>('convert', convertRequestExamples);
export const formatResponseExamples = answersOf<ConvertResponse>('format', formatRequestExamples);

const VALIDATE_SUMMARIES: Record<string, string> = {
  yaml: 'Invalid: a duplicate key',
  jsonc: 'Valid',
  yaml11: 'YAML 1.1: `on` and `yes` are both the key true',
  schema: 'Invalid against the schema: places, pointers, keywords',
  catalog: 'Invalid against the catalog schema named, which the answer names',
  auto: 'Checked against the schema `filename` matched, which the answer names with the pattern',
};
export const validateResponseExamples: Record<string, Example<ValidateResponse>> = Object.fromEntries(
  Object.entries(answersOf<ValidateResponse>('validate', validateRequestExamples)).map(([name, e]) => [
    name,
    { ...e, summary: VALIDATE_SUMMARIES[name] ?? e.summary },
  ]),
);

export const rawConvertExamples = {
  yamlIn: rawConvertRequests.yamlToJson,
  /** The JSON document itself (raw mode answers the converted text). */
  jsonOut: recorded<unknown>('convert.rawYamlToJson'),
  yamlOut: recorded<string>('convert.rawJsonToYaml'),
};

export const healthExample: HealthResponse = recorded<HealthResponse>('health.healthy');

/** One example per error code of the public API, each the answer to a real call (`error.<code>`). */
export const errorExamples = Object.fromEntries(
  Object.keys(RECORDED)
    .filter((name) => name.startsWith('error.'))
    .map((name) => {
      const code = name.slice('error.'.length) as ApiErrorCode;
      return [code, { summary: code, value: recorded<ErrorBody>(name) }];
    }),
) as Partial<Record<ApiErrorCode, Example<ErrorBody>>>;

/** GET /api/schemas, shortened to its first entries (the recording says how many there are). */
export function schemaListExample(): Record<string, Example<unknown>> {
  const answer = RECORDED['schemas.list'];
  return answer ? { catalog: { summary: `The catalog (its first ${SCHEMA_LIST_EXAMPLE_ENTRIES} entries of each list)`, value: answer.body } } : {};
}

export function schemaOneExample(): Record<string, Example<unknown>> {
  const answer = RECORDED['schemas.one'];
  return answer ? { [SCHEMA_EXAMPLE_ID]: { summary: `The ${SCHEMA_EXAMPLE_ID} schema`, value: answer.body } } : {};
}
