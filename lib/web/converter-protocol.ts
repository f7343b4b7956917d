// The messages between the playground and its converter web worker (public/workers/convert.worker.js).
import type { ConvertRequest, ConvertResult, ValidateRequest, ValidateResult, ValidationIssue } from '@/lib/converter';

export type ConverterJob =
  | { kind: 'convert'; request: ConvertRequest }
  | { kind: 'validate'; request: ValidateRequest };

/** The API's error body, without the request id (nothing went over the network). */
export interface ConverterFailure {
  success: false;
  error: { code: string; message: string; details?: ValidationIssue[] };
}

/** What the API would have answered: its 200 body, or its error body. */
export type ConverterAnswer = ConvertResult | ValidateResult | ConverterFailure;

export interface ConverterJobMessage {
  id: number;
  job: ConverterJob;
}

export interface ConverterAnswerMessage {
  id: number;
  answer: ConverterAnswer;
}
