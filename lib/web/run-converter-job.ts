// Runs one playground job with lib/converter and answers with the body the API would send.
import { convert, isConversionError } from '@/lib/converter';
import { validateDocument } from '@/lib/schema';
import type { CatalogSource } from '@/lib/schema/catalog/types';
import type { ConverterAnswer, ConverterFailure, ConverterJob } from './converter-protocol';

/** `catalog`: the schema catalog a validate request may name (in the worker, lib/web/browser-catalog.ts, prepared for the job). */
export function runConverterJob(job: ConverterJob, catalog?: CatalogSource): ConverterAnswer {
  try {
    // validateDocument is the converter's validate, plus the schema check when the request has a schema.
    return job.kind === 'convert' ? convert(job.request) : validateDocument(job.request, { catalog });
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
