/**
 * yamljson's converter: the functions behind POST /api/convert and POST /api/validate.
 * Universal: runs in Node, in a worker and in the browser (the playground).
 */
import { ConversionError, tooDeep } from './errors';
import { parseFormatOrThrow, parseValidateTypeOrThrow } from './formats';
import { readJson } from './json/read-json';
import { MAX_DEPTH } from './limits';
import { writeJson } from './json/write-json';
import type {
  ConvertRequest,
  ConvertResult,
  Format,
  ValidateRequest,
  ValidateResult,
  ValidationIssue,
  YDocument,
} from './types';
import { findLoneSurrogate, utf8ByteLength } from './utf8';
import { readYaml } from './yaml/read-yaml';
import { writeYaml } from './yaml/write-yaml';

export * from './types';
export { ConversionError, isConversionError, tooDeep } from './errors';
export type { ConversionErrorCode } from './errors';
export { normalizeFormat, normalizeValidateType, FORMATS, VALIDATE_TYPES } from './formats';
export { utf8ByteLength, decodeUtf8OrThrow, findLoneSurrogate } from './utf8';

const now: () => number =
  typeof performance !== 'undefined' && typeof performance.now === 'function'
    ? () => performance.now()
    : () => Date.now();

interface ReadResult {
  documents: YDocument[];
  warnings: string[];
  anchorsCount: number;
  commentsCount: number;
}

/** Converts between YAML and JSON. Throws ConversionError for bad requests, unparseable input and safety limits. */
export function convert(request: ConvertRequest): ConvertResult {
  if (typeof request !== 'object' || request === null) {
    throw new ConversionError('bad_request', 'The request must be an object.');
  }
  const { input } = request;
  if (typeof input !== 'string') {
    throw new ConversionError('bad_request', 'Field "input" must be a string.');
  }
  const from = parseFormatOrThrow(request.inputType, 'inputType');
  const to = parseFormatOrThrow(request.outputType, 'outputType');
  const preserveComments = request.preserveComments === true;
  const preserveAnchors = request.preserveAnchors === true;

  const surrogate = findLoneSurrogate(input);
  if (surrogate) throw invalidInput([surrogate]);

  const started = now();
  const read = readInput(input, from, to, preserveComments, preserveAnchors);
  const warnings = [...read.warnings];
  let output: string;
  if (to === 'json') {
    output = writeJson(read.documents, {
      comments: preserveComments,
      onWarning: (m) => warnings.push(m),
    });
    if (preserveComments) {
      warnings.push('preserveComments: the output is JSONC (JSON with comments), not strict JSON.');
    }
    if (preserveAnchors && from === 'yaml') {
      warnings.push('preserveAnchors: JSON has no references, so aliases were expanded.');
    }
  } else {
    output = writeYaml(read.documents, { comments: preserveComments });
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

function readInput(
  input: string,
  from: Format,
  to: Format,
  comments: boolean,
  preserveAnchors: boolean,
): ReadResult {
  if (from === 'yaml') {
    const r = readYaml(input, { comments, anchors: preserveAnchors && to === 'yaml', target: to });
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
export function validate(request: ValidateRequest): ValidateResult {
  if (typeof request !== 'object' || request === null) {
    throw new ConversionError('bad_request', 'The request must be an object.');
  }
  const { input } = request;
  if (typeof input !== 'string') {
    throw new ConversionError('bad_request', 'Field "input" must be a string.');
  }
  const type = parseValidateTypeOrThrow(request.type);
  const surrogate = findLoneSurrogate(input);
  if (surrogate) return { success: true, valid: false, errors: [surrogate] };
  const errors =
    type === 'yaml'
      ? readYaml(input, { comments: false, anchors: true, target: 'yaml' }).errors
      : readJson(input, { strict: type === 'json', comments: false }).errors;
  return { success: true, valid: errors.length === 0, errors };
}
