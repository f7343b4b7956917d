// The converter's one error, in the converter's own terms: a code saying which kind of refusal, a message
// for people and, for input that does not parse, every positioned error (eemeli/yaml's YAMLParseError is
// the pattern). Nothing of HTTP: the API layer maps the code to a status and the error body
// (lib/api/errors.ts); the playground and the CLI read the same fields.
import { MAX_DEPTH } from './limits';
import type { ValidationIssue } from './types';

/** bad_request: the request is wrong; invalid_input: the input does not parse; limit_exceeded: a safety bound. */
export type ConversionErrorCode = 'bad_request' | 'invalid_input' | 'limit_exceeded';

/** A ConversionError as plain data (`toJSON()`), to cross a worker thread. */
export interface ConversionErrorJson {
  name: 'ConversionError';
  code: ConversionErrorCode;
  message: string;
  details?: ValidationIssue[];
}

/** Marks every ConversionError, whichever copy of this module made it (see isConversionError). */
const CONVERSION_ERROR_BRAND = Symbol.for('yamljson.ConversionError');

export class ConversionError extends Error {
  readonly code: ConversionErrorCode;
  /** For `invalid_input`: the positioned errors, exactly as `validate` reports them. */
  readonly details?: ValidationIssue[];

  constructor(code: ConversionErrorCode, message: string, details?: ValidationIssue[]) {
    super(message);
    this.name = 'ConversionError';
    this.code = code;
    if (details) this.details = details;
  }

  get [CONVERSION_ERROR_BRAND](): true {
    return true;
  }

  toJSON(): ConversionErrorJson {
    const json: ConversionErrorJson = { name: 'ConversionError', code: this.code, message: this.message };
    if (this.details) json.details = this.details;
    return json;
  }
}

/**
 * A ConversionError made by any copy of this module (a bundler may load it twice, and the server
 * runs two copies: a conversion on its request thread throws its copy's class to callers of either).
 */
export function isConversionError(err: unknown): err is ConversionError {
  return err instanceof ConversionError || (typeof err === 'object' && err !== null && CONVERSION_ERROR_BRAND in err);
}

/** The one message for documents nested deeper than MAX_DEPTH. */
export function tooDeep(depth?: number): ConversionError {
  const seen = depth && depth > MAX_DEPTH ? `${depth} levels` : `more than ${MAX_DEPTH} levels`;
  return new ConversionError('limit_exceeded', `The input nests ${seen} deep; the limit is ${MAX_DEPTH}.`);
}
