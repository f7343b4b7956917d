// The messages between the playground and its converter web worker (public/workers/convert.worker.js).
import type { ConvertRequest, ConvertResult, ValidationIssue } from '@/lib/converter';
import type { ErrorCode } from '@/lib/errors/error-codes';
import type { SchemaValidateRequest, SchemaValidateResult } from '@/lib/schema';

export type ConverterJob = { kind: 'convert'; request: ConvertRequest } | { kind: 'validate'; request: SchemaValidateRequest };

/**
 * The API's error body, without the request id (nothing went over the network). The worker sends
 * the body, not an error to revive: the playground shows it as the API would have answered.
 */
export interface ConverterFailure {
  success: false;
  error: { code: ErrorCode; message: string; details?: ValidationIssue[] };
}

/** What the API would have answered: its 200 body, or its error body. */
export type ConverterAnswer = ConvertResult | SchemaValidateResult | ConverterFailure;

export interface ConverterJobMessage {
  id: number;
  job: ConverterJob;
}

export interface ConverterAnswerMessage {
  id: number;
  answer: ConverterAnswer;
}
