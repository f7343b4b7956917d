import { MAX_DEPTH } from './limits';
import type { ValidationIssue } from './types';

/**
 * The library's one error. `code` is the contract's error code; the API maps it to a
 * status (bad_request 400, invalid_input 422, limit_exceeded 422).
 */
export type ConversionErrorCode = 'bad_request' | 'invalid_input' | 'limit_exceeded';

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
}

export function isConversionError(err: unknown): err is ConversionError {
  return err instanceof ConversionError;
}

/** The one message for documents nested deeper than MAX_DEPTH. */
export function tooDeep(depth?: number): ConversionError {
  const seen = depth && depth > MAX_DEPTH ? `${depth} levels` : `more than ${MAX_DEPTH} levels`;
  return new ConversionError('limit_exceeded', `The input nests ${seen} deep; the limit is ${MAX_DEPTH}.`);
}
