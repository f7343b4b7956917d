// Runs one playground job with lib/converter and answers with the body the API would send.
import { convert, isConversionError, validate } from '@/lib/converter';
import type { ConverterAnswer, ConverterFailure, ConverterJob } from './converter-protocol';

export function runConverterJob(job: ConverterJob): ConverterAnswer {
  try {
    return job.kind === 'convert' ? convert(job.request) : validate(job.request);
  } catch (err) {
    // Same bundle as the converter: instanceof holds.
    if (isConversionError(err)) {
      const error: ConverterFailure['error'] = { code: err.code, message: err.message };
      if (err.code === 'invalid_input' && err.details) error.details = err.details;
      return { success: false, error };
    }
    return {
      success: false,
      error: { code: 'internal_error', message: `The converter failed unexpectedly: ${String(err)}` },
    };
  }
}
