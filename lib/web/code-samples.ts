// One example request per operation, written four ways for /docs' tabs: curl, JavaScript (fetch),
// Python (requests) and the TypeScript SDK (packages/sdk). All are made from the same SampleRequest,
// so they cannot say different things; lib/web/code-samples.test.ts runs the fetch, Python and SDK
// forms and parses the curl one to check that each sends that request.
import { API_KEY_PLACEHOLDER, shellQuote } from './curl-command';
import type { OperationView } from './openapi-view';

export interface SampleRequest {
  method: string;
  /** Path and query. */
  path: string;
  /** Sends `Authorization: Bearer YOUR_API_KEY`. */
  keyed: boolean;
  /** A JSON body's value (sent compact with `Content-Type: application/json`). */
  json?: unknown;
  /** The OpenAPI operationId: which SDK method sends it. */
  operationId?: string;
  /** The path parameters' values, in order (the SDK method's arguments: `schema('github-workflow')`). */
  pathValues?: string[];
}

export type SampleLanguage = 'curl' | 'javascript' | 'python' | 'sdk';
export const SAMPLE_LANGUAGES: ReadonlyArray<{ id: SampleLanguage; label: string }> = [
  { id: 'curl', label: 'curl' },
  { id: 'javascript', label: 'JavaScript (fetch)' },
  { id: 'python', label: 'Python (requests)' },
  { id: 'sdk', label: 'TypeScript SDK' },
];

/** The package the SDK tab imports (packages/sdk). */
export const SDK_PACKAGE = '@yamljson/sdk';

/** The SDK method of each operation; an operation without one has no SDK tab. */
export const SDK_METHODS: Readonly<Record<string, string>> = {
  convert: 'convert',
  validate: 'validate',
  format: 'format',
  health: 'health',
  live: 'live',
  ready: 'ready',
  openapi: 'openapi',
  openapiYaml: 'openapiYaml',
  listCatalogSchemas: 'schemas',
  getCatalogSchema: 'schema',
};

/** The languages an operation's example is shown in. */
export function sampleLanguages(request: SampleRequest): ReadonlyArray<{ id: SampleLanguage; label: string }> {
  return SAMPLE_LANGUAGES.filter((l) => l.id !== 'sdk' || sdkMethod(request) !== undefined);
}

function sdkMethod(request: SampleRequest): string | undefined {
  return request.operationId === undefined ? undefined : SDK_METHODS[request.operationId];
}

/** The operation's first JSON request example (or no body), as the samples send it. */
export function sampleRequest(op: OperationView): SampleRequest {
  const example = op.requestBody.find((m) => m.mediaType === 'application/json')?.examples[0];
  const request: SampleRequest = { method: op.method, path: op.path, keyed: op.keyed, operationId: op.id };
  const inPath = op.parameters.filter((parameter) => parameter.in === 'path');
  if (inPath.length > 0) {
    request.pathValues = inPath.map((parameter) => parameter.example ?? parameter.name);
    for (const [index, parameter] of inPath.entries()) {
      request.path = request.path.replace(`{${parameter.name}}`, encodeURIComponent(request.pathValues[index]!));
    }
  }
  if (example) request.json = JSON.parse(example.text);
  return request;
}

export function sampleHeaders(request: SampleRequest): Array<[string, string]> {
  const headers: Array<[string, string]> = [];
  if (request.keyed) headers.push(['Authorization', `Bearer ${API_KEY_PLACEHOLDER}`]);
  if (request.json !== undefined) headers.push(['Content-Type', 'application/json']);
  return headers;
}

export function sampleCode(language: SampleLanguage, origin: string, request: SampleRequest): string {
  if (language === 'curl') return curlSample(origin, request);
  if (language === 'javascript') return fetchSample(origin, request);
  if (language === 'sdk') return sdkSample(origin, request);
  return pythonSample(origin, request);
}

/** The request through the SDK: a client for `origin` (with the key when the operation needs one) and its method. */
export function sdkSample(origin: string, request: SampleRequest): string {
  const method = sdkMethod(request);
  if (!method) throw new Error(`No SDK method for ${request.method} ${request.path}`);
  const options = [`baseUrl: ${jsString(origin)}`];
  if (request.keyed) options.push(`apiKey: ${jsString(API_KEY_PLACEHOLDER)}`);
  const argument =
    request.json !== undefined ? JSON.stringify(request.json, null, 2) : (request.pathValues ?? []).map((value) => jsString(value)).join(', ');
  return [
    `import { Yamljson, YamljsonError } from ${jsString(SDK_PACKAGE)};`,
    '',
    `const yamljson = new Yamljson({ ${options.join(', ')} });`,
    'try {',
    `  const result = await yamljson.${method}(${indent(argument, '  ')});`,
    '  console.log(result);',
    '} catch (error) {',
    "  // 429 and 503 were retried as Retry-After says; anything else is the API's error body.",
    '  if (error instanceof YamljsonError) console.error(error.status, error.code, error.message, error.requestId);',
    '  else throw error;',
    '}',
  ].join('\n');
}

export function curlSample(origin: string, request: SampleRequest): string {
  const parts = [`curl -s${request.method === 'GET' ? '' : ` -X ${request.method}`} ${shellQuote(origin + request.path)}`];
  for (const [name, value] of sampleHeaders(request)) parts.push(`  -H ${shellQuote(`${name}: ${value}`)}`);
  if (request.json !== undefined) parts.push(`  --data-binary ${shellQuote(JSON.stringify(request.json))}`);
  return parts.join(' \\\n');
}

export function fetchSample(origin: string, request: SampleRequest): string {
  const init: string[] = [`  method: ${jsString(request.method)},`];
  const headers = sampleHeaders(request);
  if (headers.length) {
    init.push('  headers: {');
    for (const [name, value] of headers) init.push(`    ${jsString(name)}: ${jsString(value)},`);
    init.push('  },');
  }
  if (request.json !== undefined) init.push(`  body: JSON.stringify(${indent(JSON.stringify(request.json, null, 2), '  ')}),`);
  return [
    `const response = await fetch(${jsString(origin + request.path)}, {`,
    ...init,
    '});',
    'console.log(response.status, await response.text());',
  ].join('\n');
}

export function pythonSample(origin: string, request: SampleRequest): string {
  const args = [`    ${pyString(origin + request.path)},`];
  const headers = sampleHeaders(request).filter(([name]) => name !== 'Content-Type'); // json= sets it
  if (headers.length) args.push(`    headers={${headers.map(([n, v]) => `${pyString(n)}: ${pyString(v)}`).join(', ')}},`);
  if (request.json !== undefined) args.push(`    json=${indent(pyLiteral(request.json, 1), '    ')},`);
  return [
    'import requests',
    '',
    `response = requests.${request.method.toLowerCase()}(`,
    ...args,
    ')',
    'print(response.status_code, response.text)',
  ].join('\n');
}

const jsString = (text: string): string => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n')}'`;

/** A Python string literal: JSON's escapes are Python's too. */
const pyString = (text: string): string => JSON.stringify(text);

function pyLiteral(value: unknown, depth: number): string {
  if (value === null) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'string') return pyString(value);
  if (typeof value === 'number') return JSON.stringify(value);
  const pad = '    '.repeat(depth);
  const end = '    '.repeat(depth - 1);
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return `[\n${value.map((v) => `${pad}${pyLiteral(v, depth + 1)},`).join('\n')}\n${end}]`;
  }
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 0) return '{}';
  return `{\n${entries.map(([k, v]) => `${pad}${pyString(k)}: ${pyLiteral(v, depth + 1)},`).join('\n')}\n${end}}`;
}

/** Indents every line but the first. */
function indent(text: string, by: string): string {
  return text.replace(/\n/g, `\n${by}`);
}
