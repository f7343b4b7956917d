// @yamljson/sdk: a typed client of the yamljson API. The types (schema.d.ts) are generated from the
// server's OpenAPI document (`npm run sdk:generate` in the repository); calls go through
// openapi-fetch, and a failed call throws a YamljsonError carrying the API's error body.
import createClient from 'openapi-fetch';
import { errorFromResponse } from './errors.js';
import { type RetryDeps, type RetryOptions, retryingFetch } from './retry.js';
import type { components, paths } from './schema.js';

export { parseRetryAfter, YamljsonError, type ValidationIssue, type YamljsonErrorCode } from './errors.js';
export { abortableSleep, RETRIED_STATUSES, type RetryDeps, type RetryOptions } from './retry.js';
export type { components, paths } from './schema.js';

type Schemas = components['schemas'];
export type ConvertRequest = Schemas['ConvertRequest'];
export type ConvertResponse = Schemas['ConvertResponse'];
export type ConversionMetadata = Schemas['ConversionMetadata'];
export type ValidateRequest = Schemas['ValidateRequest'];
export type ValidateResponse = Schemas['ValidateResponse'];
export type FormatRequest = Schemas['FormatRequest'];
export type HealthResponse = Schemas['HealthResponse'];
export type LiveResponse = Schemas['LiveResponse'];
export type ReadyResponse = Schemas['ReadyResponse'];
export type ErrorResponse = Schemas['ErrorResponse'];
export type SchemaListResponse = Schemas['SchemaListResponse'];
export type CatalogEntry = Schemas['CatalogEntry'];
export type SchemaUsed = Schemas['SchemaUsed'];

type RawQuery = NonNullable<paths['/api/convert']['post']['parameters']['query']>;
/** Raw mode's options: `from` and `to`, and the same options as the JSON body's, as values. */
export type RawConvertOptions = {
  from: 'yaml' | 'json';
  to: 'yaml' | 'json';
} & Omit<RawQuery, 'from' | 'to'>;

export interface RawConvertResult {
  /** The converted text, exactly as the server sent it. */
  output: string;
  /** `application/json` or `application/yaml`, with its charset. */
  contentType: string;
  metadata: ConversionMetadata;
  warnings: string[];
}

export interface YamljsonOptions extends RetryDeps {
  /** The API's origin, e.g. `https://yamljson.example` (the document's `servers` names it). */
  baseUrl: string;
  /** An API key (`yj_...`); health, convert, validate and format need one. */
  apiKey?: string;
  /** 429 and 503 retries (honouring Retry-After); `false`: none. */
  retry?: RetryOptions | false;
  /** The fetch to use (the global one by default). */
  fetch?: (request: Request) => Promise<Response>;
  /** Sent with every request. */
  headers?: Record<string, string>;
}

export interface CallOptions {
  /** Cancels the call, a wait before a retry included. */
  signal?: AbortSignal;
}

export class Yamljson {
  readonly #client;
  readonly #fetch: (request: Request) => Promise<Response>;
  readonly #baseUrl: string;
  readonly #headers: Record<string, string>;

  constructor(options: YamljsonOptions) {
    this.#baseUrl = options.baseUrl.replace(/\/+$/, '');
    const base = options.fetch ?? ((request: Request) => fetch(request));
    this.#fetch = retryingFetch(base, options.retry ?? {}, options);
    this.#headers = { ...options.headers, ...(options.apiKey ? { Authorization: `Bearer ${options.apiKey}` } : {}) };
    this.#client = createClient<paths>({ baseUrl: this.#baseUrl, fetch: this.#fetch, headers: this.#headers });
  }

  /** POST /api/convert (JSON mode): YAML <-> JSON, or formatting when both types are the same. */
  async convert(body: ConvertRequest, options: CallOptions = {}): Promise<ConvertResponse> {
    const { data, error, response } = await this.#client.POST('/api/convert', { body, signal: options.signal });
    return settled(data as ConvertResponse | undefined, error, response);
  }

  /**
   * POST /api/convert?from=..&to=.. (raw mode): the document as the body, the converted text back,
   * the metadata from the `X-Conversion-*` headers.
   */
  async convertRaw(input: string, options: RawConvertOptions & CallOptions): Promise<RawConvertResult> {
    const { signal, ...query } = options;
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(query)) if (value !== undefined && value !== null) search.set(name, String(value));
    const request = new Request(`${this.#baseUrl}/api/convert?${search}`, {
      method: 'POST',
      headers: { ...this.#headers, 'Content-Type': options.from === 'json' ? 'application/json' : 'application/yaml' },
      body: input,
      signal,
    });
    const response = await this.#fetch(request);
    const text = await response.text();
    if (!response.ok) throw errorFromResponse(response, parseJson(text));
    const header = (name: string) => Number(response.headers.get(`x-conversion-${name}`) ?? Number.NaN);
    const warnings = response.headers.get('x-conversion-warnings');
    return {
      output: text,
      contentType: response.headers.get('content-type') ?? '',
      metadata: {
        inputSize: header('input-size'),
        outputSize: header('output-size'),
        processingMs: header('processing-ms'),
        anchorsCount: header('anchors-count'),
        commentsCount: header('comments-count'),
        documents: header('documents'),
      },
      warnings: warnings ? (JSON.parse(warnings) as string[]) : [],
    };
  }

  /** POST /api/validate: invalid input is a normal answer (`valid: false` and every error found). */
  async validate(body: ValidateRequest, options: CallOptions = {}): Promise<ValidateResponse> {
    const { data, error, response } = await this.#client.POST('/api/validate', { body, signal: options.signal });
    return settled(data, error, response);
  }

  /** POST /api/format: re-indents and normalises a document without changing its data. */
  async format(body: FormatRequest, options: CallOptions = {}): Promise<ConvertResponse> {
    const { data, error, response } = await this.#client.POST('/api/format', { body, signal: options.signal });
    return settled(data, error, response);
  }

  /** GET /api/health: version and uptime (needs a key; counts against the quota). */
  async health(options: CallOptions = {}): Promise<HealthResponse> {
    const { data, error, response } = await this.#client.GET('/api/health', { signal: options.signal });
    return settled(data, error, response);
  }

  /** GET /api/health/live: liveness, no key. */
  async live(options: CallOptions = {}): Promise<LiveResponse> {
    const { data, error, response } = await this.#client.GET('/api/health/live', { signal: options.signal });
    return settled(data, error, response);
  }

  /** GET /api/health/ready: readiness, no key (the database and Redis checked); 503 `unavailable` throws, after the retries. */
  async ready(options: CallOptions = {}): Promise<ReadyResponse> {
    const { data, error, response } = await this.#client.GET('/api/health/ready', { signal: options.signal });
    return settled(data, error, response);
  }

  /** GET /api/schemas: the built-in schema catalog (no key needed); `validate` takes an entry's id or name as `schema`. */
  async schemas(options: CallOptions = {}): Promise<SchemaListResponse> {
    const { data, error, response } = await this.#client.GET('/api/schemas', { signal: options.signal });
    return settled(data, error, response);
  }

  /** GET /api/schemas/{id}: one catalog schema, the JSON Schema itself (404 `not_found` for an unknown id). */
  async schema(id: string, options: CallOptions = {}): Promise<Record<string, unknown>> {
    const { data, error, response } = await this.#client.GET('/api/schemas/{id}', { params: { path: { id } }, signal: options.signal });
    return settled(data as Record<string, unknown> | undefined, error, response);
  }

  /** GET /api/openapi.json: the OpenAPI document these types were generated from. */
  async openapi(options: CallOptions = {}): Promise<Record<string, unknown>> {
    const { data, error, response } = await this.#client.GET('/api/openapi.json', { signal: options.signal });
    return settled(data as Record<string, unknown> | undefined, error, response);
  }

  /** GET /api/openapi.yaml: the same document in YAML, as text. */
  async openapiYaml(options: CallOptions = {}): Promise<string> {
    const { data, error, response } = await this.#client.GET('/api/openapi.yaml', { signal: options.signal, parseAs: 'text' });
    if (!response.ok) throw errorFromResponse(response, typeof error === 'string' ? parseJson(error) : error);
    return data as string;
  }
}

/** The data of a successful call, or the YamljsonError its error body stands for. */
function settled<T>(data: T | undefined, error: unknown, response: Response): T {
  if (!response.ok || data === undefined) throw errorFromResponse(response, error);
  return data;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
