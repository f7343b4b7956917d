import { ApiError } from '../errors/api-error';
import { MAX_DEPTH } from './limits';
import type { ValidationIssue } from './types';

/** The codes the converter fails with (a subset of the contract's ErrorCode; ApiError's type parameter holds it to that). */
export type ConversionErrorCode = 'bad_request' | 'invalid_input' | 'limit_exceeded';

/**
 * The library's one error: an ApiError with one of three codes (bad_request 400, invalid_input 422,
 * limit_exceeded 422), so the API answers it as it is.
 */
export class ConversionError extends ApiError<ConversionErrorCode> {
  /** `details`: for `invalid_input`, the positioned errors, exactly as `validate` reports them. */
  constructor(code: ConversionErrorCode, message: string, details?: ValidationIssue[]) {
    super(code, message, details ? { details } : {});
    this.name = 'ConversionError';
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
