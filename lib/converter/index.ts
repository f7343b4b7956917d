/**
 * yamljson's converter: the functions behind POST /api/convert and POST /api/validate.
 * Universal: runs in Node, in a worker and in the browser (the playground).
 */
import { NO_DEADLINE, withDeadline, type Deadline } from './deadline';
import { ConversionError, tooDeep } from './errors';
import { convertJsonFast } from './fast-json/convert-json-fast';
import { COMPACT_WITH_COMMENTS } from './format-options';
import { parseFormatOrThrow, parseValidateTypeOrThrow } from './formats';
import { readJson } from './json/read-json';
import { MAX_DEPTH } from './limits';
import { writeJson } from './json/write-json';
import { ignoredOptionWarnings, parseOptionsOrThrow, usesFastPaths, type Options } from './options';
import { sortDocumentKeys } from './sort-keys';
import type { ConvertRequest, ConvertResult, Format, ValidateRequest, ValidateResult, ValidationIssue, YamlVersion, YDocument } from './types';
import { findLoneSurrogate, utf8ByteLength } from './utf8';
import { fastReadYaml, fastYamlToJson } from './yaml/fast';
import { readYaml } from './yaml/read-yaml';
import { writeYaml } from './yaml/write-yaml';

export * from './types';
export { ISSUE_CODES, ISSUE_CODE_LIST } from './issue-codes';
export { ConversionError, isConversionError, tooDeep } from './errors';
export { DeadlineExceeded, deadlineIn, isDeadlineExceeded, NO_DEADLINE, type Deadline, type DeadlineExceededJson } from './deadline';
export type { ConversionErrorCode, ConversionErrorJson } from './errors';
export { normalizeFormat, normalizeValidateType, FORMATS, VALIDATE_TYPES } from './formats';
export { utf8ByteLength, decodeUtf8OrThrow, findLoneSurrogate } from './utf8';
export { DEFAULT_YAML_VERSION, YAML_VERSIONS } from './yaml-version';
export {
  DEFAULT_OPTIONS,
  OPTION_NAMES,
  OPTION_TABLE,
  optionProblem,
  optionsWithDefaults,
  parseOptionsOrThrow,
  type OptionName,
  type FormatOptions,
  type Options,
  type RequestOptions,
} from './options';

const now: () => number = typeof performance !== 'undefined' && typeof performance.now === 'function' ? () => performance.now() : () => Date.now();

interface ReadResult {
  documents: YDocument[];
  warnings: string[];
  anchorsCount: number;
  commentsCount: number;
  /** With preserveComments: the comments of a YAML stream that holds no document. */
  streamComments?: string[];
}

/** Internal switches; the public API never passes them. */
export interface ConvertOptions {
  /**
   * false: only the reference path for YAML input (readYaml + the writers), never the fast
   * reader. The differential tests and the benchmark compare the fast path against it.
   */
  fastYaml?: boolean;
  /**
   * false: only the reference path for JSON input (readJson + the writers), never the
   * single-pass JSON writers (lib/converter/fast-json/).
   */
  fastJson?: boolean;
  /** Stops the conversion with DeadlineExceeded once it runs past this (the server's request thread). */
  deadline?: Deadline;
}

/** Converts between YAML and JSON. Throws ConversionError for bad requests, unparseable input and safety limits. */
export function convert(request: ConvertRequest, options: ConvertOptions = {}): ConvertResult {
  return withDeadline(options.deadline ?? NO_DEADLINE, () => convertNow(checkConvertRequest(request), options));
}

/** A convert request as the converter's check leaves it: the formats named, every option at its value or its default. */
export interface CheckedConvertRequest {
  readonly input: string;
  readonly from: Format;
  readonly to: Format;
  readonly options: Options;
}

/**
 * The converter's one check of a convert request's fields (bad_request naming them). The API checks
 * the same fields with its schema, in the same words (lib/jobs/request-schemas.ts), and then calls
 * convertChecked: each field is checked once on either way in.
 */
export function checkConvertRequest(request: ConvertRequest): CheckedConvertRequest {
  if (typeof request !== 'object' || request === null) {
    throw new ConversionError('bad_request', 'The request must be an object.');
  }
  const { input } = request;
  if (typeof input !== 'string') {
    throw new ConversionError('bad_request', 'Field "input" must be a string.');
  }
  const from = parseFormatOrThrow(request.inputType, 'inputType');
  const to = parseFormatOrThrow(request.outputType, 'outputType');
  return { input, from, to, options: parseOptionsOrThrow(request, 'convert') };
}

/** convert() for a request checked already (checkConvertRequest, or the API's schema): its fields are not checked again. */
export function convertChecked(request: CheckedConvertRequest, options: ConvertOptions = {}): ConvertResult {
  return withDeadline(options.deadline ?? NO_DEADLINE, () => convertNow(request, options));
}

function convertNow(request: CheckedConvertRequest, options: ConvertOptions): ConvertResult {
  const { input, from, to, options: format } = request;
  const { preserveComments, preserveAnchors, yamlVersion } = format;
  if (format.jsonStyle === 'compact' && preserveComments && to === 'json') throw new ConversionError('bad_request', COMPACT_WITH_COMMENTS);
  // Any option the single-pass paths do not write leaves the document to the reference path.
  const defaultFormat = usesFastPaths(format);

  const surrogate = findLoneSurrogate(input);
  if (surrogate) throw invalidInput([surrogate]);

  const deadline = options.deadline ?? NO_DEADLINE;
  deadline.check();
  const started = now();
  // JSON input with no comments to keep: one pass from text to text, no IR (null: not taken).
  const fast = from === 'json' && !preserveComments && defaultFormat && options.fastJson !== false ? convertJsonFast(input, to) : null;
  if (fast !== null) {
    const { output, outputBytes: outputSize, commentsCount } = fast;
    const processingMs = Math.round(now() - started);
    const metadata = { inputSize: utf8ByteLength(input), outputSize, processingMs, anchorsCount: 0, commentsCount, documents: 1 };
    return { success: true, output, metadata, warnings: [] };
  }
  // YAML -> JSON with no comments to keep: the single-pass reader writes JSON text (null: left to the reference path).
  const fastYaml =
    from === 'yaml' && to === 'json' && !preserveComments && defaultFormat && options.fastYaml !== false ? fastYamlToJson(input, yamlVersion) : null;
  if (fastYaml !== null) {
    const { output, outputBytes, anchorsCount, commentsCount, documents } = fastYaml;
    const warnings = preserveAnchors ? [...fastYaml.warnings, PRESERVE_ANCHORS_IN_JSON] : fastYaml.warnings;
    const processingMs = Math.round(now() - started);
    const metadata = { inputSize: utf8ByteLength(input), outputSize: outputBytes, processingMs, anchorsCount, commentsCount, documents };
    return { success: true, output, metadata, warnings };
  }
  // With formatting options, YAML -> JSON without comments also takes the single-pass reader's IR.
  const read = readInput(
    input,
    from,
    to,
    { comments: preserveComments, preserveAnchors, yamlVersion, formatted: !defaultFormat },
    options.fastYaml !== false,
  );
  deadline.check();
  const warnings = [...read.warnings];
  const documents = format.sortKeys ? sortDocumentKeys(read.documents) : read.documents;
  if (!defaultFormat) warnings.push(...ignoredOptionWarnings(format, to));
  let output: string;
  if (to === 'json') {
    output = writeJson(documents, {
      comments: preserveComments,
      onWarning: (m) => warnings.push(m),
      indent: format.indent,
      compact: format.jsonStyle === 'compact',
      streamComments: read.streamComments,
    });
    if (preserveComments) {
      warnings.push('preserveComments: the output is JSONC (JSON with comments), not strict JSON.');
    }
    if (preserveAnchors && from === 'yaml') {
      warnings.push(PRESERVE_ANCHORS_IN_JSON);
    }
  } else {
    output = writeYaml(documents, { comments: preserveComments, format, streamComments: read.streamComments });
  }
  const processingMs = Math.round(now() - started);

  return {
    success: true,
    output,
    metadata: {
      inputSize: utf8ByteLength(input),
      outputSize: utf8ByteLength(output),
      processingMs,
      anchorsCount: read.anchorsCount,
      commentsCount: read.commentsCount,
      documents: read.documents.length,
    },
    warnings,
  };
}

const PRESERVE_ANCHORS_IN_JSON = 'preserveAnchors: JSON has no references, so aliases were expanded.';

/** What the readers are asked for, beside the formats. */
interface ReadFlags {
  comments: boolean;
  preserveAnchors: boolean;
  yamlVersion: YamlVersion;
  /** Formatting options are set: YAML -> JSON without comments also reads to the IR. */
  formatted: boolean;
}

function readInput(input: string, from: Format, to: Format, flags: ReadFlags, fastYaml: boolean): ReadResult {
  const { comments, preserveAnchors, yamlVersion, formatted } = flags;
  if (from === 'yaml') {
    const options = { comments, anchors: preserveAnchors && to === 'yaml', target: to, yamlVersion };
    // The single-pass reader builds the same IR when it can (null: left to readYaml). YAML -> JSON
    // without comments and formatting options had its chance above, as the text-to-text path.
    const fast = fastYaml && (comments || to === 'yaml' || formatted) ? fastReadYaml(input, options) : null;
    if (fast !== null) return fast;
    const r = readYaml(input, options);
    if (r.errors.length > 0) throw invalidInput(r.errors);
    return r;
  }
  const r = readJson(input, { strict: false, comments });
  if (r.errors.length > 0 || !r.document) throw invalidInput(r.errors);
  if (r.maxDepth > MAX_DEPTH) throw tooDeep(r.maxDepth);
  return { documents: [r.document], warnings: r.warnings, anchorsCount: 0, commentsCount: r.commentsCount };
}

function invalidInput(errors: ValidationIssue[]): ConversionError {
  const first = errors[0];
  const where = first ? ` at line ${first.line}, column ${first.column}: ${first.message}` : '';
  const more = errors.length > 1 ? ` (${errors.length} errors in all)` : '';
  return new ConversionError('invalid_input', `The input could not be parsed${where}${more}`, errors);
}

/** Checks a document. Invalid input is a normal answer (`valid: false`), not an error. */
export function validate(request: ValidateRequest, options: { deadline?: Deadline } = {}): ValidateResult {
  return withDeadline(options.deadline ?? NO_DEADLINE, () => validateNow(request, options));
}

function validateNow(request: ValidateRequest, options: { deadline?: Deadline }): ValidateResult {
  if (typeof request !== 'object' || request === null) {
    throw new ConversionError('bad_request', 'The request must be an object.');
  }
  const { input } = request;
  if (typeof input !== 'string') {
    throw new ConversionError('bad_request', 'Field "input" must be a string.');
  }
  const type = parseValidateTypeOrThrow(request.type);
  const { yamlVersion } = parseOptionsOrThrow(request, 'validate');
  const surrogate = findLoneSurrogate(input);
  if (surrogate) return { success: true, valid: false, errors: [surrogate] };
  (options.deadline ?? NO_DEADLINE).check();
  // A document the single-pass reader reads to its end is valid: it gives exactly what readYaml
  // gives or hands over at the first thing it does not fully handle, errors included. It reads
  // a valid megabyte in tens of milliseconds where readYaml (the `yaml` package) takes a second.
  if (type === 'yaml' && fastYamlToJson(input, yamlVersion) !== null) return { success: true, valid: true, errors: [] };
  const errors =
    type === 'yaml'
      ? readYaml(input, { comments: false, anchors: true, target: 'yaml', yamlVersion }).errors
      : readJson(input, { strict: type === 'json', comments: false }).errors;
  return { success: true, valid: errors.length === 0, errors };
}
