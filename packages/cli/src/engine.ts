// The three operations on one document, offline (lib/converter and lib/schema, in this process) or
// remote (a yamljson server's API). Both answer the same Outcome, so the commands do not care which.
import { convert, isConversionError, validate, type ConvertRequest, type Format, type ValidateType, type ValidationIssue } from '@/lib/converter';
import { UsageError } from './errors';
import type { ConverterFlags } from './options';
import { cliCatalog, type FileSchema } from './schema-choice';

/** A problem of the input: positioned when the converter knows where. */
export interface Problem {
  message: string;
  line?: number;
  column?: number;
  code?: string;
}

/** `schema`: validate against a catalog schema: its name. */
export type Outcome = { ok: true; output: string; warnings: string[]; schema?: string } | { ok: false; problems: Problem[] };

export interface ConvertJob {
  input: string;
  from: Format;
  to: Format;
  flags: ConverterFlags;
}

export interface FormatJob {
  input: string;
  type: ValidateType;
  flags: ConverterFlags;
}

export interface ValidateJob {
  input: string;
  type: ValidateType;
  yamlVersion?: ConverterFlags['yamlVersion'];
  /** A schema's text (JSON or YAML), a catalog entry (by name, or matched by `fileName`), or none. */
  schema: FileSchema;
  /** The file's path as given: `"auto"`'s `filename`. */
  fileName: string;
}

/** The request's `schema` and `filename` for a job: the text, the entry's id, or "auto" with the path (remote: the server matches it again). */
function schemaFields(job: ValidateJob, remote: boolean): { schema?: string; filename?: string } {
  const { schema } = job;
  if (schema.kind === 'text') return { schema: schema.text };
  if (schema.kind === 'catalog')
    return remote && schema.matchedPattern !== undefined ? { schema: 'auto', filename: job.fileName } : { schema: schema.entry.id };
  return {};
}

export interface Engine {
  convert(job: ConvertJob): Promise<Outcome>;
  format(job: FormatJob): Promise<Outcome>;
  /** `output` is unused: ok means valid. */
  validate(job: ValidateJob): Promise<Outcome>;
}

/** The API request body of a convert job (also what the offline engine passes to convert()). */
export function convertRequest(job: ConvertJob): ConvertRequest {
  return { ...job.flags, input: job.input, inputType: job.from, outputType: job.to };
}

/**
 * The API request body of a format job. The CLI keeps comments and anchors unless told otherwise
 * (a formatter must not drop them); for type "json" comments follow the API ("json" writes strict JSON).
 * Both are always sent, so the server does exactly what the offline engine does.
 */
export function formatRequest(job: FormatJob): Record<string, unknown> {
  const { preserveComments, preserveAnchors, ...rest } = job.flags;
  return {
    ...rest,
    input: job.input,
    type: job.type,
    preserveComments: preserveComments ?? job.type !== 'json',
    preserveAnchors: preserveAnchors ?? true,
  };
}

function fromThrown(err: unknown): Outcome {
  if (!isConversionError(err)) throw err;
  if (err.code === 'bad_request') throw new UsageError(err.message);
  const details = err.details ?? [];
  return { ok: false, problems: details.length > 0 ? details.map(problemOf) : [{ message: err.message }] };
}

function usedName(result: { schema?: { name: string } }): { schema?: string } {
  return result.schema === undefined ? {} : { schema: result.schema.name };
}

function problemOf(issue: ValidationIssue): Problem {
  return { message: issue.message, line: issue.line, column: issue.column, code: issue.code };
}

export function localEngine(): Engine {
  return {
    async convert(job) {
      try {
        const result = convert(convertRequest(job));
        return { ok: true, output: result.output, warnings: result.warnings };
      } catch (err) {
        return fromThrown(err);
      }
    },
    async format(job) {
      // What POST /api/format does (lib/jobs/conversion-job.ts): convert to the input's own format.
      const { type, ...request } = formatRequest(job) as { type: ValidateType } & Omit<ConvertRequest, 'inputType' | 'outputType'>;
      const format: Format = type === 'jsonc' ? 'json' : type;
      try {
        const result = convert({ ...request, inputType: format, outputType: format });
        return { ok: true, output: result.output, warnings: result.warnings };
      } catch (err) {
        return fromThrown(err);
      }
    },
    async validate(job) {
      const request = { input: job.input, type: job.type, yamlVersion: job.yamlVersion, ...schemaFields(job, false) };
      try {
        // The schema check (ajv) loads only when a schema is given: plain validation starts faster.
        const result =
          request.schema === undefined ? validate(request) : (await import('@/lib/schema')).validateDocument(request, { catalog: cliCatalog() });
        return result.valid
          ? { ok: true, output: '', warnings: [], ...usedName(result as { schema?: { name: string } }) }
          : { ok: false, problems: result.errors.map(problemOf) };
      } catch (err) {
        return fromThrown(err);
      }
    },
  };
}

interface ErrorBody {
  success: false;
  error: { code: string; message: string; details?: ValidationIssue[]; requestId?: string };
}

/** A yamljson server: POST /api/convert, /api/format and /api/validate with the key as a Bearer token. */
export function remoteEngine(baseUrl: string, apiKey: string, fetchImpl: typeof fetch = fetch): Engine {
  const root = baseUrl.replace(/\/+$/, '');
  async function post(route: string, body: unknown): Promise<{ status: number; json: unknown }> {
    let res: Response;
    try {
      res = await fetchImpl(`${root}${route}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json', 'User-Agent': 'yamljson-cli' },
        body: JSON.stringify(body),
      });
    } catch (err) {
      const cause = err instanceof Error && err.cause instanceof Error ? `: ${err.cause.message}` : '';
      throw new UsageError(`cannot reach the yamljson server at ${root}${cause} (check YAMLJSON_URL).`);
    }
    const text = await res.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new UsageError(`the server at ${root} answered ${res.status} with a body that is not JSON: is YAMLJSON_URL a yamljson server?`);
    }
    return { status: res.status, json };
  }

  /** 2xx: the body. 422 and 413 (the input's fault): problems. Anything else ends the run. */
  function outcomeOf(status: number, json: unknown): Outcome | { body: Record<string, unknown> } {
    if (status >= 200 && status < 300) return { body: json as Record<string, unknown> };
    const error = (json as Partial<ErrorBody>).error;
    const code = error?.code ?? 'unknown';
    const message = error?.message ?? `HTTP ${status}`;
    if (status === 422 || status === 413) {
      const details = error?.details ?? [];
      return { ok: false, problems: details.length > 0 ? details.map(problemOf) : [{ message, code }] };
    }
    const hint =
      status === 401
        ? ' Check YAMLJSON_API_KEY (a key from your dashboard, yj_...).'
        : status === 429
          ? ' The hourly quota is spent; try again later.'
          : '';
    const id = error?.requestId ? ` [${error.requestId}]` : '';
    throw new UsageError(`the server refused the request: ${status} ${code}: ${message}${hint}${id}`);
  }

  async function conversion(route: string, body: unknown): Promise<Outcome> {
    const { status, json } = await post(route, body);
    const answer = outcomeOf(status, json);
    if (!('body' in answer)) return answer;
    return { ok: true, output: String(answer.body.output), warnings: (answer.body.warnings as string[] | undefined) ?? [] };
  }

  return {
    convert: (job) => conversion('/api/convert', convertRequest(job)),
    format: (job) => conversion('/api/format', formatRequest(job)),
    async validate(job) {
      const body = { input: job.input, type: job.type, yamlVersion: job.yamlVersion, ...schemaFields(job, true) };
      const { status, json } = await post('/api/validate', body);
      const answer = outcomeOf(status, json);
      if (!('body' in answer)) return answer;
      const result = answer.body as { valid: boolean; errors: ValidationIssue[]; schema?: { name: string } };
      return result.valid ? { ok: true, output: '', warnings: [], ...usedName(result) } : { ok: false, problems: result.errors.map(problemOf) };
    },
  };
}
